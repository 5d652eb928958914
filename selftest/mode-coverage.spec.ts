import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { format, resolveConfig } from 'prettier';
import { runMode } from '../helpers/report/report-environment.js';
import { counts, readCoverage, skipReasons } from '../scripts/mode-coverage.js';
import { README_END, README_START, readmeSection } from '../scripts/mode-table.js';

/**
 * The mode a run is in (the Allure panel's `mode`), and the measured coverage
 * per mode held together with what the README states, each skip saying what would unlock it.
 */
test.describe('the coverage per mode', () => {
  test('the report names the mode: helpers with a control key, account without, and the opt-ins', () => {
    const cases: Array<[NodeJS.ProcessEnv, string]> = [
      [{ SANDBOX_CONTROL_KEY: 'key' }, 'helpers'],
      [{}, 'account'],
      [{ SANDBOX_CONTROL_KEY: ' ' }, 'account'],
      [{ CONFORMANCE_SLOW: '1' }, 'account+slow'],
      [{ CONFORMANCE_RATE_LIMIT_BURST: '500' }, 'account+burst'],
      // The burst is the account mode's stand-in for the helpers' limit: with them it changes nothing.
      [
        { SANDBOX_CONTROL_KEY: 'key', CONFORMANCE_RATE_LIMIT_BURST: '500', CONFORMANCE_SLOW: '1' },
        'helpers+slow',
      ],
    ];
    expect(cases.map(([env]) => runMode(env))).toEqual(cases.map(([, mode]) => mode));
  });

  test('the README states the numbers and the table of scripts/mode-coverage.json', async () => {
    const file = readCoverage();
    expect(file, 'npm run requirements -- --measure writes it').not.toBeNull();
    if (file === null) return;
    const readmePath = resolve(__dirname, '../docs/mode-coverage.md');
    const readme = readFileSync(readmePath, 'utf8');
    const stated = readme.slice(readme.indexOf(README_START), readme.indexOf(README_END) + README_END.length);
    const options = { ...(await resolveConfig(readmePath)), filepath: readmePath };
    expect(stated, 'rerun npm run requirements -- --measure').toBe(
      (await format(readmeSection(file), options)).trimEnd(),
    );
  });

  test('every test skipped in account mode says which variable would unlock it', () => {
    const file = readCoverage();
    if (file === null) return;
    const account = file.modes.account;
    expect(counts(account).failed, 'a measured account run has no failure').toBe(0);
    const silent = skipReasons(account).filter(
      ([reason]) => !/\b(SANDBOX|TARGET|CONFORMANCE)_[A-Z0-9_]+/.test(reason),
    );
    expect(silent).toEqual([]);
  });
});
