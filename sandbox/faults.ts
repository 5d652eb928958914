/**
 * Fault switches: each one is the smallest deviation from the specification that breaks exactly
 * one requirement. They exist so the suite can prove that its checks fail for the right reason.
 * Faults are chosen when the sandbox process starts (option or SANDBOX_FAULTS), never through the API.
 */
export const FAULTS = {
  'code-reuse': 'an authorization code can be redeemed more than once (R2.2-03)',
  'code-no-expiry': 'authorization codes never expire (R2.2-02)',
  'code-concurrent-redeem':
    'the code is marked used only after an await, so two parallel redemptions both succeed (R2.2-03)',
  'redirect-uri-prefix-match':
    'a redirect_uri that merely starts with a registered URI is accepted (R4.1-05)',
  'token-pragma-missing': 'the token endpoint omits Pragma: no-cache (R4.2-09, R7.2-04)',
  'token-cache-control-missing': 'the token endpoint omits Cache-Control: no-store (R4.2-08, R7.2-03)',
  'token-content-type-no-charset':
    'the token endpoint sends application/json without charset=UTF-8 (R4.2-07, R7.2-02)',
} as const;

export type FaultName = keyof typeof FAULTS;

export function isFaultName(value: string): value is FaultName {
  return Object.hasOwn(FAULTS, value);
}

/** Parses a comma-separated list such as SANDBOX_FAULTS; an unknown name is an error, not ignored. */
export function parseFaults(list: string | undefined): FaultName[] {
  if (list === undefined || list.trim() === '') return [];
  return list.split(',').map((raw) => {
    const name = raw.trim();
    if (!isFaultName(name)) {
      throw new Error(
        `Unknown fault "${name}" in SANDBOX_FAULTS; known faults: ${Object.keys(FAULTS).join(', ')}`,
      );
    }
    return name;
  });
}

export class FaultSet {
  private readonly active: ReadonlySet<FaultName>;
  constructor(faults: readonly FaultName[]) {
    this.active = new Set(faults);
  }
  has(fault: FaultName): boolean {
    return this.active.has(fault);
  }
  list(): FaultName[] {
    return [...this.active];
  }
}
