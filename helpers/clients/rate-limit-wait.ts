import type { HttpExchange } from '../record/exchange.js';
import { paced, rateLimitPause } from './rate-limit-pacing.js';

/** The most set-up waits for a rate limit to let go: production names no window (field notes). */
export const SET_UP_RATE_LIMIT_BUDGET_MS = 65_000;

/**
 * Any 429 of set-up (getting a token, seeding) is a rate limit, whatever its body: the listing's
 * RATE_LIMIT envelope belongs to the listing, and an edge that blocks an address answers 429 to all.
 */
export function setUpPause(exchange: HttpExchange, attempt: number): number | null {
  if (exchange.response.status !== 429) return null;
  return rateLimitPause(exchange, attempt) ?? Math.min(1000 * 2 ** attempt, 10_000);
}

/**
 * A set-up step (its whole request, fresh each time: a code is single-use, so a refused exchange is
 * redone from a new code) sent again while it meets a 429, within SET_UP_RATE_LIMIT_BUDGET_MS.
 */
export function setUpPaced(step: () => Promise<HttpExchange>): Promise<HttpExchange> {
  return paced(step, SET_UP_RATE_LIMIT_BUDGET_MS, setUpPause);
}
