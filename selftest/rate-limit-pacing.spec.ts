import { expect, test } from '@playwright/test';
import type { HttpExchange } from '../helpers/record/exchange.js';
import { paced, rateLimitPause } from '../helpers/clients/rate-limit-pacing.js';

function answer(status: number, body: unknown, headers: Record<string, string> = {}): HttpExchange {
  return {
    request: { method: 'GET', url: 'http://127.0.0.1/autoupload/v1/published', headers: {} },
    response: { status, headers, body: JSON.stringify(body) },
    durationMs: 1,
  };
}

const rateLimit = (message: string): { reason: string; message: string } => ({
  reason: 'RATE_LIMIT',
  message,
});

test.describe('a listing client paces itself on RATE_LIMIT (8: a per-second limit exists)', () => {
  test('the pause is the window the message names, at least a second and at most ten', () => {
    expect(
      rateLimitPause(answer(429, rateLimit('You have exceeded the 20 requests in 1 seconds limit!'))),
    ).toBe(1000);
    expect(
      rateLimitPause(answer(429, rateLimit('You have exceeded the 3 requests in 5 seconds limit!'))),
    ).toBe(5000);
    expect(
      rateLimitPause(answer(429, rateLimit('You have exceeded the 5.000 requests in 60 seconds limit!'))),
    ).toBe(10_000);
    expect(rateLimitPause(answer(400, rateLimit('no numbers')))).toBe(1000);
  });

  test('Retry-After wins over the message', () => {
    const exchange = answer(429, rateLimit('You have exceeded the 3 requests in 60 seconds limit!'), {
      'retry-after': '2',
    });
    expect(rateLimitPause(exchange)).toBe(2000);
  });

  test('any other answer is not paused: a page, another listing error, a body that is not JSON', () => {
    expect(rateLimitPause(answer(200, { data: [] }))).toBeNull();
    expect(rateLimitPause(answer(401, { reason: 'ACCESS_DENIED', message: 'x' }))).toBeNull();
    expect(
      rateLimitPause({ ...answer(429, {}), response: { status: 429, headers: {}, body: '<html>' } }),
    ).toBeNull();
  });

  test('the request is sent again until it passes, and the last refusal is given once the budget is spent', async () => {
    const refusal = answer(429, rateLimit('You have exceeded the 1 requests in 1 seconds limit!'));
    let sent = 0;
    const passed = await paced(
      () => Promise.resolve(++sent < 2 ? refusal : answer(200, { data: [] })),
      5_000,
    );
    expect([sent, passed.response.status]).toEqual([2, 200]);
    sent = 0;
    const refused = await paced(() => {
      sent += 1;
      return Promise.resolve(refusal);
    }, 1_500);
    expect([sent, refused.response.status]).toEqual([2, 429]);
  });
});
