// What the commands share: running a command, and reading a Playwright JSON report into the counts
// and the exit status of the gate (npm test, npm run conformance, the job summary, the self-tests).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { advisoryWarningOf } from '../helpers/report/advisory-warning.js';
import { RUN_ORIGINS_FILE } from '../helpers/report/origins.js';
import {
  BROKEN_ENVIRONMENT_PATTERN,
  PREFLIGHT_ANNOTATION,
  SET_UP_FAILED_PATTERN,
} from '../helpers/target/broken-environment.js';
import { STOPPED_ANNOTATION, writeStoppedRun } from '../helpers/report/stopped-run.js';
import { childEnvironment } from '../config/environment.js';

/** Runs a command with inherited output; returns its exit status. */
export function run(command: string, args: readonly string[], env: Record<string, string> = {}): number {
  const result = spawnSync(command, args, { stdio: 'inherit', env: childEnvironment({ ...env }) });
  return result.status ?? 1;
}

/** Node's arguments that run a TypeScript script of this package under tsx (a runtime dependency). */
export function tsxArgs(script: string, ...args: readonly string[]): string[] {
  return [require.resolve('tsx/cli'), script, ...args];
}

/** The parts of Playwright's JSON report (its `json` reporter) that the scripts read. */
export interface JsonAnnotation {
  type: string;
  description?: string;
}
export interface JsonError {
  message?: string;
}
export interface JsonResult {
  status?: string;
  error?: JsonError;
  errors?: JsonError[];
  annotations?: JsonAnnotation[];
}
export interface JsonTest {
  projectName: string;
  status: string;
  annotations?: JsonAnnotation[];
  results: JsonResult[];
}
export interface JsonSpec {
  title: string;
  file?: string;
  line?: number;
  column?: number;
  tags?: string[];
  tests: JsonTest[];
}
export interface JsonSuite {
  specs?: JsonSpec[];
  suites?: JsonSuite[];
}
export interface JsonReport {
  config?: { shard?: { current: number; total: number } | null };
  errors?: JsonError[];
  suites?: JsonSuite[];
}

/** Every spec of a suite and of the suites it holds. */
export function specsOf(suite: JsonSuite): JsonSpec[] {
  return [...(suite.specs ?? []), ...(suite.suites ?? []).flatMap(specsOf)];
}

/** The message of a test's last attempt, or ''. */
export function lastMessage(test: JsonTest): string {
  const last = test.results.at(-1);
  return last?.error?.message ?? last?.errors?.[0]?.message ?? '';
}

/**
 * The cause of a test stopped by the preflight (skipped at once because the target was down), or
 * undefined: such a test counts as failed and broken, never as skipped.
 */
export function preflightCauseOf(test: Pick<JsonTest, 'annotations'>): string | undefined {
  const stopped = (test.annotations ?? []).find((annotation) => annotation.type === PREFLIGHT_ANNOTATION);
  return stopped === undefined ? undefined : (stopped.description ?? '');
}

/** A test that ended on a broken environment or on a set-up step that could not proceed. */
function brokenEnvironment(test: JsonTest): boolean {
  const message = test.results.at(-1)?.error?.message ?? '';
  return BROKEN_ENVIRONMENT_PATTERN.test(message) || SET_UP_FAILED_PATTERN.test(message);
}

export interface RunCounts {
  passed: number;
  failed: number;
  skipped: number;
  /** Passed tests (in `passed`) whose advisory point did not hold. */
  warnings: number;
  broken: number;
  errors: number;
  /**
   * Failed tests (in `failed`) whose every failed requirement is an accepted known deviation
   * (scripts/triage/): shown apart, never a failure of the gate.
   */
  known?: number;
  /** Why the run stopped before its tests (its one failed case), or undefined when they ran. */
  stopped?: string;
  /** Its API requests went to another server than the target it names (helpers/report/origins.ts). */
  strayOrigins?: string;
}

/** Reads a Playwright JSON report (the caller checks that the file exists). */
export function readJsonReport(file: string): JsonReport {
  return JSON.parse(readFileSync(file, 'utf8')) as JsonReport;
}

/**
 * The Playwright JSON results as counts, as Playwright's own summary, JUnit and the Allure report
 * count them: passed, failed and skipped add up to the tests. An advisory warning (a point the
 * specification does not require, helpers/assert/advise.ts) is a passed test, counted among the
 * passed and again in `warnings`; never a failure of the gate. `broken` counts the failed tests
 * whose cause is the environment (the target down, a gateway page, a test helper), not the API:
 * they are also in `failed`, so the gate still fails.
 */
