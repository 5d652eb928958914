import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { childEnvironment } from '../config/environment.js';
import { calibrationOf, notReproducedLines, referenceChoices } from '../sandbox/calibrate/calibrate.js';
import type { ObservedProfile, ObservedValue } from '../sandbox/calibrate/observed.js';
import { CALIBRATION_VARIANTS, rowOf } from '../sandbox/calibrate/table.js';
import { VARIANTS } from '../sandbox/variants.js';
import { rulebookWith } from '../sandbox/rules/book.js';
import { startSandbox, type StartedSandbox } from '../sandbox/start.js';

/**
 * The double calibrated from an observed profile (sandbox/calibrate/): every key the reference's
 * observation holds is mapped by the one table; a profile's values other than the reference's are
 * taken where a row can make them and listed where none can; the `calibration` switch applies it
 * while the sandbox runs and undoes it; `--like` says in its banner and a file what it could not.
 */
const KEY = 'calibration-selftest-control-key';

/** The reference's own observation as a profile, with some values changed as a marketplace might. */
function marketplace(changes: Record<string, Record<string, ObservedValue>> = {}): ObservedProfile {
  const areas = structuredClone(referenceChoices());
  for (const [area, keys] of Object.entries(changes)) areas[area] = { ...areas[area], ...keys };
  return {
    target: 'a marketplace',
    observedAt: '2026-12-03T02:00:00.000Z',
    catalog: {
      car: {
        id: 'car_info',
        children: {
          Chevrolet: { id: 2, children: { Onix: { id: 2001, children: { '1.0 LT': { id: 3 } } } } },
        },
      },
      cellphone: { id: 'cellphone_info', unreached: true },
    },
    areas,
  };
}

const DRIFTED = {
  listing: { 'error BAD_REQUEST': 'HTTP 422 {message:string,reason:"BAD_REQUEST"}' },
  token: {
    'error invalid_client': 'HTTP 401 {error:"invalid_client",error_description:string}',
    'response fields beyond access_token and token_type': ['expires_in:number'],
  },
  deliveries: { 'token header': 'x-hook-token' },
  'login page': { 'header x-frame-options': 'SAMEORIGIN' },
};

test('every key of the reference’s observed profile is mapped by a row of the calibration table', () => {
  const unmapped = Object.entries(referenceChoices()).flatMap(([area, keys]) =>
    Object.keys(keys)
      .filter((key) => rowOf(area, key) === undefined)
      .map((key) => `${area} | ${key}`),
  );
  expect(unmapped).toEqual([]);
  // Each variant a row may turn on is one of the catalogue's.
  expect(CALIBRATION_VARIANTS.filter((name) => !(name in VARIANTS))).toEqual([]);
  // A key no observer writes today is not mapped: it is listed, never taken silently.
  expect(rowOf('listing', 'a key of tomorrow')).toBeUndefined();
  const outcome = calibrationOf(marketplace({ listing: { 'a key of tomorrow': 1 } }));
  expect(notReproducedLines(outcome)).toContain(
    'listing | a key of tomorrow | 1 | no row of the calibration table maps this key',
  );
});

test('the reference’s own profile is reproduced whole by the reference', () => {
  const outcome = calibrationOf({ ...marketplace(), catalog: null });
  expect(outcome.facts.every((fact) => fact.reproduced && fact.how === 'the reference')).toBe(true);
  expect(outcome.settings).toEqual({ variants: [], tokenErrorStatus: {}, listingErrorStatus: {} });
});

test('a marketplace’s other choices: taken where a row makes them, listed where none can', () => {
  const outcome = calibrationOf(marketplace(DRIFTED));
  const how = (area: string, key: string): string | undefined =>
    outcome.facts.find((fact) => fact.area === area && fact.key === key)?.how;
  expect(how('listing', 'error BAD_REQUEST')).toBe('HTTP 422');
  expect(how('token', 'error invalid_client')).toBe('HTTP 401');
  expect(how('token', 'response fields beyond access_token and token_type')).toBe('fields expires_in');
  expect(how('deliveries', 'token header')).toBe('variant notify-token-header-unnamed');
  expect(notReproducedLines(outcome)).toEqual([
    'login page | header x-frame-options | "SAMEORIGIN" | the pages’ security headers are fixed (oauth/)',
    'catalog | cellphone | its lookup was not reached by the observation',
  ]);
  const rules = rulebookWith([outcome.patch]);
  expect(
    rules.token.errorStatus(
      new (class {
        code = 'invalid_client';
      })() as never,
      400,
    ),
  ).toBe(401);
  expect(rules.resources.listingStatus('BAD_REQUEST')).toBe(422);
  expect(rules.resources.listingStatus('RATE_LIMIT')).toBe(429);
  const reference = (): Record<string, number> => ({ Fiat: 5 });
  expect(rules.catalogs.lookedUp('car_info', {}, reference)).toEqual({ Chevrolet: 2 });
  expect(rules.catalogs.lookedUp('car_info/:brandId', { brandId: '2' }, reference)).toEqual({ Onix: 2001 });
  expect(
    rules.catalogs.lookedUp('car_info/:brandId/:modelId', { brandId: '2', modelId: '2001' }, reference),
  ).toEqual({ '1.0 LT': 3 });
  // An id the marketplace's brand lookup did not answer is unknown there too (the sandbox's 404).
  expect(rules.catalogs.lookedUp('car_info/:brandId', { brandId: '1' }, reference)).toBeUndefined();
  // What the observation did not reach is the sandbox's own.
  expect(rules.catalogs.lookedUp('cellphone_info', {}, reference)).toEqual({ Fiat: 5 });
});

