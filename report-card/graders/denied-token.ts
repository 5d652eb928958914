// C7.3-03: after ACCESS_DENIED ("Check the client authentication token") the token is not used
// again: there is no refresh grant, the user consents anew (field notes). ACCESS_TOKEN_NOT_FOUND,
// production's reason outside the listing, means the same. The journal keeps a revoked token's
// requests with its client (credentials.revoked), so a use after the refusal is seen. A use is
// held against the refusal only when the client could have read it (causality.ts): workers
// sharing the token have requests on their way when it is refused. Only a refusal of the token
// itself counts: a request whose token was not where its endpoint reads it was refused for a
// missing token (token-place.ts), C4-01's concern alone.
import type { JournalRecord, RequestRecord } from '../../spec/journal.js';
import { delayAfter, reactionTo, restsOn } from '../causality.js';
import { requestsOf, tokenOf } from '../records.js';
import { tokenReadBy } from '../token-place.js';
import { failed, passedIf, type Verdict } from '../verdict.js';

const DENIED = new Set(['ACCESS_DENIED', 'ACCESS_TOKEN_NOT_FOUND']);

export function gradeDeniedToken(records: readonly JournalRecord[]): Verdict {
  const denied = new Map<string, RequestRecord>();
  for (const request of requestsOf(records)) {
    const token = tokenOf(request);
    if (token === undefined) continue;
    const denial = denied.get(token);
    const reaction = denial === undefined ? undefined : reactionTo(denial, request, records);
    if (denial !== undefined && reaction !== undefined)
      return failed(
        `request #${request.seq} (${request.method} ${request.path}) used token ${token} again${request.credentials.revoked === true ? ' (revoked)' : ''}, ${Math.round(delayAfter(denial, request))} ms after it was denied at #${denial.seq} (${String(denial.reason)}; shown by ${restsOn(reaction)})`,
        denial,
        request,
      );
    const refusedToken = tokenReadBy(request);
    if (denial === undefined && refusedToken === token && DENIED.has(request.reason ?? ''))
      denied.set(token, request);
  }
  return passedIf(
    denied.size,
    'token(s) refused ACCESS_DENIED, none sent again after the refusal could be read',
    'no request was answered ACCESS_DENIED for its token',
  );
}
