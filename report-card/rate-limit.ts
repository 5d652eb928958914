import type { JournalRecord, RequestRecord } from '../spec/journal.js';
import { sentAfterReading } from './causality.js';
import { clientRequestsOf, faultsOf, timeOf } from './records.js';

/** The listing's rate limit as the journal shows it. */

/** At least this long after a RATE_LIMIT answer before the next request: the limit is per second. */
export const BLOCK_PAUSE_MS = 1000;

export function isRateLimited(record: RequestRecord): boolean {
  return record.reason === 'RATE_LIMIT' || faultsOf(record).includes('rate-limit');
}

/**
 * The first request the client sent after it could have read `answer` (causality.ts: the same
 * party, past the travel allowance). Requests already on their way, another worker's among them,
 * do not count; nor do another dealer's, with its own token.
 */
export function nextRequestAfter(
  records: readonly JournalRecord[],
  answer: RequestRecord,
): RequestRecord | undefined {
  return clientRequestsOf(records)
    .filter((request) => sentAfterReading(answer, request, records))
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
