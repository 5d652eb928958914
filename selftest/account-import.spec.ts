import { expect, test } from '@playwright/test';
import { childEnvironment } from '../config/environment.js';
import { runSuite, spawnCollect } from '../embedded/run-suite.js';
import { startImportAccount, type ImportAccount } from './support/import-account.js';
import { patient } from '../helpers/target/patience.js';

/**
 * The ad import as the status-change command (examples/status-change/ad-import.mjs): account mode
 * against the embedded sandbox started without a control key, so no test helper exists to be
 * called; every change the delivery tests and the notification model make goes through
 * `PUT /autoupload/import` and the sandbox's moderation (docs/sandbox-import.md), the status outside
 * section 3 too: the command is told the target is the reference sandbox (IMPORT_SANDBOX_ANY_STATUS),
 * whose moderation gives an ad the status asked (`params.sandbox_moderation: "status:<status>"`).
 */
const FILES = ['suites/notifications/deliveries.spec.ts', 'suites/notifications/lifecycle.model.spec.ts'];
/** The delivery test of a status outside section 3: made by the sandbox's moderation when asked. */
const OUTSIDE_SECTION_3 = 'archived_by_conformance';

test.describe('account mode with the ad import as the status-change command', () => {
  test.describe.configure({ timeout: patient(600_000) });

  test('every delivery test and the notification model pass, none skipped, changes made through the import alone', async () => {
    const account = await startImportAccount({
      TARGET_DELIVERY_TIMEOUT: '20',
      IMPORT_SANDBOX_ANY_STATUS: '1',
    });
    try {
      const run = await runSuite({ env: account.env, files: FILES, workers: 1, timeoutMs: 540_000 });
      const lines = run.tests.map((one) => `${one.status}: ${one.title} ${one.message.split('\n')[0] ?? ''}`);
      expect(run.tests.length, run.output.slice(-2000)).toBeGreaterThanOrEqual(10);
      expect(
        run.tests.filter((one) => one.status !== 'passed').map((one) => [one.status, one.title, one.message]),
        lines.join('\n'),
      ).toEqual([]);
      expect(
        run.tests.filter((one) => one.title.includes(OUTSIDE_SECTION_3)).map((one) => one.status),
      ).toEqual(['passed']);
      // The changes were the import's: its ads carry the list_ids the moderation gave them.
      expect(account.state.adImport.store.keptItemCount()).toBeGreaterThan(0);
    } finally {
      await account.close();
    }
  });

  test('the command alone: a status outside its four exits 3 unless told the target is the reference sandbox; an id over 19 characters exits 3', async () => {
    const account = await startImportAccount();
    try {
      const login = account.env.TARGET_USER_LOGIN ?? '';
      const id = account.state.ads.view(login, 'published')[0]?.id ?? '';
      const refused = await changeStatus(account, { AD_ID: id, AD_STATUS: OUTSIDE_SECTION_3 });
      expect([refused.exitCode, refused.stderr]).toEqual([
        3,
        expect.stringContaining(`cannot set status "${OUTSIDE_SECTION_3}"`),
      ]);
      expect(account.state.adImport.store.keptItemCount(), 'nothing was imported').toBe(0);
      const tooLong = await changeStatus(account, { AD_ID: 'a'.repeat(20), AD_STATUS: 'deleted' });
      expect([tooLong.exitCode, tooLong.stderr]).toEqual([
        3,
        expect.stringContaining('[A-Za-z0-9_{}-]{1,19}'),
      ]);
      const made = await changeStatus(account, {
        AD_ID: id,
        AD_STATUS: OUTSIDE_SECTION_3,
        IMPORT_SANDBOX_ANY_STATUS: '1',
      });
      expect(made.exitCode, made.stderr).toBe(0);
      expect(JSON.parse(made.stdout.trim().split('\n').at(-1) ?? '')).toEqual({
        id,
        status: OUTSIDE_SECTION_3,
      });
      expect(account.state.ads.find(login, id)?.status).toBe(OUTSIDE_SECTION_3);
    } finally {
      await account.close();
    }
  });
});

/** One run of the account's status-change command as the suite runs it (`sh -c`), for its first user. */
function changeStatus(
  account: ImportAccount,
  change: Record<string, string>,
): ReturnType<typeof spawnCollect> {
  const env = {
    ...childEnvironment(),
    ...account.env,
    AD_OWNER: account.env.TARGET_USER_LOGIN ?? '',
    ...change,
  };
  return spawnCollect('sh', ['-c', account.env.TARGET_STATUS_CHANGE_COMMAND ?? 'false'], env, 60_000);
}
