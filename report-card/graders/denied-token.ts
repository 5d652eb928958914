// C7.3-03: after ACCESS_DENIED ("Check the client authentication token") the token is not used
// again: there is no refresh grant, the user consents anew (field notes). ACCESS_TOKEN_NOT_FOUND,
// production's reason outside the listing, means the same. The journal keeps a revoked token's
// requests with its client (credentials.revoked), so a use after the refusal is seen.
import type { JournalRecord, RequestRecord } from '../../spec/journal.js';
import { answeredAt, requestsOf, timeOf, tokenOf } from '../records.js';
import { failed, passedIf, type Verdict } from '../verdict.js';

const DENIED = new Set(['ACCESS_DENIED', 'ACCESS_TOKEN_NOT_FOUND']);

export function gradeDeniedToken(records: readonly JournalRecord[]): Verdict {
  const denied = new Map<string, RequestRecord>();
  for (const request of requestsOf(records)) {
    const token = tokenOf(request);
    if (token === undefined) continue;
    const denial = denied.get(token);
    // A request already on its way when the denial was answered is not a use after it.
    if (denial !== undefined && timeOf(request) >= answeredAt(denial))
      return failed(
        `request #${request.seq} (${request.method} ${request.path}) used token ${token} again${request.credentials.revoked === true ? ' (revoked)' : ''}, denied at #${denial.seq} (${String(denial.reason)})`,
        denial,
        request,
      );
    if (DENIED.has(request.reason ?? '')) denied.set(token, request);
  }
  return passedIf(denied.size, 'token(s) denied, none used again', 'no request was answered ACCESS_DENIED');
}
