import { test } from '@playwright/test';
import { whereOf } from '../target/broken-environment.js';
import type { HttpExchange } from './exchange.js';
import { insideTest, testLocation } from '../report/report.js';
import { paced, rateLimitPause } from './rate-limit-pacing.js';

/**
 * RATE_LIMIT met on the way to a test's own check (issue 28): the test waited instead of failing,
 * and the report says how long, where and whether the limit let go (a step and an annotation).
 */
export async function reportRateLimitWait(
  exchange: HttpExchange,
  waitedMs: number,
  refusals: number,
  passed: boolean,
): Promise<void> {
  if (!insideTest()) return;
  const where = `${exchange.request.method} ${whereOf(exchange.request.url)}`;
  const description = `waited ${(waitedMs / 1000).toFixed(1)} s over ${refusals} RATE_LIMIT answer(s) of ${where}${passed ? '' : '; the budget was spent and the last refusal went to the test'}`;
  test.info().annotations.push({ type: 'rate-limit wait', description });
  await test.step(`rate limit: ${description}`, () => Promise.resolve(), { location: testLocation() });
}

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
