import { expect, test } from '@playwright/test';
import { runSuite, type TestVerdict } from '../embedded/run-suite.js';
import { startAccount } from '../embedded/account.js';
import type { FaultName } from '../sandbox/faults.js';
import { literalPattern } from '../helpers/report/reproduce.js';

/**
 * Against a target without test helpers, what a real account has
 * (TARGET_REDIRECT_URIS, a second client and user, their basic user info) and the opt-in burst
 * (CONFORMANCE_RATE_LIMIT_BURST) run the tests that were skipped for want of helpers. They run and
 * pass against a correct server, and run and fail against one with the faults they are there for.
 */
/** Each test the configuration unlocks, by a part of its title, and the fault that must fail it. */
const UNLOCKED: ReadonlyArray<readonly [string, FaultName | null]> = [
  ['redirect_uri may be left out when a single URI is registered', 'authz-redirect-uri-always-required'],
  ['with three registered URIs, each one is honoured exactly', null],
  [
    'with several registered URIs, leaving redirect_uri out never redirects',
    'authz-missing-redirect-uri-redirects',
  ],
  ['a redirect_uri with an extra path segment', 'redirect-uri-prefix-match'],
  ['a redirect_uri with a trailing slash', 'redirect-uri-prefix-match'],
  ['a redirect_uri with an extra query parameter', 'redirect-uri-prefix-match'],
  ['a redirect_uri with another scheme', 'redirect-uri-scheme-ignored'],
  ['a redirect_uri with another port', null],
  ['a redirect_uri with another case in the path', null],
  ['a redirect_uri with a parent path only', null],
  ['a redirect_uri with a percent-encoded path', null],
  [
    'a code issued to another client is refused with invalid_grant (with its own',
    'code-other-client-accepted',
  ],
  ['a code issued to another client is refused with invalid_grant (with the', null],
  ['a redirect_uri other than the authorization request’s is refused', 'token-redirect-uri-any-registered'],
  ['a basic_user_info token gets the user name and e-mail of its own user', 'basic-info-other-user'],
  ["one user cannot read, update or delete another user's configuration", 'notify-any-owner'],
  ['a request rate above the limit meets RATE_LIMIT', 'listing-rate-limit-message-unfilled'],
];

/** A sandbox whose helpers made the account; the run is then told only the TARGET_* variables. */
async function accountRun(faults: readonly FaultName[]): Promise<{ tests: TestVerdict[]; output: string }> {
  const account = await startAccount(faults);
  try {
    const grep = UNLOCKED.map(([title]) => literalPattern(title)).join('|');
    const run = await runSuite({ env: account.env, grep, workers: 2, timeoutMs: 240_000 });
    return { tests: run.tests, output: run.output };
  } finally {
    await account.close();
  }
}

/** The HTTP Basic twin of a token test: skipped here, the sandbox taking the body alone (4.2). */
const BASIC_TWIN = 'the client authenticated with HTTP Basic';

function statusOf(tests: readonly TestVerdict[], title: string): string {
  const found = tests.filter(
    (verdict) => verdict.title.includes(title) && !verdict.title.includes(BASIC_TWIN),
  );
  return found.length === 1 ? (found[0]?.status ?? 'missing') : `${found.length} tests`;
}

test.describe('a target without test helpers, with what a real account has', () => {
  test.describe.configure({ timeout: 300_000 });

  test('a correct server: every unlocked test runs and passes', async () => {
    const { tests, output } = await accountRun([]);
    const statuses = UNLOCKED.map(([title]) => `${title}: ${statusOf(tests, title)}`);
    expect(statuses, output.slice(-2000)).toEqual(UNLOCKED.map(([title]) => `${title}: passed`));
  });

  test('a server with the faults: each test meant for one fails, the others pass', async () => {
    const faults = [...new Set(UNLOCKED.flatMap(([, fault]) => fault ?? []))];
    const { tests, output } = await accountRun(faults);
    const statuses = UNLOCKED.map(([title]) => `${title}: ${statusOf(tests, title)}`);
    const expected = UNLOCKED.map(([title, fault]) => `${title}: ${fault === null ? 'passed' : 'failed'}`);
    expect(statuses, output.slice(-2000)).toEqual(expected);
  });
});
