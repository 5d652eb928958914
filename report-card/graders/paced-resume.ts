// C7.3-02 (advisory): after a block ends, the client resumes slower than the rate that got it
// blocked: the most requests it starts in any second of the next ten is below the count of the
// second before the first RATE_LIMIT.
import type { JournalRecord, RequestRecord } from '../../spec/journal.js';
import { arrivedAfterAnswer } from '../causality.js';
import { isRateLimited, startedWithin } from '../rate-limit.js';
import { listingRequests } from '../listing.js';
import { timeOf } from '../records.js';
import { failed, passed, notExercised, type Verdict } from '../verdict.js';

const SECOND = 1000;
const RESUME_SPAN_MS = 10_000;

interface Block {
  first: RequestRecord;
  resumed: RequestRecord;
}

/**
 * Each block of one endpoint: its first RATE_LIMIT answer and the first answer after it that is
 * not one, to a request that arrived after the RATE_LIMIT answer left (causality.ts): a parallel
 * request answered 200 just after it, let in before the block began, is no end of the block.
 */
function blocksOf(requests: readonly RequestRecord[]): Block[] {
  const blocks: Block[] = [];
  let first: RequestRecord | undefined;
  for (const request of requests) {
    if (isRateLimited(request)) first ??= request;
    else if (first !== undefined && arrivedAfterAnswer(first, request)) {
      blocks.push({ first, resumed: request });
      first = undefined;
    }
  }
  return blocks;
}

function busiestSecond(requests: readonly RequestRecord[], from: number): RequestRecord[] {
  const window = startedWithin(requests, from, RESUME_SPAN_MS);
  return window
    .map((request) => startedWithin(window, timeOf(request), SECOND))
    .reduce<RequestRecord[]>((busiest, second) => (second.length > busiest.length ? second : busiest), []);
}

export function gradePacedResume(records: readonly JournalRecord[]): Verdict {
  const requests = listingRequests(records);
  const blocks = blocksOf(requests);
  for (const { first, resumed } of blocks) {
    const before = startedWithin(requests, timeOf(first) - SECOND, SECOND + 1).length;
    const after = busiestSecond(requests, timeOf(resumed));
    if (after.length > 1 && after.length >= before)
      return failed(
        `the block that began at #${first.seq} ended at #${resumed.seq}; the client then started ${after.length} requests within a second (#${after[0]?.seq ?? '?'} to #${after.at(-1)?.seq ?? '?'}), no slower than the ${before} of the second that got it blocked`,
        first,
        resumed,
        ...after.slice(0, 3),
      );
  }
  return blocks.length > 0
    ? passed(`${blocks.length} block(s) ended, each resumed paced`)
    : notExercised('no rate-limit block ended in the journal');
}
