import { expect, test } from '@playwright/test';
import { TokenReserve, type GrantRequest, type PreparedGrant } from '../fixtures/token-reserve.js';
import type { HttpExchange } from '../helpers/record/exchange.js';

/**
 * The worker's reserve of set-up tokens: it prepares a grant only once two tests asked for it,
 * hands each spare to one test only, never a stale one, and stops preparing after a failed flow.
 */
const EXCHANGE: HttpExchange = {
  request: { method: 'POST', url: 'https://auth.test/oauth/token', headers: {} },
  response: { status: 200, headers: {}, body: '{}' },
  durationMs: 1,
};

function request(scope = 'autoupload'): GrantRequest {
  return {
    client: { clientId: 'client-a', clientSecret: 'not-a-secret', redirectUris: ['http://127.0.0.1:9/cb'] },
    user: { login: 'alice', password: 'not-a-password' },
    scope,
  };
}

/** A source that counts its flows and hands out numbered tokens. */
function countingSource(fail = false): {
  source: (r: GrantRequest) => Promise<PreparedGrant>;
  flows: () => number;
} {
  let flows = 0;
  return {
    flows: () => flows,
    source: (r) => {
      flows += 1;
      if (fail) return Promise.reject(new Error('the login page needs the browser'));
      return Promise.resolve({ token: `token-${r.scope}-${flows}`, exchange: EXCHANGE });
    },
  };
}

const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 20));

test.describe('the token reserve (tokens prepared ahead of the tests that use them)', () => {
  test('nothing is prepared for a grant one test asked for', async () => {
    const { source, flows } = countingSource();
    const reserve = new TokenReserve(source);
    expect(reserve.take(request(), 'test-1')).toBeUndefined();
    expect(reserve.take(request(), 'test-1')).toBeUndefined();
    await settle();
    expect(flows()).toBe(0);
    await reserve.close();
  });

  test('once two tests asked, the next test gets a spare, and only that test', async () => {
    const { source, flows } = countingSource();
    const reserve = new TokenReserve(source);
    expect(reserve.take(request(), 'test-1')).toBeUndefined();
    expect(reserve.take(request(), 'test-2')).toBeUndefined();
    await settle();
    expect(flows()).toBe(1);
    expect(reserve.take(request(), 'test-3')?.token).toBe('token-autoupload-1');
    // Taking it asked for the next: the same spare is never handed twice.
    await settle();
    expect(reserve.take(request(), 'test-4')?.token).toBe('token-autoupload-2');
    // Another scope is another grant.
    expect(reserve.take(request('chat'), 'test-4')).toBeUndefined();
    await reserve.close();
  });

  test('a spare older than its life is not handed out', async () => {
    const { source } = countingSource();
    const reserve = new TokenReserve(source);
    reserve.take(request(), 'test-1');
    reserve.take(request(), 'test-2');
    await settle();
    const realNow = Date.now;
    try {
      Date.now = () => realNow() + 61_000;
      expect(reserve.take(request(), 'test-3')).toBeUndefined();
    } finally {
      Date.now = realNow;
    }
    await reserve.close();
  });

  test('a failed flow stops the preparing: tests obtain their own tokens', async () => {
    const { source, flows } = countingSource(true);
    const reserve = new TokenReserve(source);
    reserve.take(request(), 'test-1');
    reserve.take(request(), 'test-2');
    await settle();
    expect(reserve.take(request(), 'test-3')).toBeUndefined();
    await settle();
    expect(flows()).toBe(1);
    await reserve.close();
  });
});
