import type { HttpExchange } from '../record/exchange.js';

/** What a guarded burst saw: the first answer other than 200, if any, and what it cost. */
export interface BurstOutcome {
  /** The first answer that was not 200 (by arrival), or null when every answer was. */
  refusal: HttpExchange | null;
  /** Requests sent, never more than the bound. */
  sent: number;
  elapsedMs: number;
}

/** Requests in flight at once: enough to outrun a per-second limit over a network, few enough to stop soon. */
export const BURST_CONCURRENCY = 8;

/**
 * Sends `send` as fast as `concurrency` requests in flight allow, at most `max` times in all, and
 * stops sending at the first answer that is not 200 (the few requests already in flight end as
 * they will). A production service blocks an address for ten minutes past its limit
 * (field notes), so the bound and the stop are the point: nothing here retries.
 */
export async function burstUntilRefused(
  send: () => Promise<HttpExchange>,
  max: number,
  concurrency: number = BURST_CONCURRENCY,
): Promise<BurstOutcome> {
  const started = Date.now();
  const seen: { sent: number; refusal: HttpExchange | null } = { sent: 0, refusal: null };
  const lane = async (): Promise<void> => {
    while (seen.refusal === null && seen.sent < max) {
      seen.sent += 1;
      const exchange = await send();
      if (exchange.response.status !== 200) seen.refusal ??= exchange;
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, max) }, lane));
  return { ...seen, elapsedMs: Date.now() - started };
}
