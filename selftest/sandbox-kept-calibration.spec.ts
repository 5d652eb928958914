import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { calibrationOf, referenceChoices } from '../sandbox/calibrate/calibrate.js';
import { profileOf } from '../sandbox/calibrate/observed.js';
import { startSandbox, type StartedSandbox } from '../sandbox/start.js';

/**
 * A calibration set while the sandbox runs (the nightly's `calibrate`) is kept in its data folder
 * like every switch: after a restart the sandbox answers as calibrated, with the variants the
 * calibration turned on, and undoing it then turns those off too. Before, the folder kept only
 * what GET /switches shows of it, which a restart refused: the variants came back on without
 * the calibration. A calibration the start is given (--like) wins over the kept one.
 */
test.describe.configure({ mode: 'default' });

/** The reference's observation with a marketplace's choices: the listing's 422, the token header. */
function marketplace(badRequest: number): Record<string, unknown> {
  const areas = structuredClone(referenceChoices());
  areas.listing = {
    ...areas.listing,
    'error BAD_REQUEST': `HTTP ${badRequest} {message:string,reason:"BAD_REQUEST"}`,
  };
  areas.deliveries = { ...areas.deliveries, 'token header': 'x-hook-token' };
  return {
    format: 'classifieds-observed-profile/1',
    target: 'a marketplace',
    observedAt: '2026-12-03T02:00:00.000Z',
    run: {},
    catalog: null,
    areas,
  };
}

const listing = async (sandbox: StartedSandbox): Promise<number> =>
  (await fetch(`${sandbox.appsUrl}/autoupload/v1/published`)).status;
const valueOf = (sandbox: StartedSandbox, name: string): unknown =>
  sandbox.switches.list().find((view) => view.name === name)?.value;
const VARIANT = 'notify-token-header-unnamed';

let dataDir: string;
test.beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'sandbox-kept-calibration-'));
});
test.afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

test('a calibration set at run time is in force after a restart, its variants with it, and undone whole', async () => {
  const first = await startSandbox({ dataDir, fresh: true });
  first.switches.set('calibration', marketplace(422));
  const shown = valueOf(first, 'calibration');
  expect(valueOf(first, VARIANT), 'set-up: the calibration turned the variant on').toBe(true);
  await first.close();

  const second = await startSandbox({ dataDir });
  try {
    expect(valueOf(second, 'calibration'), 'the same calibration').toEqual(shown);
    expect(await listing(second), 'answering as calibrated').toBe(422);
    expect(valueOf(second, VARIANT)).toBe(true);
    second.switches.set('calibration', false);
    expect(await listing(second)).toBe(400);
    expect(valueOf(second, VARIANT), 'the variant the calibration turned on, off with it').toBe(false);
  } finally {
    await second.close();
  }
});

test('a calibration the start is given (--like) wins over the one the folder kept', async () => {
  const first = await startSandbox({ dataDir, fresh: true });
  first.switches.set('calibration', marketplace(422));
  await first.close();

  const profile = profileOf(marketplace(409));
  if ('problem' in profile) throw new Error(`set-up: ${profile.problem}`);
  const second = await startSandbox({ dataDir, like: calibrationOf(profile) });
  try {
    expect(await listing(second), 'the start’s calibration').toBe(409);
  } finally {
    await second.close();
  }
});