test.describe('the calibration switch at run time', () => {
  let sandbox: StartedSandbox;
  test.beforeAll(async () => {
    sandbox = await startSandbox({ controlKey: KEY });
  });
  test.afterAll(async () => {
    await sandbox.close();
  });

  const helper = async (method: string, path: string, body?: unknown): Promise<Record<string, unknown>> => {
    const response = await fetch(`${sandbox.controlUrl}/test_helpers/v1${path}`, {
      method,
      headers: { 'x-sandbox-key': KEY, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    expect(response.status, `${method} ${path}`).toBeLessThan(300);
    return (await response.json()) as Record<string, unknown>;
  };
  const listingWithoutHeader = async (): Promise<number> =>
    (await fetch(`${sandbox.appsUrl}/autoupload/v1/published`)).status;

  test('PUT a profile: the next request answers as the marketplace; GET lists what was not taken; false undoes it', async () => {
    expect(await listingWithoutHeader()).toBe(400);
    const profile = { format: 'classifieds-observed-profile/1', run: {}, ...marketplace(DRIFTED) };
    await helper('PUT', '/switches/calibration', { value: profile });
    expect(await listingWithoutHeader()).toBe(422);
    const listed = (await helper('GET', '/switches')) as {
      switches: Array<{ name: string; value: unknown }>;
    };
    const value = listed.switches.find((one) => one.name === 'calibration')?.value as {
      notReproduced: string[];
    };
    expect(value.notReproduced).toHaveLength(2);
    expect(listed.switches.find((one) => one.name === 'notify-token-header-unnamed')?.value).toBe(true);
    await helper('PUT', '/switches/calibration', { value: false });
    expect(await listingWithoutHeader()).toBe(400);
    const after = (await helper('GET', '/switches')) as { switches: Array<{ name: string; value: unknown }> };
    expect(after.switches.find((one) => one.name === 'notify-token-header-unnamed')?.value).toBe(false);
  });

  test('a value that is not a profile is refused with the reason, the sandbox unchanged', async () => {
    const response = await fetch(`${sandbox.controlUrl}/test_helpers/v1/switches/calibration`, {
      method: 'PUT',
      headers: { 'x-sandbox-key': KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ value: { format: 'something else' } }),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('calibration takes an observed profile');
    expect(await listingWithoutHeader()).toBe(400);
  });
});

test('sandbox --like: the banner and calibration.json list each fact it could not reproduce', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'calibration-like-'));
  try {
    const file = join(dir, 'observed.json');
    writeFileSync(
      file,
      JSON.stringify({ format: 'classifieds-observed-profile/1', run: {}, ...marketplace(DRIFTED) }),
    );
    const child = spawn(
      process.execPath,
      [require.resolve('tsx/cli'), resolve('bin/cli.ts'), 'sandbox', '--in-memory', '--like', file],
      {
        cwd: dir,
        env: childEnvironment({
          SANDBOX_AUTH_PORT: '0',
          SANDBOX_APPS_PORT: '0',
          REPORTS_DIR: join(dir, 'reports'),
        }),
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    await new Promise<void>((done, fail) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Classifieds sandbox running')) done();
      });
      child.on('exit', () => {
        fail(new Error(`the sandbox stopped: ${output}${errors}`));
      });
    });
    const exited = new Promise((done) => child.on('exit', done));
    child.kill('SIGTERM');
    await exited;
    expect(output).toContain('not reproduced   2');
    expect(output).toContain('login page | header x-frame-options | "SAMEORIGIN"');
    const written = JSON.parse(readFileSync(join(dir, 'reports', 'calibration.json'), 'utf8')) as {
      notReproduced: string[];
    };
    expect(written.notReproduced).toHaveLength(2);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
