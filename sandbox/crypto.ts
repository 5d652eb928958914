import { createHash, randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';

/** 32 random bytes, base64url: codes, tokens and secrets carry 256 bits, well above the 128 required. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function randomId(prefix: string, bytes = 12): string {
  return `${prefix}${randomBytes(bytes).toString('base64url')}`;
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

/** Low scrypt cost: the sandbox must stay fast under parallel tests, not resist offline attacks. */
const SCRYPT_OPTIONS = { N: 1024, r: 8, p: 1 };

export function hashPassword(password: string): PasswordHash {
  const salt = randomBytes(16).toString('base64url');
  return { salt, hash: scryptSync(password, salt, 32, SCRYPT_OPTIONS) };
}

export function passwordMatches(password: string, stored: PasswordHash): boolean {
  return timingSafeEqual(scryptSync(password, stored.salt, 32, SCRYPT_OPTIONS), stored.hash);
}
