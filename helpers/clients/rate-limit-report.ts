import { test } from '@playwright/test';
import { whereOf } from '../target/broken-environment.js';
import type { HttpExchange } from '../record/exchange.js';
import { insideTest, testLocation } from '../report/report.js';

/**
 * RATE_LIMIT met on the way to a test's own check: the test waited instead of failing,
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
