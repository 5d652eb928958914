// C4.1-01: the authorization request's redirect_uri is identical to a registered one. The journal
// does not hold the registration: the sandbox's answer says it (section 7.1: HTTP 400 when the URI
// differs from every registered one; the reason names redirect_uri).
import type { JournalRecord } from '../../spec/journal.js';
import { requestsOf } from '../records.js';
import { failed, passedIf, type Verdict } from '../verdict.js';

export function gradeRegisteredRedirect(records: readonly JournalRecord[]): Verdict {
  const requests = requestsOf(records, 'authorize');
  const refused = requests.find(
    (request) => request.status === 400 && /redirect/i.test(request.reason ?? ''),
  );
  if (refused !== undefined)
    return failed(
      `authorization request #${refused.seq} was refused (400, ${String(refused.reason)}): its redirect_uri is not identical to a registered one`,
      refused,
    );
  return passedIf(
    requests.length,
    'authorization request(s), none refused for its redirect_uri',
    'no authorization request',
  );
}
