import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { referenceChoices } from '../sandbox/calibrate/calibrate.js';
import { startSandbox, type StartedSandbox } from '../sandbox/start.js';
import { cliCommand } from './support/cli-command.js';

/**
 * `classifieds-conformance calibrate --observed FILE`: the team's running sandbox calibrated from a
 * night's profile through its control API, its data kept (the nightly's recalibration step); a
 * file that is not a profile changes nothing; `--undo` takes it off. The control key is never shown.
 */
test.describe.configure({ mode: 'default' });

const KEY = 'calibrate-command-selftest-control-key';

let sandbox: StartedSandbox;
let dir: string;
test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'calibrate-command-'));
  sandbox = await startSandbox({ dataDir: join(dir, 'data'), fresh: true, controlKey: KEY });
});
test.afterAll(async () => {
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The reference's own observation, but the listing's BAD_REQUEST answered 422, as a marketplace might. */
function profileFile(): string {
  const areas = structuredClone(referenceChoices());
  areas.listing = { ...areas.listing, 'error BAD_REQUEST': 'HTTP 422 {message:string,reason:"BAD_REQUEST"}' };
  const file = join(dir, 'observed.json');
  const profile = { format: 'classifieds-observed-profile/1', run: {}, catalog: null, areas };
  writeFileSync(
    file,
    JSON.stringify({ ...profile, target: 'a marketplace', observedAt: '2026-12-03T02:00:00.000Z' }),
  );
  return file;
}

const listingWithoutHeader = async (): Promise<number> =>
  (await fetch(`${sandbox.appsUrl}/autoupload/v1/published`)).status;
const reach = (): string[] => ['--control-url', sandbox.controlUrl, '--key', KEY];

test('calibrate --observed: the running sandbox answers as observed, its data kept; --undo takes it off', async () => {
  const created = await fetch(`${sandbox.controlUrl}/test_helpers/v1/users`, {
    method: 'POST',
    headers: { 'x-sandbox-key': KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ login: 'kept-user' }),
  });
  expect(created.status, 'set-up: a user in the data folder').toBe(201);
  expect(await listingWithoutHeader()).toBe(400);

  const run = await cliCommand('calibrate', ['--observed', profileFile(), ...reach()]);
  expect(run.code, run.stdout).toBe(0);
  expect(run.stdout).toMatch(
    /calibrated {7}the sandbox at .* \(a marketplace, 2026-12-03T02:00:00.000Z\): \d+ facts reproduced, catalog the sandbox’s own; its data kept/,
  );
  expect(run.stdout).toContain('not reproduced   0');
  expect(run.stdout, 'the control key is never shown').not.toContain(KEY);
  expect(await listingWithoutHeader(), 'the next request answers as observed').toBe(422);
  expect(sandbox.state.users.has('kept-user'), 'the data kept').toBe(true);

  const undone = await cliCommand('calibrate', ['--undo', ...reach()]);
  expect(undone.code, undone.stdout).toBe(0);
  expect(undone.stdout).toContain('calibration off');
  expect(await listingWithoutHeader()).toBe(400);
});

test('a night’s profile beyond a megabyte (a marketplace’s whole catalog) is taken, its catalog served', async () => {
  // 60,000 versions under one model: about 2 MB of JSON, within the catalog budget's reach.
  const versions = Object.fromEntries(
    Array.from({ length: 60_000 }, (_, index) => [`Version ${index}`, { id: 100_000 + index }]),
  );
  const catalog = {
    car: {
      id: 'car_info',
      children: { Chevrolet: { id: 2, children: { Onix: { id: 2001, children: versions } } } },
    },
  };
  const file = join(dir, 'large.json');
  const profile = { format: 'classifieds-observed-profile/1', run: {}, areas: referenceChoices() };
  writeFileSync(
    file,
    JSON.stringify({
      ...profile,
      target: 'a large marketplace',
      observedAt: '2026-12-04T02:00:00.000Z',
      catalog,
    }),
  );
  const run = await cliCommand('calibrate', ['--observed', file, ...reach()]);
  expect(run.code, run.stdout).toBe(0);
  expect(run.stdout).toContain('catalog as observed; its data kept');
  const undone = await cliCommand('calibrate', ['--undo', ...reach()]);
  expect(undone.code, undone.stdout).toBe(0);
});

test('a file that is not a profile: exit 2 with the reason, the sandbox unchanged', async () => {
  const file = join(dir, 'not-a-profile.json');
  writeFileSync(file, JSON.stringify({ format: 'something else' }));
  const run = await cliCommand('calibrate', ['--observed', file, ...reach()]);
  expect(run.code).toBe(2);
  expect(run.stdout).toContain(`calibrate: ${file} is of format "something else"`);
  expect(await listingWithoutHeader()).toBe(400);
});

test('a wrong control key: exit 1, the sandbox’s refusal said, the key not shown', async () => {
  const run = await cliCommand('calibrate', [
    '--observed',
    profileFile(),
    '--control-url',
    sandbox.controlUrl,
    '--key',
    'not-the-key-of-this-sandbox',
  ]);
  expect(run.code).toBe(1);
  expect(run.stdout).toContain('The sandbox answered 401');
  expect(run.stdout).not.toContain('not-the-key-of-this-sandbox');
  expect(await listingWithoutHeader()).toBe(400);
});
