// CFN-02 (advisory): an edge's 502 or 503 is about the path to the server, not the API (field
// notes), and a read is safe to send again: the client retries the read at least once. A retry is
// the same request for the same user after the edge's answer left (causality.ts, edge.ts): with
// the token it holds then, a new one when the user consented anew meanwhile.
import type { JournalRecord, RequestRecord } from '../../spec/journal.js';
import { arrivedAfterAnswer, partyOf } from '../causality.js';
import { isEdgeAnswer, requestKeyOf, requestLabelOf } from '../edge.js';
import { clientRequestsOf } from '../records.js';
import { failed, passedIf, type Verdict } from '../verdict.js';

/** Endpoints whose requests only read, whatever their method (a lookup is a POST). */
const READS = new Set<RequestRecord['endpoint']>([
  'listing',
  'catalog',
  'basic_user_info',
  'import_status',
  'ad_status',
]);

function isRead(request: RequestRecord): boolean {
  return request.method.toUpperCase() === 'GET' || READS.has(request.endpoint);
}

function isEdgeGatewayAnswer(request: RequestRecord): boolean {
  return (request.status === 502 || request.status === 503) && isEdgeAnswer(request);
}

/** Whose read it is: the user's (whichever token carried it), else the party's (causality.ts). */
const readerOf = (request: RequestRecord) =>
  request.login === null ? partyOf(request) : `user ${request.login}`;
const keyOf = (request: RequestRecord) => JSON.stringify([readerOf(request), requestKeyOf(request)]);

export function gradeEdgeReadRetried(records: readonly JournalRecord[]): Verdict {
  const requests = clientRequestsOf(records);
  const answered = requests.filter((request) => isRead(request) && isEdgeGatewayAnswer(request));
  for (const edge of answered) {
    const key = keyOf(edge);
    const retried = requests.some((later) => keyOf(later) === key && arrivedAfterAnswer(edge, later));
    if (!retried)
      return failed(
        `the edge answered ${edge.status} to ${requestLabelOf(edge)} at #${edge.seq}, and the client never sent that read again: the answer was about the path to the server, not the API`,
        edge,
      );
  }
  return passedIf(
    answered.length,
    'edge 502/503 answer(s) to a read, each read sent again after it',
    "no edge's 502 or 503 to a read",
  );
}
