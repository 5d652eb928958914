import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startAccount } from '../embedded/account.js';
import type { SeededAd } from '../helpers/clients/control-client.js';
import { described, profileRun, withoutDate, type ProfileRun } from './profile-runs.js';
import { patient } from '../helpers/target/patience.js';

/**
 * The observed profile without test helpers, where a real marketplace is: the embedded sandbox made into an account (a new
 * sandbox on new ports each run, named by CONFORMANCE_TARGET_NAME), twice with the same ads: no
 * change; then with one ad of a status the account had not shown: that status value alone.
 */
const TARGET_NAME = 'account-mode sandbox (drift self-test)';
const ADS: SeededAd[] = [
  { id: 'drift-ad-1', list_id: '7001', status: 'published' },
  { id: 'drift-ad-2', status: 'pending_review' },
  { id: 'drift-ad-3', list_id: '7003', status: 'published' },
];
const NEW_STATUS: SeededAd = { id: 'drift-ad-4', list_id: '7004', status: 'expired' };

async function accountProfileRun(ads: readonly SeededAd[], baseline?: ProfileRun): Promise<ProfileRun> {
  const account = await startAccount([], { ads });
  try {
    return await profileRun({
      env: {
        ...account.env,
        CONFORMANCE_TARGET_NAME: TARGET_NAME,
        ...(baseline === undefined ? {} : { CONFORMANCE_BASELINE: join(baseline.dir, 'observed.json') }),
      },
    });
  } finally {
    await account.close();
  }
}

test.describe('the observed profile of a target without test helpers', () => {
  test.describe.configure({ timeout: patient(400_000) });

  test('the same account twice: 0 changes; a new status among its ads: that value alone', async () => {
    const runs: ProfileRun[] = [];
    try {
      runs.push(await accountProfileRun(ADS));
      const [first] = runs as [ProfileRun];
      runs.push(await accountProfileRun(ADS, first));
      expect(runs[1]?.drift).toEqual([]);
      expect(withoutDate(runs[1]?.observed ?? '')).toBe(withoutDate(first.observed));
      runs.push(await accountProfileRun([...ADS, NEW_STATUS], first));
      expect(described(runs[2]?.drift ?? null)).toEqual([
        'listing | status values among the ads | changed | {"several values":["pending_review","published"]} -> {"several values":["expired","pending_review","published"]}',
      ]);
    } finally {
      for (const run of runs) rmSync(run.dir, { recursive: true, force: true });
    }
  });
});
