import { expect, test } from '@playwright/test';
import { HELPER_STATUS_CHANGE_COMMAND, secondUserAds, startAccount } from '../embedded/account.js';
import { runSuite } from '../embedded/run-suite.js';
import { changePool } from '../helpers/clients/account-lock.js';
import { adsOfSlot } from '../fixtures/status-trigger.js';
import { mixedAds } from '../helpers/clients/mixed-ads.js';
import { patient } from '../helpers/target/patience.js';

/**
 * Account mode shares one account between every worker: the delivery tests change statuses while
 * the listing's invariants compare crawls with a reference (docs/account-mode-isolation.md). Here
 * both run at once, four workers, the property test given three times its runs, against the
 * embedded sandbox as an account with the example status-change command: nothing may fail.
 */
const FILES = [
  'suites/listing/account.property.spec.ts',
  'suites/listing/pagination.property.spec.ts',
  'suites/listing/status-change.spec.ts',
  'suites/notifications/deliveries.spec.ts',
  'suites/notifications/retries.spec.ts',
  'suites/notifications/lifecycle.model.spec.ts',
];

test.describe('account mode: status changes and the crawls that compare never race', () => {
  test('the pool set aside for changes is the same for every worker, at most half the account, split without overlap', () => {
    const ids = mixedAds(450).map((ad) => ad.id);
    const pool = changePool(ids, 4);
    expect(pool.size).toBe(32);
    expect(changePool([...ids].reverse(), 4)).toEqual(pool);
    expect(changePool(ids.slice(0, 20), 4).size).toBe(10);
    const ads = mixedAds(450).filter((ad) => pool.has(ad.id));
    const slots = [0, 1, 2, 3].map((slot) => adsOfSlot(ads, slot, 4).map((ad) => ad.id));
    expect(new Set(slots.flat()).size).toBe(pool.size);
  });

  test('four workers, many status changes at once: the property test and the deliveries pass', async () => {
    test.setTimeout(patient(900_000));
    const account = await startAccount([], {
      ads: mixedAds(450),
      ads2: secondUserAds(40),
      statusChangeCommand: HELPER_STATUS_CHANGE_COMMAND,
      env: { TARGET_DELIVERY_TIMEOUT: '30', FC_RUNS_SCALE: '3' },
    });
    try {
      const run = await runSuite({ env: account.env, files: FILES, workers: 4, timeoutMs: 840_000 });
      const lines = run.tests.map((one) => `${one.status}: ${one.title} ${one.message.split('\n')[0] ?? ''}`);
      console.log(lines.join('\n'));
      expect(run.tests.length, run.output.slice(-3000)).toBeGreaterThan(15);
      expect(lines.filter((line) => line.startsWith('failed'))).toEqual([]);
      for (const title of [
        'any crawl, at any fetch_size and filter',
        'a change to published is delivered once',
      ])
        expect(run.tests.find((one) => one.title.includes(title))?.status, title).toBe('passed');
    } finally {
      await account.close();
    }
  });
});
