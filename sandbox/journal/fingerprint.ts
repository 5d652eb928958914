import { createHash, randomBytes } from 'node:crypto';

/**
 * Fingerprints for the journal: `fp:` + the first 16 hex characters of SHA-256 over a salt of
 * this journal's own and the value. The salt lives only in memory, so a fingerprint says "the
 * same value again" within one journal and nothing about the value itself.
 */
export class Fingerprinter {
  private salt = randomBytes(32);

  /** The salt in use: a data folder keeps it, so that fingerprints stay the same across a restart. */
  get key(): Buffer {
    return this.salt;
  }

  /** Uses a kept salt (before the first record: fingerprints made with the other one differ). */
  useKey(key: Buffer): void {
    if (key.length >= 32) this.salt = Buffer.from(key);
  }

  fp(value: string): string {
    return `fp:${createHash('sha256').update(this.salt).update(value, 'utf8').digest('hex').slice(0, 16)}`;
  }

  /** The fingerprint, or null for an absent value. */
  fpOrNull(value: string | null | undefined): string | null {
    return value === null || value === undefined ? null : this.fp(value);
  }
}
