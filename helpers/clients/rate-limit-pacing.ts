import { headerValue, parseJsonBody, type HttpExchange } from '../record/exchange.js';
import { reportRateLimitWait } from './rate-limit-report.js';

/**
 * A listing client paces itself (8: "a per-second request limit exists", its value not shown): a
 * RATE_LIMIT answer is waited out and the request sent again, so that a crawl never fails a server
 * for a limit the specification lets it have. Only the test of the limit itself sees the refusal.
 */

/** The longest one pause lasts: a window of a minute is waited out in slices, each tried again. */
const MAX_PAUSE_MS = 10_000;
/** The most a request waits in all before its RATE_LIMIT answer is given to the test. */
export const PACING_BUDGET_MS = 65_000;

/**
 * How long to wait before sending again, in ms, or null when the answer is not 7.3's RATE_LIMIT:
 * the `Retry-After` seconds when sent, else the window the message names ("in X seconds"), else a
 * backoff (1, 2, 4, 8 s by `attempt`: production names no window and blocks for ten minutes), at
 * least a second and at most MAX_PAUSE_MS.
 */
export function rateLimitPause(exchange: HttpExchange, attempt = 0): number | null {
  if (exchange.response.status === 200) return null;
  const body = parseJsonBody(exchange);
  if (typeof body !== 'object' || body === null || (body as { reason?: unknown }).reason !== 'RATE_LIMIT')
    return null;
  const seconds =
    secondsOf(headerValue(exchange.response.headers, 'retry-after')) ??
    secondsOf(/in (\d[\d.,]*) seconds?/.exec(String((body as { message?: unknown }).message))?.[1]);
  return Math.min(Math.max((seconds ?? 2 ** attempt) * 1000, 1000), MAX_PAUSE_MS);
}

function secondsOf(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const seconds = Number(text.replace(/[.,](?=\d{3}\b)/g, ''));
  return Number.isFinite(seconds) && seconds > 0 ? seconds : undefined;
}

/** The pause before sending again after `exchange` (the `attempt`-th refusal), or null to stop. */
export type PauseRule = (exchange: HttpExchange, attempt: number) => number | null;

/**
 * Sends until the answer is not RATE_LIMIT (by `pauseOf`) or the budget is spent; returns the last
 * answer. The time waited is a step and an annotation of the running test (rate-limit-wait.ts).
 */
export async function paced(
  send: () => Promise<HttpExchange>,
  budgetMs: number = PACING_BUDGET_MS,
  pauseOf: PauseRule = rateLimitPause,
): Promise<HttpExchange> {
  let waitedMs = 0;
  for (let attempt = 0; ; attempt += 1) {
    const exchange = await send();
    const pause = pauseOf(exchange, attempt);
    if (pause === null || waitedMs + pause > budgetMs) {
      if (waitedMs > 0) await reportRateLimitWait(exchange, waitedMs, attempt, pause === null);
      return exchange;
    }
    await new Promise((resolve) => setTimeout(resolve, pause));
    waitedMs += pause;
  }
}
