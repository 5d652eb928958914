import { expect, test } from '@playwright/test';
import { runSuite, type TestVerdict } from '../embedded/run-suite.js';
import { startAccount } from '../embedded/account.js';
import type { FaultName } from '../sandbox/faults.js';
import { isSelected, selectionGrep, selectionName, type TagSelection } from '../embedded/requirement-grep.js';
import { patient } from '../helpers/target/patience.js';

/**
 * Against a target without test helpers, what a real account has
 * (TARGET_REDIRECT_URIS, a second client and user, their basic user info) and the opt-in burst
 * (CONFORMANCE_RATE_LIMIT_BURST) run the tests that were skipped for want of helpers. They run and
 * pass against a correct server, and run and fail against one with the faults they are there for.
 */
/** Each test the configuration unlocks, by its tags, and the fault that must fail it. */
const UNLOCKED: ReadonlyArray<readonly [TagSelection, FaultName | null]> = [
  [{ case: 'redirect-uri-omitted-single' }, 'authz-redirect-uri-always-required'],
  [{ ids: ['R4.1-05', 'R2.1-01'] }, null],
  [{ ids: ['R4.1-04', 'R7.1-01'] }, 'authz-missing-redirect-uri-redirects'],
  [{ case: 'authorize-near-miss-extra-path-segment' }, 'redirect-uri-prefix-match'],
  [{ case: 'authorize-near-miss-trailing-slash' }, 'redirect-uri-prefix-match'],
  [{ case: 'authorize-near-miss-extra-query' }, 'redirect-uri-prefix-match'],
  [{ case: 'authorize-near-miss-other-scheme' }, 'redirect-uri-scheme-ignored'],
  [{ case: 'authorize-near-miss-other-port' }, null],
  [{ case: 'authorize-near-miss-other-path-case' }, null],
  [{ case: 'authorize-near-miss-parent-path' }, null],
  [{ case: 'authorize-near-miss-percent-encoded-path' }, null],
  [{ case: 'code-of-another-client-own-uri' }, 'code-other-client-accepted'],
  [{ case: 'code-of-another-client-request-uri' }, null],
  [{ case: 'other-registered-uri' }, 'token-redirect-uri-any-registered'],
  [{ ids: ['R4.3-01', 'R2.4-01'] }, 'basic-info-other-user'],
  [{ ids: ['R4.6-06', 'R5-06'] }, 'notify-any-owner'],
  [{ ids: ['R7.3-05', 'R8-05'] }, 'listing-rate-limit-message-unfilled'],
];

/** A sandbox whose helpers made the account; the run is then told only the TARGET_* variables. */
async function accountRun(faults: readonly FaultName[]): Promise<{ tests: TestVerdict[]; output: string }> {
  const account = await startAccount(faults);
  try {
    const grep = UNLOCKED.map(([selection]) => selectionGrep(selection)).join('|');
    const run = await runSuite({ env: account.env, grep, workers: 2, timeoutMs: 240_000 });
    return { tests: run.tests, output: run.output };
  } finally {
    await account.close();
  }
}

/** The selection's verdict: its one test's status, or how many tests it found when not one. */
function statusOf(tests: readonly TestVerdict[], selection: TagSelection): string {
  const found = tests.filter((verdict) => isSelected(verdict.tags, selection));
  const status = found.length === 1 ? (found[0]?.status ?? 'missing') : `${found.length} tests`;
  return `${selectionName(selection)}: ${status}`;
}

test.describe('a target without test helpers, with what a real account has', () => {
  test.describe.configure({ timeout: patient(300_000) });

  test('a correct server: every unlocked test runs and passes', async () => {
    const { tests, output } = await accountRun([]);
    const statuses = UNLOCKED.map(([selection]) => statusOf(tests, selection));
    const expected = UNLOCKED.map(([selection]) => `${selectionName(selection)}: passed`);
    expect(statuses, output.slice(-2000)).toEqual(expected);
  });

  test('a server with the faults: each test meant for one fails, the others pass', async () => {
    const faults = [...new Set(UNLOCKED.flatMap(([, fault]) => fault ?? []))];
    const { tests, output } = await accountRun(faults);
    const statuses = UNLOCKED.map(([selection]) => statusOf(tests, selection));
    const expected = UNLOCKED.map(
      ([selection, fault]) => `${selectionName(selection)}: ${fault === null ? 'passed' : 'failed'}`,
    );
    expect(statuses, output.slice(-2000)).toEqual(expected);
  });
});
