import type { BurstOutcome } from './burst.js';
import type { StatedRateLimit } from '../target/account-holdings.js';

/**
 * Whether a burst went past a stated limit (TARGET_RATE_LIMIT) for certain: more than `requests` in
 * some window of `seconds`, wherever the server's windows start (fixed or sliding), which is sure
 * once it sent more than `requests` times the windows it spanned plus one.
 */
export function pastStatedLimit(outcome: BurstOutcome, limit: StatedRateLimit): boolean {
  const windows = Math.ceil(Math.max(outcome.elapsedMs, 1) / (limit.seconds * 1000));
  return outcome.sent > limit.requests * (windows + 1);
}
