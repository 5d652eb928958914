import { expect, test } from '@playwright/test';
import { BURST_CONCURRENCY, burstUntilRefused } from '../helpers/clients/burst.js';
import type { HttpExchange } from '../helpers/record/exchange.js';

function answer(status: number): HttpExchange {
  return {
    request: { method: 'GET', url: 'http://127.0.0.1/autoupload/v1/published', headers: {} },
    response: { status, headers: {}, body: '{}' },
    durationMs: 1,
  };
}

/** A fake listing: 200 until `refuseFrom` requests came in, 429 after; counts what it was sent. */
function listing(refuseFrom: number): { send: () => Promise<HttpExchange>; received: () => number } {
  let received = 0;
  return {
    send: async () => {
      received += 1;
      const status = received >= refuseFrom ? 429 : 200;
      await new Promise((resolve) => setTimeout(resolve, 1));
      return answer(status);
    },
    received: () => received,
  };
}

test.describe('a guarded burst (the rate-limit test without helpers) is bounded and stops', () => {
  test('a target that never refuses gets exactly the bound, never more', async () => {
    const target = listing(Number.POSITIVE_INFINITY);
    const outcome = await burstUntilRefused(target.send, 50);
    expect(outcome.refusal).toBeNull();
    expect(outcome.sent).toBe(50);
    expect(target.received()).toBe(50);
  });

  test('the first refusal stops the burst: only the requests already in flight follow it', async () => {
    const target = listing(20);
    const outcome = await burstUntilRefused(target.send, 1000);
    expect(outcome.refusal?.response.status).toBe(429);
    expect(target.received()).toBeGreaterThanOrEqual(20);
    expect(target.received()).toBeLessThan(20 + BURST_CONCURRENCY);
  });

  test('one lane sends one request at a time', async () => {
    const target = listing(4);
    const outcome = await burstUntilRefused(target.send, 12, 1);
    expect(outcome.refusal?.response.status).toBe(429);
    expect(target.received()).toBe(4);
  });
});
