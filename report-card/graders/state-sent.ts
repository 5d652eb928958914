// C4.1-02 (advisory): the authorization request carries a state (optional in the specification,
// recommended by RFC 9700 against cross-site request forgery).
import type { JournalRecord } from '../../spec/journal.js';
import { paramOf, requestsOf } from '../records.js';
import { failed, passedIf, type Verdict } from '../verdict.js';

export function gradeStateSent(records: readonly JournalRecord[]): Verdict {
  const requests = requestsOf(records, 'authorize');
  const without = requests.find(
    (request) => paramOf(request, 'state_present') !== true && paramOf(request, 'state') === undefined,
  );
  if (without !== undefined) return failed(`authorization request #${without.seq} carried no state`, without);
  return passedIf(requests.length, 'authorization request(s), each with a state', 'no authorization request');
}