export function summarise(resultsFile: string): RunCounts {
  const counts: RunCounts = { passed: 0, failed: 0, skipped: 0, warnings: 0, broken: 0, errors: 0 };
  if (!existsSync(resultsFile)) return counts;
  const origins = join(dirname(resultsFile), RUN_ORIGINS_FILE);
  if (existsSync(origins)) {
    const broken = (JSON.parse(readFileSync(origins, 'utf8')) as { broken?: unknown }).broken;
    if (typeof broken === 'string') counts.strayOrigins = broken;
  }
  const report = readJsonReport(resultsFile);
  // Errors outside any test (global setup, a worker's teardown) fail the run whatever the tests did.
  counts.errors = (report.errors ?? []).length;
  for (const test of (report.suites ?? []).flatMap(specsOf).flatMap((spec) => spec.tests)) {
    const stopped = test.annotations?.find((annotation) => annotation.type === STOPPED_ANNOTATION);
    if (stopped !== undefined) counts.stopped = stopped.description ?? '';
    if (preflightCauseOf(test) !== undefined) {
      counts.failed += 1;
      counts.broken += 1;
    } else if (test.status === 'skipped') counts.skipped += 1;
    else if (test.status === 'expected' || test.status === 'flaky') {
      counts.passed += 1;
      if (advisoryWarningOf(test) !== undefined) counts.warnings += 1;
    } else {
      counts.failed += 1;
      if (brokenEnvironment(test)) counts.broken += 1;
    }
  }
  return counts;
}

/**
 * Makes sure a run that ended without running its tests leaves results of its own: global set-up
 * writes them when it refuses the run (helpers/report/stopped-run.ts); anything else that ended
 * Playwright before its tests (a set-up that threw, a configuration that did not load, no test
 * found) is written here, with its first error as the reason. Called after Playwright ends.
 */
export function settleResults(reportsDir: string, playwrightStatus: number): void {
  if (playwrightStatus === 0) return;
  const file = `${reportsDir}/results.json`;
  if (!existsSync(file)) {
    writeStoppedRun(
      reportsDir,
      `Playwright ended with status ${playwrightStatus} before writing any result: see the output above`,
    );
    return;
  }
  const report = readJsonReport(file);
  const tests = (report.suites ?? []).flatMap(specsOf).flatMap((spec) => spec.tests);
  const ran = tests.some((test) => test.results.length > 0);
  const firstError = (report.errors ?? [])[0]?.message?.split('\n')[0]?.trim();
  if (!ran && firstError !== undefined) writeStoppedRun(reportsDir, firstError);
}

/** The run's last line: its counts, and why it stopped when it stopped before its tests. */
export function lastLine(counts: RunCounts, failedChecks = 0): string {
  const { passed, skipped, warnings } = counts;
  const known = counts.known ?? 0;
  const failed = counts.failed - known;
  if (counts.stopped !== undefined)
    return `${passed} passed, ${failed + failedChecks} failed (the run stopped before its tests: ${counts.stopped})`;
  const line = `${passed} passed, ${failed + failedChecks} failed, ${skipped} skipped, ${warnings} advisory warnings`;
  const counted = known === 0 ? line : `${line}, ${known} known deviations`;
  return counts.strayOrigins === undefined
    ? counted
    : `${counted} (the run is BROKEN: ${counts.strayOrigins})`;
}

/** The line that tells broken apart from failed, or '' when nothing was broken. */
export function brokenLine(counts: RunCounts): string {
  if (counts.broken === 0) return '';
  return `${counts.broken} of the ${counts.failed} failed are broken (the environment, or a set-up step that could not proceed: see "Broken environment" in the report); ${counts.failed - counts.broken} are conformance failures.`;
}

/**
 * The gate's exit status: Playwright's (advisory warnings are passed tests, so they never fail it),
 * except that failures all accepted as known deviations do not fail it either.
 */
export function gateStatus(playwrightStatus: number, counts: RunCounts): number {
  // A run that tested another server than it names is never green, whatever its tests said.
  if (counts.strayOrigins !== undefined) return playwrightStatus === 0 ? 1 : playwrightStatus;
  if (playwrightStatus === 0) return 0;
  // Status 1 is "some test failed"; anything else (a crash, a bad configuration) stands. Failures
  // that are all accepted known deviations (counts.known) do not fail it either.
  const known = counts.known ?? 0;
  const excused = counts.failed === known && counts.errors === 0 && known > 0;
  return playwrightStatus === 1 && excused ? 0 : playwrightStatus;
}
