import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { snapshotCounts } from '../helpers/profile/catalog-tree.js';
import type { VariantName } from '../sandbox/variants.js';
import { described, profileRun, withoutDate, type ProfileRun } from './profile-runs.js';
import { patient } from '../helpers/target/patience.js';

/**
 * Drift reports change and only change: two runs against an unchanged embedded sandbox (restarted between them)
 * find no change and write the same profile; a variant that changes one thing is that one change
 * in drift.json, and nothing else is (runs of PROFILE_FILES, see profile-runs.ts).
 */
const LISTING_STATUS_CHANGES = [
  ['BAD_REQUEST', 400, 422],
  ['ACCESS_DENIED', 401, 403],
  ['ACCESS_SCOPE_DENIED', 401, 403],
  ['RATE_LIMIT', 429, 503],
  ['UNEXPECTED_INTERNAL_ERROR', 500, 503],
].map(
  ([reason, before, after]) =>
    `listing | error ${String(reason)} | changed | ${JSON.stringify(`HTTP ${String(before)} {message:string,reason:"${String(reason)}"}`)} -> ${JSON.stringify(`HTTP ${String(after)} {message:string,reason:"${String(reason)}"}`)}`,
);

/** Each variant and the one change (or the listing's five statuses) it must make appear. */
const EXPECTED: ReadonlyArray<readonly [VariantName, readonly string[]]> = [
  ['drift-car-brand-renumbered', ['catalog | car / Chevrolet | renumbered | 1 -> 901']],
  ['drift-car-model-renamed', ['catalog | car / Chevrolet / Onix | renamed | "Onix" -> "Onix Hatch"']],
  ['drift-motorcycle-brand-removed', ['catalog | motorcycle / Royal Enfield | removed | 16 -> null']],
  ['listing-other-statuses', LISTING_STATUS_CHANGES],
  [
    'drift-token-extra-fields',
    [
      'token | response fields beyond access_token and token_type | changed | [] -> ["expires_in:number","issued_at:number"]',
    ],
  ],
];

test.describe('the observed profile and its drift', () => {
  test.describe.configure({ mode: 'serial', timeout: patient(300_000) });
  let baseline: ProfileRun;

  test.beforeAll(async () => {
    test.setTimeout(patient(300_000));
    baseline = await profileRun();
  });

  test.afterAll(() => {
    rmSync(baseline.dir, { recursive: true, force: true });
  });

  test('the embedded sandbox restarted: the same profile, 0 changes, a complete catalog snapshot', async () => {
    const again = await profileRun({ env: { CONFORMANCE_BASELINE: join(baseline.dir, 'observed.json') } });
    try {
      expect(again.drift).toEqual([]);
      expect(again.stdout).toContain(`drift: 0 changes since ${baseline.profile.observedAt}`);
      expect(withoutDate(again.observed)).toBe(withoutDate(baseline.observed));
      const catalog = baseline.profile.catalog;
      expect(catalog).not.toBeNull();
      expect(snapshotCounts(catalog ?? {}).unreached).toBe(0);
      test.info().annotations.push({
        type: 'catalog snapshot',
        description: `${snapshotCounts(catalog ?? {}).entries} entries in ${JSON.stringify(baseline.profile.run['catalog requests'])} requests`,
      });
    } finally {
      rmSync(again.dir, { recursive: true, force: true });
    }
  });

  for (const [variant, changes] of EXPECTED) {
    test(`${variant}: that change alone in drift.json`, async () => {
      const changed = await profileRun({
        variants: [variant],
        env: { CONFORMANCE_BASELINE: join(baseline.dir, 'observed.json') },
      });
      try {
        expect(described(changed.drift)).toEqual([...changes].sort());
        expect(changed.stdout).toContain(`drift: ${changes.length} changes since`);
      } finally {
        rmSync(changed.dir, { recursive: true, force: true });
      }
    });
  }
});
