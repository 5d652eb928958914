import { expect, test } from '@playwright/test';
import { startAccount, type AccountTarget } from '../embedded/account.js';
import { runSuite, type SuiteRunResult } from '../embedded/run-suite.js';
import { ControlClient } from '../helpers/clients/control-client.js';
import { HttpClient } from '../helpers/clients/http.js';
import type { FaultName } from '../sandbox/faults.js';
import { patient } from '../helpers/target/patience.js';

/**
 * CONFORMANCE_OBSERVE_SECONDS against the embedded sandbox in account mode, where
 * "the marketplace" changes statuses by itself: this test changes ads of the configured user
 * through the helpers while the window is open, unknown to the run.
 */
const WINDOW_S = 25;
const ADS = [
  { id: 'watched-1', list_id: '810001', status: 'pending_review' },
  { id: 'watched-2', status: 'published' },
] as const;

/** Changes each ad every second and a half until `done`, alternating statuses; the last change wins. */
async function marketplaceChanges(account: AccountTarget, done: () => boolean): Promise<void> {
  const http = new HttpClient({ caFile: account.env.TLS_CA_FILE });
  const helpers = new ControlClient(
    http,
    account.env.STATUS_CHANGE_CONTROL_URL ?? '',
    account.env.STATUS_CHANGE_CONTROL_KEY ?? '',
  );
  try {
    for (let round = 0; !done(); round += 1) {
      const ad = ADS[round % ADS.length] ?? ADS[0];
      await helpers.changeStatus(
        account.env.TARGET_USER_LOGIN ?? '',
        ad.id,
        round % 4 < 2 ? 'refused' : 'published',
      );
      await new Promise((resolve) => setTimeout(resolve, 1_500));
    }
  } finally {
    await http.close();
  }
}

async function observeRun(faults: readonly FaultName[], changes: boolean): Promise<SuiteRunResult> {
  // The command is given only so that the helpers' URL and key reach this test; the run uses none.
  const account = await startAccount(faults, {
    ads: ADS,
    statusChangeCommand: 'exit 1',
    env: { CONFORMANCE_OBSERVE_SECONDS: String(WINDOW_S) },
  });
  try {
    let finished = false;
    const run = runSuite({ env: account.env, projects: ['observe'], workers: 1, timeoutMs: 240_000 }).finally(
      () => {
        finished = true;
      },
    );
    // As long as the run lasts: its set-up takes longer on a loaded machine, and the window opens after it.
    if (changes) await marketplaceChanges(account, () => finished);
    return await run;
  } finally {
    await account.close();
  }
}

test.describe('the observation window (CONFORMANCE_OBSERVE_SECONDS)', () => {
  test.describe.configure({ timeout: patient(300_000) });

  test('a correct server: the marketplace’s own changes are delivered and pass', async () => {
    const run = await observeRun([], true);
    expect(
      run.tests.map((one) => `${one.status} ${one.message}`),
      run.output.slice(-2000),
    ).toEqual(['passed ']);
  });

  test('deliveries without the token fail', async () => {
    const run = await observeRun(['notify-no-token'], true);
    expect(run.tests.map((one) => one.status)).toEqual(['failed']);
    expect(run.tests[0]?.message).toContain('R6-04');
  });

  test('no change in the window is a skip that says so', async () => {
    const run = await observeRun([], false);
    expect(run.tests.map((one) => [one.status, one.message])).toEqual([
      ['skipped', `no status change happened in ${WINDOW_S} s`],
    ]);
  });
});
