import { expect, test } from '@playwright/test';
import { HELPER_STATUS_CHANGE_COMMAND, secondUserAds, startAccount } from '../embedded/account.js';
import { runSuite, type SuiteRunResult } from '../embedded/run-suite.js';
import { mixedAds } from '../helpers/clients/mixed-ads.js';
import { caseGrep } from '../embedded/requirement-grep.js';
import { freePort } from './support/listen.js';
import { patient } from '../helpers/target/patience.js';

/**
 * The delivery tests on a target without test helpers, through
 * TARGET_STATUS_CHANGE_COMMAND (contract section 3), and a WEBHOOK_PUBLIC_URL that leads nowhere.
 * The embedded sandbox's helpers make the account; the run is told only TARGET_* and the command,
 * whose own variables carry the helpers' key.
 */
const DELIVERIES = 'suites/notifications/deliveries.spec.ts';
/** One status change of the five deliveries, which share their requirement ids: its case tag. */
const ONE_CHANGE = caseGrep(['change-to-published']);

async function accountRun(
  command: string,
  options: { grep?: string; env?: Record<string, string> } = {},
): Promise<SuiteRunResult> {
  const account = await startAccount([], {
    ads: mixedAds(60),
    ads2: secondUserAds(20),
    statusChangeCommand: command,
    env: { TARGET_DELIVERY_TIMEOUT: '20', ...options.env },
  });
  try {
    return await runSuite({
      env: account.env,
      files: [DELIVERIES],
      ...(options.grep === undefined ? {} : { grep: options.grep }),
      workers: 1,
      timeoutMs: 300_000,
    });
  } finally {
    await account.close();
  }
}

test.describe('delivery tests in account mode', () => {
  test.describe.configure({ timeout: patient(360_000) });

  test('the example command: the delivery tests run and pass without a control key', async () => {
    const run = await accountRun(HELPER_STATUS_CHANGE_COMMAND);
    const lines = run.tests.map((one) => `${one.status}: ${one.title} ${one.message.split('\n')[0] ?? ''}`);
    expect(run.tests.length, run.output.slice(-2000)).toBeGreaterThanOrEqual(9);
    expect(
      lines.filter((line) => !line.startsWith('passed')),
      lines.join('\n'),
    ).toEqual([]);
  });

  test('a command exiting 3 skips the test with its stderr as the reason', async () => {
    const run = await accountRun('echo "no way to make $AD_STATUS on this marketplace" >&2; exit 3', {
      grep: ONE_CHANGE,
    });
    expect(run.tests.map((one) => [one.status, one.message])).toEqual([
      [
        'skipped',
        'TARGET_STATUS_CHANGE_COMMAND cannot change an ad to published here (exit 3): no way to make published on this marketplace',
      ],
    ]);
  });

  test('a command exiting 1 ends the test broken, naming the command and quoting its stderr redacted', async () => {
    const command = 'echo "refused with key $STATUS_CHANGE_CONTROL_KEY" >&2; exit 1';
    const run = await accountRun(command, { grep: ONE_CHANGE });
    const [verdict] = run.tests;
    expect(verdict?.status).toBe('failed');
    const message = verdict?.message ?? '';
    expect(message).toMatch(
      /^Set-up could not proceed: the status-change command \(TARGET_STATUS_CHANGE_COMMAND: /,
    );
    expect(message).toContain('exited with status 1 when asked to change ad');
    expect(message).toContain('refused with key [REDACTED]');
    expect(message).not.toContain('account-mode-key');
  });

  test('a WEBHOOK_PUBLIC_URL leading nowhere ends every delivery test broken within seconds, with that reason', async () => {
    const started = performance.now();
    const run = await accountRun(HELPER_STATUS_CHANGE_COMMAND, {
      env: {
        WEBHOOK_LISTEN_PORT: String(await freePort()),
        WEBHOOK_PUBLIC_URL: `http://127.0.0.1:${await freePort()}`,
      },
    });
    const seconds = (performance.now() - started) / 1000;
    expect(run.tests.length, run.output.slice(-2000)).toBeGreaterThanOrEqual(9);
    for (const verdict of run.tests) {
      expect(verdict.status).toBe('failed');
      expect(verdict.message).toMatch(
        /^Broken environment: WEBHOOK_PUBLIC_URL \(http:\/\/127\.0\.0\.1:\d+\) does not lead to the suite's receiver .*connection refused/,
      );
    }
    // The whole nested run (a sandbox, a browser, nine tests): far below one WEBHOOK_WAIT_MS each.
    expect(seconds).toBeLessThan(patient(120_000) / 1000);
  });
});
