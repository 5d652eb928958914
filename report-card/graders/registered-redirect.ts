// C4.1-01: the authorization request's redirect_uri is identical to a registered one. The journal
// does not hold the registration: the answer says it. Section 7.1: a redirect_uri that differs from
// every registered URI is answered 400, with no redirect to the client (the other error that gives
// no redirect, an unknown client_id, cannot be the graded client's own).
import type { JournalRecord, RequestRecord } from '../../spec/journal.js';
import { isEdgeAnswer } from '../edge.js';
import { requestsOf } from '../records.js';
import { failedAtFirst, passedIf, type Verdict } from '../verdict.js';

function refusedWithoutRedirect(request: RequestRecord): boolean {
  return request.status === 400 && request.answer?.redirected !== true && !isEdgeAnswer(request);
}

export function gradeRegisteredRedirect(records: readonly JournalRecord[]): Verdict {
  const requests = requestsOf(records, 'authorize');
  const failures = requests.filter(refusedWithoutRedirect).map((refused) => ({
    why: `authorization request #${refused.seq} (redirect_uri ${String(refused.params?.redirect_uri ?? '(none)')}) was answered 400 without a redirect: its redirect_uri is not identical to a registered one (or missing where several are registered)`,
    evidence: [refused],
  }));
  return (
    failedAtFirst(failures) ??
    passedIf(
      requests.length,
      'authorization request(s), none refused for its redirect_uri',
      'no authorization request',
    )
  );
}
