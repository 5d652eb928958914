import type { JournalRecord, RequestRecord } from '../spec/journal.js';
import { answeredAt, clientRequestsOf, faultsOf, timeOf } from './records.js';

/** The listing's rate limit as the journal shows it. */

/** At least this long after a RATE_LIMIT answer before the next request: the limit is per second. */
export const BLOCK_PAUSE_MS = 1000;

export function isRateLimited(record: RequestRecord): boolean {
  return record.reason === 'RATE_LIMIT' || faultsOf(record).includes('rate-limit');
}

/**
 * The first request of the client that started after `answer` left (requests already on their way
 * do not count). A record is numbered when its answer leaves: one numbered before `answer` was on
 * its way when `answer` left, even if it started in the same millisecond.
 */
export function nextRequestAfter(
  records: readonly JournalRecord[],
  answer: RequestRecord,
): RequestRecord | undefined {
  const after = answeredAt(answer);
  return clientRequestsOf(records)
    .filter((request) => request.seq > answer.seq && timeOf(request) >= after)
    .sort((a, b) => timeOf(a) - timeOf(b))[0];
}

/** Requests of one endpoint that started in [from, from + span). */
export function startedWithin(
  requests: readonly RequestRecord[],
  from: number,
  span: number,
): RequestRecord[] {
  return requests.filter((request) => timeOf(request) >= from && timeOf(request) < from + span);
}
