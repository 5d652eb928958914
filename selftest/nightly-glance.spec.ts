import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { parse } from 'yaml';
import { childEnvironment } from '../config/environment.js';
import { referenceChoices } from '../sandbox/calibrate/calibrate.js';
import { startSandbox } from '../sandbox/start.js';

/**
 * The nightly's report job, one command for the team: it observes (the profile), scores the double,
 * recalibrates the team's sandbox (its data kept) and checks every contract, in that order, and the
 * job summary opens with the three results in three lines. The steps' own scripts are run here,
 * as the workflow has them, in a folder laid out as the runner's.
 */

const ROOT = resolve(__dirname, '..');
const NIGHTLY = join(ROOT, '.github/workflows/nightly.yml');

interface Step {
  name?: string;
  run?: string;
  if?: string;
  env?: Record<string, string>;
}

function reportSteps(): Step[] {
  const workflow = parse(readFileSync(NIGHTLY, 'utf8')) as { jobs: { report: { steps: Step[] } } };
  return workflow.jobs.report.steps;
}

function step(name: string): Step {
  const found = reportSteps().find((one) => one.name === name);
  if (found?.run === undefined) throw new Error(`set-up: the nightly's step "${name}"`);
  return found;
}

/**
 * A step's script run as GitHub runs it (bash -eo pipefail) in `dir`; the summary it wrote. Not
 * spawnSync: a sandbox the step reaches answers from this process.
 */
async function runStep(
  name: string,
  dir: string,
  env: Record<string, string> = {},
): Promise<{ status: number | null; summary: string; output: string }> {
  const summary = join(dir, 'summary.md');
  writeFileSync(summary, '');
  const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', step(name).run ?? ''], {
    cwd: dir,
    env: { ...childEnvironment(), GITHUB_STEP_SUMMARY: summary, ...env },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const status = await new Promise<number | null>((done) => child.on('close', done));
  return { status, summary: readFileSync(summary, 'utf8'), output };
}

function write(dir: string, path: string, text: string): void {
  mkdirSync(join(dir, path, '..'), { recursive: true });
  writeFileSync(join(dir, path), text);
}

let dir: string;
test.beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'nightly-glance-'));
});
test.afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

test('observe, score the double, recalibrate the team’s sandbox, check the contracts: in that order, the glance first in the summary', () => {
  const names = reportSteps().map((one) => one.name);
  const order = [
    'What changed since last night',
    'Fidelity of the double',
    "Recalibrate the team's sandbox",
    'Reliance contracts',
    'At a glance',
    'Triage',
    'Generate the Allure report',
  ].map((name) => names.indexOf(name));
  expect(order.every((place) => place >= 0)).toBe(true);
  expect(order, 'in that order').toEqual([...order].sort((a, b) => a - b));
  const writers = reportSteps().filter((one) => (one.run ?? '').includes('GITHUB_STEP_SUMMARY'));
  expect(writers[0]?.name, 'the first step to write the summary: its top').toBe('At a glance');
  // The facts' Allure results written where the report is made from.
  expect(step('Fidelity of the double').run).toContain('--allure-results reports/facts-allure-results');
  expect(step('Reliance contracts').run).toContain('--allure-results reports/facts-allure-results');
  expect(step('Generate the Allure report').run).toContain('results+=(reports/facts-allure-results)');
  // Only where the team named its sandbox; the key a secret.
  const recalibrate = step("Recalibrate the team's sandbox");
  expect(recalibrate.if).toContain("vars.TEAM_SANDBOX_CONTROL_URL != ''");
  expect(recalibrate.env?.SANDBOX_CONTROL_KEY).toBe('${{ secrets.TEAM_SANDBOX_CONTROL_KEY }}');
});

test('the glance: drift, fidelity with the default double beside it, contracts holding, then the details', async () => {
  write(dir, 'reports/observed.json', '{}');
  write(dir, 'reports/drift.md', '# Drift: 3 changes since 2026-12-02T02:17:00.000Z\n\n## token (1)\n');
  write(
    dir,
    'reports/fidelity/fidelity.md',
    '## Fidelity of the double\n\nfidelity: the double agreed with the marketplace on 420 of 430 facts (97.6 %); 400 of the 400 it claims to reproduce (100 %)\n',
  );
  write(
    dir,
    'reports/fidelity-default/fidelity.md',
    'fidelity: the double agreed with the marketplace on 380 of 430 facts (88.3 %); 0 of the 0 it claims to reproduce (n/a)\n',
  );
  write(
    dir,
    'reports/fidelity-moved/fidelity.md',
    '## Fidelity of the double\n\nfidelity: the double agreed with the marketplace on 425 of 430 facts (98.8 %)\n\n| area | agreed | differing |\n| --- | --- | --- |\n| listing | 20 of 25 (80 %) | page token form |\n',
  );
  write(
    dir,
    'reports/team-sandbox.txt',
    'calibrated       the sandbox at https://sandbox.team.example ...\n',
  );
  write(
    dir,
    'reports/reliance/storefront.txt',
    'holds         endpoint | listing GET | HTTP 200\nreliance: 1 facts: 1 hold, 0 broken, 0 unverified tonight\n',
  );
  write(
    dir,
    'reports/reliance/backoffice.txt',
    'BROKEN        catalog id | vehicle_model 1001 | car / Chevrolet / Onix\nreliance: 9 facts: 5 hold, 2 broken, 2 unverified tonight\n',
  );
  write(dir, 'reports/reliance/unreadable.txt', '');
  const { status, summary, output } = await runStep('At a glance', dir);
  expect(status, output).toBe(0);
  expect(summary.split('\n').slice(0, 4)).toEqual([
    '## At a glance',
    '- **Observed drift:** 3 changes since 2026-12-02T02:17:00.000Z',
    "- **Fidelity of the double:** 420 of 430 facts (97.6 %); 400 of the 400 it claims to reproduce (100 %); the default double 380 of 430 facts (88.3 %); the night before (the team's double) 425 of 430 facts (98.8 %)",
    "- **Reliance contracts:** 1 of 3 hold (2 facts broken, 2 unverified, 1 not checked: see the step's log)",
  ]);
  expect(summary).toContain('calibrated       the sandbox at https://sandbox.team.example');
  expect(summary, 'what moved since the night before, by area').toContain(
    '### Since the night before\n\n| area | agreed | differing |\n| --- | --- | --- |\n| listing | 20 of 25 (80 %) | page token form |',
  );
  expect(summary).toContain('### backoffice\n```\nBROKEN        catalog id | vehicle_model 1001');
  expect(summary, 'a fact that holds stays out of the summary').not.toContain('holds         endpoint');
});

