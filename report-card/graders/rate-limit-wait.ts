// C7.3-01: after RATE_LIMIT, no request until the block ends: the limit is per second and every
// request of a block is refused (field notes: 429 for 10 minutes), so the next request waits at
// least a second, never a retry at full speed.
import type { JournalRecord } from '../../spec/journal.js';
import { reactionTo, restsOn } from '../causality.js';
import { BLOCK_PAUSE_MS, isRateLimited, nextRequestAfter } from '../rate-limit.js';
import { answeredAt, clientRequestsOf, timeOf } from '../records.js';
import { failed, notExercised, passed, type Verdict } from '../verdict.js';

export function gradeRateLimitWait(records: readonly JournalRecord[]): Verdict {
  // A block answered to the browser's pages is the user's to read, not the client's.
  const limited = clientRequestsOf(records).filter(isRateLimited);
  let followed = 0;
  for (const answer of limited) {
    const next = nextRequestAfter(records, answer);
    if (next !== undefined) followed += 1;
    const pause = next === undefined ? Infinity : timeOf(next) - answeredAt(answer);
    if (next !== undefined && pause < BLOCK_PAUSE_MS)
      return failed(
        `request #${next.seq} (${next.method} ${next.path}) came ${Math.round(pause)} ms after the RATE_LIMIT answer of #${answer.seq}: at least ${BLOCK_PAUSE_MS} ms, the block is not over (shown by ${restsOn(reactionTo(answer, next, records))})`,
        answer,
        next,
      );
  }
  if (limited.length === 0) return notExercised('no request was answered RATE_LIMIT');
  return passed(
    followed === 0
      ? `${limited.length} RATE_LIMIT answer(s); the client sent nothing after them`
      : `${limited.length} RATE_LIMIT answer(s); the next request came at least ${BLOCK_PAUSE_MS} ms after ${followed === limited.length ? 'each' : `${followed} of them (nothing after the others)`}`,
  );
}
