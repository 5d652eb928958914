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
  'listing-duplicate-at-boundary': 'each next page repeats the last item of the page before (R2.5-01)',
  'listing-skip-at-boundary': 'each next page skips the first item it should show (R4.4-02)',
  'listing-endless-next-token':
    'the last page still carries a next_token, pointing at an empty page forever (R4.4-03)',
  'listing-ignores-ads-status': 'ads_status is ignored: every status is listed (R4.4-05)',
  'listing-page-over-200': 'fetch_size is capped at 201 instead of 200 (R2.5-01, R8-03)',
  'listing-current-token-on-first-page': 'the first page carries a current_token (R2.5-02)',
  'listing-missing-header-accepted': 'a request without Authorization is answered as if authorized (R7.3-02)',
  'listing-invalid-token-wrong-reason':
    'an invalid token gets reason BAD_REQUEST instead of ACCESS_DENIED (R7.3-03)',
  'listing-scope-not-checked': 'a token without autoupload or basic_user_info is accepted (R7.3-04, R4.4-01)',
  'listing-no-rate-limit': 'the per-client rate limit is never enforced (R7.3-05, R8-05)',
  'listing-internal-error-wrong-message': 'UNEXPECTED_INTERNAL_ERROR carries another message (R7.3-06)',
  'listing-status-200-on-error': 'listing errors are sent with HTTP 200 (R7.3-01)',
  'basic-info-scope-not-checked':
    'basic_user_info answers tokens without the basic_user_info permission (R4.3-02)',
  'basic-info-other-user': "basic_user_info answers with another user's name and e-mail (R4.3-01)",
  'catalog-string-ids': 'catalog ids are sent as strings instead of integers (R2.6-02)',
  'catalog-invalid-token-ok': 'catalog lookups answer status ok to an invalid token (R4.5-02)',
  'notify-none': 'status changes are never delivered (R6-01)',
  'notify-duplicate': 'each status change is delivered twice (R6-01)',
  'notify-no-token': 'deliveries do not carry the configured token (R6-04)',
  'notify-old-status': 'deliveries carry the status before the change (R6-03)',
  'notify-old-url-after-update': 'after an update, deliveries still go to the old URL (R4.6-03)',
  'notify-after-delete': 'a deleted configuration still receives deliveries (R4.6-04)',
  'notify-other-user': "every configuration receives every user's changes (R6-01)",
  'notify-update-not-persisted': 'an update is answered but not stored (R4.6-03)',
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
