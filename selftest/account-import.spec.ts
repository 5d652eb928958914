import { expect, test } from '@playwright/test';
import { runSuite } from '../embedded/run-suite.js';
import { startImportAccount } from './support/import-account.js';

/**
 * The ad import as the status-change command (examples/status-change/ad-import.mjs): account mode
 * against the embedded sandbox started without a control key, so no test helper exists to be
 * called; every change the delivery tests and the notification model make goes through
 * `PUT /autoupload/import` and the sandbox's moderation (docs/sandbox-import.md).
 */
const FILES = ['suites/notifications/deliveries.spec.ts', 'suites/notifications/lifecycle.model.spec.ts'];
/** The one status the import cannot make: the delivery test of a status outside section 3. */
const OUTSIDE_THE_IMPORT = 'archived_by_conformance';

test.describe('account mode with the ad import as the status-change command', () => {
  test.describe.configure({ timeout: 600_000 });

  test('every delivery test and the notification model pass, changes made through the import alone', async () => {
    const account = await startImportAccount({ TARGET_DELIVERY_TIMEOUT: '20' });
    try {
      const run = await runSuite({ env: account.env, files: FILES, workers: 1, timeoutMs: 540_000 });
      const lines = run.tests.map((one) => `${one.status}: ${one.title} ${one.message.split('\n')[0] ?? ''}`);
      expect(run.tests.length, run.output.slice(-2000)).toBeGreaterThanOrEqual(10);
      const notPassed = run.tests.filter((one) => one.status !== 'passed');
      expect(
        notPassed.map((one) => [one.status, one.title.includes(OUTSIDE_THE_IMPORT), one.message]),
        lines.join('\n'),
      ).toEqual([
        [
          'skipped',
          true,
          `TARGET_STATUS_CHANGE_COMMAND cannot change an ad to ${OUTSIDE_THE_IMPORT} here (exit 3): ad-import: the import cannot set status "${OUTSIDE_THE_IMPORT}"; the marketplace decides it`,
        ],
      ]);
      // The changes were the import's: its ads carry the list_ids the moderation gave them.
      expect(account.state.adImport.store.keptItemCount()).toBeGreaterThan(0);
    } finally {
      await account.close();
    }
  });
});
