import { expect, test } from '@playwright/test';
import { startAccount } from '../embedded/account.js';
import { runSuite, type TestVerdict } from '../embedded/run-suite.js';
import { mixedAds } from '../helpers/clients/mixed-ads.js';
import { isSelected, selectionGrep, selectionName, type TagSelection } from '../embedded/requirement-grep.js';
import { patient } from '../helpers/target/patience.js';

/**
 * The listing invariants run on an account the suite did not seed. One nested
 * run, told only TARGET_* (no control key), against a sandbox whose page boundaries skip an ad
 * (listing-skip-at-boundary) and whose helpers gave the account 30 ads: the property test catches
 * the fault from the account's own crawls, and the tests that need more than 200 ads skip saying so.
 */
const ADS = 30;
/** The property test of the invariants: the one listing test that crawls (R4.4-02) and checks full pages (R8-03). */
const INVARIANTS: TagSelection = { ids: ['R4.4-02', 'R8-03'] };
/** The tests that need a page of 200 ads: the default page and the maximum fetch_size. */
const FULL_PAGE_TESTS: readonly TagSelection[] = [
  { case: 'full-page-default' },
  { case: 'full-page-maximum' },
];

function verdictOf(tests: readonly TestVerdict[], selection: TagSelection): TestVerdict | undefined {
  const found = tests.filter((verdict) => isSelected(verdict.tags, selection));
  return found.length === 1 ? found[0] : undefined;
}

test('without helpers: a small account skips the full-page tests with the reason, and the invariants catch a page boundary that skips an ad', async () => {
  test.setTimeout(patient(120_000));
  const account = await startAccount(['listing-skip-at-boundary'], { ads: mixedAds(ADS) });
  try {
    const grep = [INVARIANTS, ...FULL_PAGE_TESTS].map(selectionGrep).join('|');
    const run = await runSuite({ env: account.env, files: ['suites/listing'], grep, timeoutMs: 100_000 });
    const invariants = verdictOf(run.tests, INVARIANTS);
    expect(invariants?.status, run.output.slice(-2000)).toBe('failed');
    expect(invariants?.message).toContain('R4.4-02');
    for (const selection of FULL_PAGE_TESTS) {
      const verdict = verdictOf(run.tests, selection);
      const name = selectionName(selection);
      expect(verdict?.status, name).toBe('skipped');
      expect(verdict?.message, name).toContain(`the account has ${ADS} ads;`);
      expect(verdict?.message, name).toContain('needs at least 201');
    }
  } finally {
    await account.close();
  }
});
