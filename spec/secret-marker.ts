/**
 * SANDBOX_SECRET_PREFIX: a marker put in front of every secret a run generates (the embedded
 * sandbox's client secrets, passwords, codes and access tokens, its control key, the suite's
 * notification tokens), so that the self-test selftest/secret-scan.spec.ts can search everything
 * the run wrote for it. Unset in ordinary runs: secrets are then plain random tokens.
 */
export const SECRET_MARKER_VARIABLE = 'SANDBOX_SECRET_PREFIX';

export function secretMarker(env: Readonly<Record<string, string | undefined>>): string {
  return (env[SECRET_MARKER_VARIABLE] ?? '').trim();
}

/** Written after the marker in the embedded sandbox's control key, as the sandbox tags its secrets by kind. */
export const CONTROL_KEY_TAG = '_ck_';