test('the glance of a night that observed nothing, or had nothing to score or check, says so on each line', async () => {
  const { status, summary } = await runStep('At a glance', dir);
  expect(status).toBe(0);
  expect(summary.split('\n').slice(1, 4)).toEqual([
    '- **Observed drift:** no profile tonight: no shard observed the target',
    '- **Fidelity of the double:** not scored: no profile tonight',
    '- **Reliance contracts:** not checked: no profile tonight',
  ]);
  write(dir, 'reports/observed.json', '{}');
  const observed = await runStep('At a glance', dir);
  expect(observed.summary.split('\n').slice(1, 4)).toEqual([
    '- **Observed drift:** not compared: no earlier night kept',
    "- **Fidelity of the double:** not scored: the double's run gave no score (see the step's log)",
    '- **Reliance contracts:** none: no reliance/*.txt in the repository',
  ]);
});

/** A folder with npx as the runner has it: the package's command (`npx classifieds-conformance ...`). */
function fakeNpx(): string {
  write(
    dir,
    'bin/npx',
    `#!/bin/sh\n[ "$1" = classifieds-conformance ] || exit 127\nshift\nexec "${process.execPath}" "${require.resolve('tsx/cli')}" "${join(ROOT, 'bin/cli.ts')}" "$@"\n`,
  );
  chmodSync(join(dir, 'bin', 'npx'), 0o755);
  return join(dir, 'bin');
}

/** The reference's own observation, the listing's BAD_REQUEST answered 422 as a marketplace might. */
function marketplaceProfile(): Record<string, unknown> {
  const areas = structuredClone(referenceChoices());
  areas.listing = {
    ...areas.listing,
    'error BAD_REQUEST': 'HTTP 422 {message:string,reason:"BAD_REQUEST"}',
  };
  return {
    format: 'classifieds-observed-profile/1',
    target: 'a marketplace',
    observedAt: '2026-12-03T02:00:00.000Z',
    run: {},
    areas,
  };
}

test('the recalibration step: the team’s running sandbox takes tonight’s profile, its data kept; a night without a catalog leaves it as it was', async () => {
  const key = 'nightly-glance-team-sandbox-key';
  const sandbox = await startSandbox({ dataDir: join(dir, 'data'), fresh: true, controlKey: key });
  try {
    const created = await fetch(`${sandbox.controlUrl}/test_helpers/v1/users`, {
      method: 'POST',
      headers: { 'x-sandbox-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ login: 'team-user' }),
    });
    expect(created.status, 'set-up: a user of the team').toBe(201);
    const env = {
      PATH: `${fakeNpx()}:${childEnvironment().PATH ?? ''}`,
      SANDBOX_CONTROL_URL: sandbox.controlUrl,
      SANDBOX_CONTROL_KEY: key,
    };
    const profile = marketplaceProfile();
    const listing = async (): Promise<number> =>
      (await fetch(`${sandbox.appsUrl}/autoupload/v1/published`)).status;

    write(dir, 'reports/observed.json', JSON.stringify({ ...profile, catalog: null }));
    const broken = await runStep("Recalibrate the team's sandbox", dir, env);
    expect(broken.status, broken.output).toBe(0);
    expect(broken.output).toContain("the team's sandbox keeps its calibration");
    expect(await listing(), 'left as it was').toBe(400);

    const catalog = { car: { id: 'car_info', children: { Chevrolet: { id: 2, children: {} } } } };
    write(dir, 'reports/observed.json', JSON.stringify({ ...profile, catalog }));
    const night = await runStep("Recalibrate the team's sandbox", dir, env);
    expect(night.status, night.output).toBe(0);
    expect(readFileSync(join(dir, 'reports/team-sandbox.txt'), 'utf8')).toMatch(
      /^calibrated {7}the sandbox at .*its data kept/,
    );
    expect(night.output, 'the control key never shown').not.toContain(key);
    expect(await listing(), 'the next request answers as observed').toBe(422);
    expect(sandbox.state.users.has('team-user'), 'its data kept').toBe(true);
  } finally {
    await sandbox.close();
  }
});
