import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { environmentWithoutTarget, spawnCollect } from '../embedded/run-suite.js';
import { playwrightTestArgs } from '../embedded/playwright-command.js';
import ProfileReporter from '../helpers/profile/profile-reporter.js';
import { patient } from '../helpers/target/patience.js';

/**
 * No command overwrites a file it does not own: docs/suites.md's "what would run" (`--list`) writes
 * no report, and a run that observed nothing leaves reports/observed.json (the real run's profile
 * that `sandbox --like`, `calibrate` and `fidelity` read) as it was.
 */
let reports: string;
test.beforeEach(() => {
  reports = mkdtempSync(join(tmpdir(), 'reports-kept-'));
});
test.afterEach(() => {
  rmSync(reports, { recursive: true, force: true });
});

/** A real run's files: what a listing or an observation-less run must leave. */
const LAST_RUN: Record<string, string> = {
  'observed.json':
    '{"format": "classifieds-observed-profile/1", "areas": {"listing": {"a": "the real run"}}}\n',
  'results.json': '{"suites": [], "errors": []}\n',
  'junit.xml': '<testsuites tests="128" failures="0"></testsuites>\n',
  'drift.md': '# Drift: none\n',
};

function leaveLastRun(): void {
  for (const [name, text] of Object.entries(LAST_RUN)) writeFileSync(join(reports, name), text);
}

function filesNow(): Record<string, string> {
  return Object.fromEntries(
    readdirSync(reports, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => [entry.name, readFileSync(join(reports, entry.name), 'utf8')]),
  );
}

test('a run that observed nothing leaves the profile, and its drift, as they were', async () => {
  leaveLastRun();
  mkdirSync(join(reports, 'observed-parts'));
  const reporter = new ProfileReporter({ reportsDir: reports });
  reporter.onBegin();
  expect(await reporter.onEnd()).toBeUndefined();
  expect(filesNow()).toEqual(LAST_RUN);
});

test('"what would run" (--list) writes no report', async () => {
  test.setTimeout(patient(120_000));
  leaveLastRun();
  const listed = await spawnCollect(
    process.execPath,
    [...playwrightTestArgs(), '--project=selftest', '--list', 'selftest/reports-kept.spec.ts'],
    { ...environmentWithoutTarget(), REPORTS_DIR: reports },
    110_000,
  );
  expect(listed.exitCode, listed.stdout + listed.stderr).toBe(0);
  expect(listed.stdout).toContain('reports-kept.spec.ts');
  expect(filesNow()).toEqual(LAST_RUN);
  expect(readdirSync(reports).sort()).toEqual(Object.keys(LAST_RUN).sort());
});
