import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { caseGrep, requirementGrep } from '../embedded/requirement-grep.js';
import { spawnCollect } from '../embedded/run-suite.js';
import { NPX, PROJECT_ROOT, packAndInstall, teamEnv } from './support/packed-project.js';
import { patient } from '../helpers/target/patience.js';

/** A few tests of the suite (the two denials): the install is real, the run it makes kept small. */
const GREP = requirementGrep(['R7.1-04']);

test('the packed package, installed in another directory, runs the suite with `npx classifieds-conformance run`, reading .env and writing reports/ there', async () => {
  test.setTimeout(patient(900_000));
  const scratch = mkdtempSync(join(tmpdir(), 'conformance-packed-'));
  try {
    const env = teamEnv();
    await packAndInstall(scratch, env);
    // The team's own settings: one worker, read from .env in the directory the command runs in.
    writeFileSync(join(scratch, '.env'), 'CONFORMANCE_WORKERS=1\n');

    const run = await spawnCollect(
      NPX,
      ['classifieds-conformance', 'run', '--grep', GREP],
      env,
      180_000,
      scratch,
    );
    const output = run.stdout + run.stderr;
    expect(run.exitCode, output).toBe(0);
    expect(output, 'the .env of the current directory was read').toContain('using 1 worker');
    expect(output).toContain('2 passed, 0 failed');
    expect(
      existsSync(join(scratch, 'reports', 'allure-report', 'index.html')),
      'Allure report in ./reports',
    ).toBe(true);
    // Made with the package's allurerc.mjs, though the team's directory has none.
    const summary = JSON.parse(
      readFileSync(join(scratch, 'reports', 'allure-report', 'summary.json'), 'utf8'),
    ) as { meta?: { singleFile?: boolean } };
    expect(summary.meta?.singleFile, "the report made with the package's allurerc.mjs").toBe(true);
    const results = JSON.parse(readFileSync(join(scratch, 'reports', 'results.json'), 'utf8')) as {
      stats: { expected: number; unexpected: number };
    };
    expect(results.stats).toMatchObject({ expected: 2, unexpected: 0 });

    const requirements = await spawnCollect(
      NPX,
      ['classifieds-conformance', 'requirements'],
      env,
      120_000,
      scratch,
    );
    expect(requirements.exitCode, requirements.stdout + requirements.stderr).toBe(0);
    expect(requirements.stdout).toMatch(/\d+ requirements: \d+ covered by a test/);
    await expectSpecTravels(scratch, env);
    await expectRefusedRunIsItsOwn(scratch, env);
    await expectRerunLineWorks(scratch, env);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
});

/** The specification in the package, and beside the report its links point into. */
async function expectSpecTravels(scratch: string, env: NodeJS.ProcessEnv): Promise<void> {
  const installed = join(scratch, 'node_modules', 'classifieds-conformance', 'spec', 'classifieds-api.md');
  expect(readFileSync(installed)).toEqual(readFileSync(join(PROJECT_ROOT, 'spec', 'classifieds-api.md')));
  expect(existsSync(join(scratch, 'reports', 'allure-report', 'classifieds-api.html'))).toBe(true);
  const help = await spawnCollect(NPX, ['classifieds-conformance', '--help'], env, 60_000, scratch);
  for (const named of ['embedded', 'helpers', 'account', '.env', 'TARGET_CLIENT_SECRET', 'junit.xml'])
    expect(help.stdout).toContain(named);
}

/**
 * Right after the green run, a run refused for its configuration in CI (where a job publishes the
 * files; elsewhere the last report is left): its own JUnit and last line.
 */
async function expectRefusedRunIsItsOwn(scratch: string, env: NodeJS.ProcessEnv): Promise<void> {
  const refused = await spawnCollect(
    NPX,
    ['classifieds-conformance', 'run'],
    { ...env, TARGET_AUTH_URL: 'https://127.0.0.1:9', CI: 'true' },
    120_000,
    scratch,
  );
  expect(refused.exitCode, refused.stdout + refused.stderr).toBe(2);
  const last = refused.stdout.trim().split('\n').at(-1) ?? '';
  expect(last).toMatch(/^0 passed, 1 failed \(the run stopped before its tests: .*TARGET_APPS_URL/);
  const junit = readFileSync(join(scratch, 'reports', 'junit.xml'), 'utf8');
  expect(junit).toContain('tests="1" failures="1"');
}

const INVENTED_CODE = 'an invented code is refused with invalid_grant';

/**
 * The failing test's location is the line of its source, as in this repository, not a line of a
 * transpiled file (every location of a packaged run once read line 2): `test(` and its title.
 */
function expectSourceLocation(output: string, file: string, title: string): void {
  const printed = new RegExp(`${file.replace(/\./g, '\\.')}:(\\d+):\\d+ › .*${title}`).exec(output);
  expect(printed, output.slice(0, 3000)).not.toBeNull();
  const line = Number(printed?.[1]);
  const source = readFileSync(join(PROJECT_ROOT, file), 'utf8').split('\n');
  expect(source.slice(line - 1, line + 1).join('\n'), `line ${line} of ${file}`).toContain(title);
}

/** A failure's rerun line, run as printed in the team's directory, reruns exactly that test. */
async function expectRerunLineWorks(scratch: string, env: NodeJS.ProcessEnv): Promise<void> {
  const faulty = { ...env, SANDBOX_FAULTS: 'code-unknown-invalid-request' };
  const args = ['classifieds-conformance', 'run', '--grep', caseGrep(['invented-code'])];
  const failed = await spawnCollect(NPX, args, faulty, 180_000, scratch);
  const output = failed.stdout + failed.stderr;
  const rerun = /--- rerun the test ---\n\s*(.+)/.exec(output)?.[1]?.trim() ?? '';
  expectSourceLocation(output, 'suites/token/code-lifecycle.spec.ts', INVENTED_CODE);
  expect(rerun, output.slice(-3000)).toMatch(
    /^SANDBOX_FAULTS='code-unknown-invalid-request' npx classifieds-conformance run /,
  );
  const again = await spawnCollect('sh', ['-c', rerun], env, 180_000, scratch);
  expect(again.stdout.trim().split('\n').at(-1)).toMatch(/^0 passed, 1 failed, 0 skipped/);
  const results = JSON.parse(readFileSync(join(scratch, 'reports', 'results.json'), 'utf8')) as {
    stats: { expected: number; unexpected: number; skipped: number };
  };
  expect(results.stats).toMatchObject({ expected: 0, unexpected: 1, skipped: 0 });
}
