// CFN-01: after an edge's answer (field notes: an HTML 403, 404 or 5xx from a CDN or firewall), the
// client retries a bounded number of times with a delay: no retry storm. The browser's pages are
// not the client's requests (records.ts clientRequestsOf).
import type { JournalRecord, RequestRecord } from '../../spec/journal.js';
import { EDGE_ATTEMPTS, EDGE_RETRY_DELAY_MS, isEdgeAnswer, requestKeyOf, requestLabelOf } from '../edge.js';
import { answeredAt, clientRequestsOf, timeOf } from '../records.js';
import { failed, passedIf, type Verdict } from '../verdict.js';

/** What is wrong with the retry `next` of the request `previous` the edge answered, or undefined. */
function retryFault(
  previous: RequestRecord,
  next: RequestRecord,
  run: readonly RequestRecord[],
): string | undefined {
  const delay = timeOf(next) - answeredAt(previous);
  if (delay < EDGE_RETRY_DELAY_MS)
    return `request #${next.seq} retried ${requestLabelOf(next)} ${Math.round(delay)} ms after the edge's answer to #${previous.seq}: at least ${EDGE_RETRY_DELAY_MS} ms`;
  if (run.length >= EDGE_ATTEMPTS)
    return `request #${next.seq} was attempt ${run.length + 1} of ${requestLabelOf(next)} after ${run.length} edge answers in a row: at most ${EDGE_ATTEMPTS} attempts`;
  return undefined;
}

export function gradeEdgeRetries(records: readonly JournalRecord[]): Verdict {
  const runs = new Map<string, RequestRecord[]>();
  let edgeAnswers = 0;
  for (const request of clientRequestsOf(records)) {
    const key = requestKeyOf(request);
    const run = runs.get(key) ?? [];
    const previous = run.at(-1);
    const fault = previous === undefined ? undefined : retryFault(previous, request, run);
    if (fault !== undefined) return failed(fault, ...(previous === undefined ? [] : [previous]), request);
    if (isEdgeAnswer(request)) {
      edgeAnswers += 1;
      runs.set(key, [...run, request]);
    } else runs.delete(key);
  }
  return passedIf(
    edgeAnswers,
    'edge answer(s), retried with a delay and a bound',
    "no edge's answer in the journal",
  );
}
