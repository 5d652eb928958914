/**
 * Whose a revoked token was, by its fingerprint alone: a request that carries a token no longer
 * live is still attributed to its client and user, and its record says the token was revoked, so
 * a grader sees a client use a token again after it was refused. Never the token itself.
 *
 * Bounded twice, since every token a caller obtains can be revoked (a code sent twice, the 101st
 * token of a client and user, chaos): each client keeps its last `perClient` fingerprints, and the
 * whole memory its last `total`; beyond either the oldest is forgotten (its requests then go to
 * no client, as they did before the memory existed).
 */

export const REVOKED_PER_CLIENT = 200;
export const REVOKED_TOTAL = 20_000;

export interface RevokedOwner {
  readonly clientId: string;
  readonly login: string;
}

export class RevokedTokens {
  /** Fingerprint to owner, oldest first (a Map keeps insertion order). */
  private readonly owners = new Map<string, RevokedOwner>();
  /** Each client's fingerprints, oldest first. */
  private readonly byClient = new Map<string, string[]>();

  constructor(
    private readonly perClient: number = REVOKED_PER_CLIENT,
    private readonly total: number = REVOKED_TOTAL,
  ) {}

  get size(): number {
    return this.owners.size;
  }

  remember(fingerprint: string, owner: RevokedOwner): void {
    if (this.owners.has(fingerprint)) return;
    this.owners.set(fingerprint, { clientId: owner.clientId, login: owner.login });
    const kept = this.byClient.get(owner.clientId) ?? [];
    this.byClient.set(owner.clientId, kept);
    kept.push(fingerprint);
    if (kept.length > this.perClient) this.forget(kept[0] ?? '');
    if (this.owners.size > this.total) this.forget(this.owners.keys().next().value ?? '');
  }

  find(fingerprint: string): RevokedOwner | undefined {
    return this.owners.get(fingerprint);
  }

  private forget(fingerprint: string): void {
    const owner = this.owners.get(fingerprint);
    if (owner === undefined) return;
    this.owners.delete(fingerprint);
    const kept = this.byClient.get(owner.clientId) ?? [];
    const at = kept.indexOf(fingerprint);
    if (at >= 0) kept.splice(at, 1);
    if (kept.length === 0) this.byClient.delete(owner.clientId);
  }
}
