import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { environmentWithoutTarget, spawnCollect } from '../embedded/run-suite.js';
import { lastLine, settleResults, summarise } from '../scripts/lib.js';
import { STOPPED_TITLE } from '../helpers/report/stopped-run.js';
import { patient } from '../helpers/target/patience.js';

/** What a green run of 128 tests leaves in reports/: the files a refused run must not pass on. */
function leaveGreenRun(reports: string): void {
  const spec = {
    title: 'green',
    tests: [{ projectName: 'conformance', status: 'expected', results: [{ status: 'passed' }] }],
  };
  const suites = [{ title: 'green', specs: Array.from({ length: 128 }, () => spec) }];
  writeFileSync(join(reports, 'results.json'), JSON.stringify({ suites, errors: [] }));
  writeFileSync(join(reports, 'junit.xml'), '<testsuites tests="128" failures="0"></testsuites>');
}

/** `npm run conformance` refused for its configuration (a target without its resource server). */
function refusedRun(reports: string, ci: string): ReturnType<typeof spawnCollect> {
  const env = {
    ...environmentWithoutTarget(),
    REPORTS_DIR: reports,
    TARGET_AUTH_URL: 'https://127.0.0.1:9',
    CI: ci,
  };
  return spawnCollect(process.execPath, ['--import', 'tsx', 'scripts/conformance.ts'], env, 110_000);
}

test.describe("a run's results are its own", () => {
  test("a run refused for its configuration right after a green run leaves that run's report and results; its last line names the reason", async () => {
    test.setTimeout(patient(120_000));
    const reports = mkdtempSync(join(tmpdir(), 'conformance-refused-'));
    try {
      leaveGreenRun(reports);
      mkdirSync(join(reports, 'allure-report'));
      writeFileSync(join(reports, 'allure-report', 'index.html'), '<html>the green run</html>');
      const before = ['results.json', 'junit.xml', 'allure-report/index.html'].map((name) =>
        readFileSync(join(reports, name), 'utf8'),
      );
      const run = await refusedRun(reports, '');
      const output = run.stdout + run.stderr;
      expect(run.exitCode, output).toBe(2);
      const last = run.stdout.trim().split('\n').at(-1) ?? '';
      expect(last).toMatch(/^0 passed, 1 failed \(the run stopped before its tests: .*TARGET_APPS_URL/);
      expect(output).not.toContain('128');
      expect(run.stderr).toContain("The last run's report is left as it was");
      const after = ['results.json', 'junit.xml', 'allure-report/index.html'].map((name) =>
        readFileSync(join(reports, name), 'utf8'),
      );
      expect(after).toEqual(before);
    } finally {
      rmSync(reports, { recursive: true, force: true });
    }
  });

  test('in CI, a refused run right after a green run: one failed case naming the reason, no old counts', async () => {
    test.setTimeout(patient(120_000));
    const reports = mkdtempSync(join(tmpdir(), 'conformance-refused-ci-'));
    try {
      leaveGreenRun(reports);
      expect(lastLine(summarise(join(reports, 'results.json')))).toMatch(/^128 passed/);
      const run = await refusedRun(reports, 'true');
      const output = run.stdout + run.stderr;
      expect(run.exitCode, output).toBe(2);
      const last = run.stdout.trim().split('\n').at(-1) ?? '';
      expect(last).toMatch(/^0 passed, 1 failed \(the run stopped before its tests: .*TARGET_APPS_URL/);
      expect(output).not.toContain('128');
      const junit = readFileSync(join(reports, 'junit.xml'), 'utf8');
      expect(junit).toContain('tests="1" failures="1"');
      expect(junit.match(/<testcase /g)).toHaveLength(1);
      expect(junit).toContain(`<testcase name="${STOPPED_TITLE}"`);
      expect(junit).toMatch(/<failure message="[^"]*TARGET_APPS_URL/);
    } finally {
      rmSync(reports, { recursive: true, force: true });
    }
  });

  test('Playwright ending before any result (no results file) leaves a stopped run; a passing run is left alone', () => {
    const reports = mkdtempSync(join(tmpdir(), 'conformance-settle-'));
    try {
      settleResults(reports, 0);
      expect(existsSync(join(reports, 'results.json'))).toBe(false);
      settleResults(reports, 1);
      const counts = summarise(join(reports, 'results.json'));
      expect(counts).toMatchObject({ passed: 0, failed: 1, stopped: expect.stringContaining('status 1') });
      expect(lastLine(counts)).toMatch(
        /^0 passed, 1 failed \(the run stopped before its tests: Playwright ended/,
      );
      expect(readFileSync(join(reports, 'junit.xml'), 'utf8')).toContain('failures="1"');
    } finally {
      rmSync(reports, { recursive: true, force: true });
    }
  });
});
