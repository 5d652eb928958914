import type { RequestRecord } from '../spec/journal.js';
import { answeredAt, timeOf } from './records.js';

/** The process that journaled a request: the first part of its connection's name. */
export function processOf(request: RequestRecord): string | undefined {
  return request.connection?.split(':')[0];
}

/**
 * Whether `request` was read after `answer` was written, by the sandbox's order of events
 * (spec/journal.ts `order`), when one process journaled both; undefined when the journal cannot
 * say (another process, an older journal): the times then, rounded to the millisecond.
 */
export function readAfterWritten(answer: RequestRecord, request: RequestRecord): boolean | undefined {
  if (answer.order === undefined || request.order === undefined) return undefined;
  if (processOf(answer) === undefined || processOf(answer) !== processOf(request)) return undefined;
  return request.order.read > answer.order.answered;
}

/** Whether `request` was read after `earlier` was answered: exact when one process journaled both, else by time. */
export function readAfterAnswered(earlier: RequestRecord, request: RequestRecord): boolean {
  return readAfterWritten(earlier, request) ?? timeOf(request) >= answeredAt(earlier);
}
