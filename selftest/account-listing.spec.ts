import { expect, test } from '@playwright/test';
import { startAccount } from '../embedded/account.js';
import { runSuite, type TestVerdict } from '../embedded/run-suite.js';
import { mixedAds } from '../helpers/clients/mixed-ads.js';

/**
 * The listing invariants run on an account the suite did not seed. One nested
 * run, told only TARGET_* (no control key), against a sandbox whose page boundaries skip an ad
 * (listing-skip-at-boundary) and whose helpers gave the account 30 ads: the property test catches
 * the fault from the account's own crawls, and the tests that need more than 200 ads skip saying so.
 */
const ADS = 30;
const INVARIANTS = 'any crawl, at any fetch_size and filter and in any order';
const FULL_PAGE_TESTS = ['without fetch_size a page holds 200 items', 'fetch_size 200, the maximum'];

function verdictOf(tests: readonly TestVerdict[], title: string): TestVerdict | undefined {
  return tests.find((verdict) => verdict.title.includes(title));
}

test('without helpers: a small account skips the full-page tests with the reason, and the invariants catch a page boundary that skips an ad', async () => {
  test.setTimeout(120_000);
  const account = await startAccount(['listing-skip-at-boundary'], { ads: mixedAds(ADS) });
  try {
    const grep = [INVARIANTS, ...FULL_PAGE_TESTS].join('|');
    const run = await runSuite({ env: account.env, files: ['suites/listing'], grep, timeoutMs: 100_000 });
    const invariants = verdictOf(run.tests, INVARIANTS);
    expect(invariants?.status, run.output.slice(-2000)).toBe('failed');
    expect(invariants?.message).toContain('R4.4-02');
    for (const title of FULL_PAGE_TESTS) {
      const verdict = verdictOf(run.tests, title);
      expect(verdict?.status, title).toBe('skipped');
      expect(verdict?.message, title).toContain(`the account has ${ADS} ads;`);
      expect(verdict?.message, title).toContain('needs at least 201');
    }
  } finally {
    await account.close();
  }
});
