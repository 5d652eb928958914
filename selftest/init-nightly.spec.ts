import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { parse } from 'yaml';
import { patient } from '../helpers/target/patience.js';

/**
 * `init` writes the nightly as the package has it, with the team's one command: observe, score the
 * double, recalibrate the team's sandbox (when its variable is set), check every contract, the
 * glance atop the summary; and it tells the team which variable and secret turn the recalibration on.
 */

const ROOT = resolve(__dirname, '..');
const COMMAND = join(ROOT, 'bin', 'classifieds-conformance.mjs');
const NIGHTLY = '.github/workflows/conformance-nightly.yml';

test('init writes the nightly with the recalibration of the team’s sandbox and the glance, and says how to turn it on', () => {
  const team = mkdtempSync(join(tmpdir(), 'init-nightly-'));
  try {
    const result = spawnSync(process.execPath, [COMMAND, 'init', '--dir', team], {
      cwd: team,
      encoding: 'utf8',
      timeout: patient(60_000),
    });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain(
      'the variable TEAM_SANDBOX_CONTROL_URL and the secret TEAM_SANDBOX_CONTROL_KEY',
    );
    const written = readFileSync(join(team, NIGHTLY), 'utf8');
    expect(written).toBe(readFileSync(join(ROOT, '.github/workflows/nightly.yml'), 'utf8'));
    const steps = (parse(written) as { jobs: { report: { steps: Array<{ name?: string; run?: string }> } } })
      .jobs.report.steps;
    const names = steps.map((step) => step.name);
    const recalibrate = names.indexOf("Recalibrate the team's sandbox");
    expect(recalibrate).toBeGreaterThan(names.indexOf('Fidelity of the double'));
    expect(recalibrate).toBeLessThan(names.indexOf('Reliance contracts'));
    expect(steps[recalibrate]?.run).toContain(
      'npx classifieds-conformance calibrate --observed reports/observed.json',
    );
    expect(names.indexOf('At a glance')).toBeGreaterThan(names.indexOf('Reliance contracts'));
  } finally {
    rmSync(team, { recursive: true, force: true });
  }
});
