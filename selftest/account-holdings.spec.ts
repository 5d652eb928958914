import { expect, test } from '@playwright/test';
import { pastStatedLimit } from '../helpers/clients/stated-limit.js';
import { resolveHoldings } from '../helpers/target/account-holdings.js';
import { configurationProblems, settingsOf } from '../config/environment.js';
import { conformanceUserAgent, defaultUserAgent } from '../helpers/target/user-agent.js';
import { edgeAnswerCause } from '../helpers/clients/edge-retry.js';
import type { HttpExchange } from '../helpers/record/exchange.js';

/**
 * What the account holds, the burst's proof of going past a stated limit, the edge's answers.
 * `problems` are the lines the start would report: the declarations' own and the holdings'.
 */
function holdings(env: Record<string, string>): { value: unknown; problems: string[] } {
  const problems: string[] = [];
  const value = resolveHoldings((name) => env[name], settingsOf(env), problems);
  return { value, problems: [...configurationProblems(env), ...problems] };
}

function answer(status: number, type: string, body: string): HttpExchange {
  return {
    request: { method: 'GET', url: 'http://127.0.0.1/autoupload/v1/published', headers: {} },
    response: { status, headers: { 'content-type': type }, body },
    durationMs: 1,
  };
}

test.describe('what the account holds, and the edge', () => {
  test('TARGET_USER_AD_COUNT and TARGET_RATE_LIMIT resolve, and each wrong one gets its own line', () => {
    expect(holdings({}).value).toEqual({ userAdCount: null, rateLimit: null });
    expect(
      holdings({ TARGET_USER_LOGIN: 'u', TARGET_USER_AD_COUNT: '450', TARGET_RATE_LIMIT: '5000/60' }).value,
    ).toEqual({ userAdCount: 450, rateLimit: { requests: 5000, seconds: 60 } });
    for (const wrong of ['-1', 'many', '4.5'])
      expect(holdings({ TARGET_USER_LOGIN: 'u', TARGET_USER_AD_COUNT: wrong }).problems).toEqual([
        `TARGET_USER_AD_COUNT: expected an integer from 0 to 10000000, got "${wrong}"`,
      ]);
    expect(holdings({ TARGET_USER_AD_COUNT: '3' }).problems).toEqual([
      expect.stringMatching(/^TARGET_USER_AD_COUNT: counts the ads of TARGET_USER_LOGIN/),
    ]);
    for (const wrong of ['5000', '0/60', '5000 a minute', '20/0'])
      expect(holdings({ TARGET_RATE_LIMIT: wrong }).problems).toEqual([
        expect.stringMatching(/^TARGET_RATE_LIMIT: expected <requests>\/<seconds>/),
      ]);
  });

  test('a burst is surely past a stated limit only beyond requests × (windows spanned + 1)', () => {
    const limit = { requests: 20, seconds: 1 };
    const burst = (sent: number, elapsedMs: number) => ({ refusal: null, sent, elapsedMs });
    expect(pastStatedLimit(burst(40, 300), limit)).toBe(false);
    expect(pastStatedLimit(burst(41, 300), limit)).toBe(true);
    expect(pastStatedLimit(burst(60, 1500), limit)).toBe(false);
    expect(pastStatedLimit(burst(61, 1500), limit)).toBe(true);
  });

  test("an edge's answer is told from the API's: gateways without JSON, firewalls' HTML pages", () => {
    const causes = [
      answer(503, 'text/html', '<html>503</html>'),
      answer(502, 'text/plain', 'upstream connect error'),
      answer(403, 'text/html', '<h1>Forbidden</h1>'),
      answer(503, 'application/json', '{"reason":"UNEXPECTED_INTERNAL_ERROR"}'),
      answer(429, 'application/json', '{"reason":"RATE_LIMIT","message":"x"}'),
      answer(500, 'text/html', '<h1>oops</h1>'),
      answer(200, 'text/html', '<html></html>'),
    ].map(edgeAnswerCause);
    expect(causes).toEqual([
      'HTTP 503 with an HTML page',
      'HTTP 502 with a body that is not JSON',
      'HTTP 403 with an HTML page',
      null,
      null,
      null,
      null,
    ]);
  });

  test('every request names the suite in a browser-like User-Agent that CONFORMANCE_USER_AGENT replaces', () => {
    expect(defaultUserAgent()).toMatch(/^Mozilla\/5\.0 \(compatible; classifieds-conformance\/\d+\.\d+\.\d+/);
    expect(conformanceUserAgent({ CONFORMANCE_USER_AGENT: ' ' })).toBe(defaultUserAgent());
    expect(conformanceUserAgent({ CONFORMANCE_USER_AGENT: 'Team/1' })).toBe('Team/1');
  });
});
