import { createHash, randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';

/** 32 random bytes, base64url: codes, tokens and secrets carry 256 bits, well above the 128 required. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Makes the secrets the sandbox hands out (client secrets, passwords, codes, access tokens). */
export type SecretMaker = (bytes?: number, kind?: SecretKind) => string;

/**
 * What a secret is, written after the marker (never without one) so that the secret scan can
 * count leaks by kind: `<marker>_cs_<random>` is a client secret.
 */
export const SECRET_KIND_TAGS = {
  'client-secret': '_cs_',
  password: '_pw_',
  code: '_cd_',
  'access-token': '_at_',
} as const;
export type SecretKind = keyof typeof SECRET_KIND_TAGS;

/** Characters a marker may use: it must keep secrets inside the base64url alphabet. */
const MARKER_PATTERN = /^[A-Za-z0-9_-]*$/;

/**
 * Random tokens behind a recognisable marker (SANDBOX_SECRET_PREFIX), so a scan of the reports can
 * find any secret that leaked; the random part keeps its full length after the marker.
 */
export function secretMaker(marker = ''): SecretMaker {
  if (!MARKER_PATTERN.test(marker))
    throw new Error(
      `SANDBOX_SECRET_PREFIX: only letters, digits, "_" and "-" are allowed, got ${JSON.stringify(marker)}`,
    );
  return (bytes = 32, kind?: SecretKind) =>
    `${marker}${marker === '' || kind === undefined ? '' : SECRET_KIND_TAGS[kind]}${randomToken(bytes)}`;
}

export function randomId(prefix: string, bytes = 12): string {
  return `${prefix}${randomBytes(bytes).toString('base64url')}`;
}

/** An id of decimal digits only, not starting with 0 (as some servers number their clients). */
export function randomDigits(length: number): string {
  const digits = [...randomBytes(length)].map((byte) => String(byte % 10));
  return `${1 + ((randomBytes(1)[0] ?? 0) % 9)}${digits.slice(1).join('')}`;
}

/** Compares two secrets in constant time whatever their lengths (digests have equal length). */
export function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

export interface PasswordHash {
  salt: string;
  hash: Buffer;
}

/**
 * Low scrypt cost: the sandbox must stay fast under parallel tests, not resist offline attacks (its
 * users live in the process's memory only; guessing online is throttled per login).
 * A gate run hashes about 350 passwords (users made, logins checked) on the event loop that
 * answers every request: N=256 takes 0.9 ms each where 1024 took 3.4 ms, a second of the run's
 * CPU. Still a memory-hard hash with a salt per user, never the password kept.
 */
const SCRYPT_OPTIONS = { N: 256, r: 8, p: 1 };

export function hashPassword(password: string): PasswordHash {
  const salt = randomBytes(16).toString('base64url');
  return { salt, hash: scryptSync(password, salt, 32, SCRYPT_OPTIONS) };
}

export function passwordMatches(password: string, stored: PasswordHash): boolean {
  return timingSafeEqual(scryptSync(password, stored.salt, 32, SCRYPT_OPTIONS), stored.hash);
}
