// What the commands share: running a command, and reading a Playwright JSON report into the counts
// and the exit status of the gate (npm test, npm run conformance, the job summary, the self-tests).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import {
  BROKEN_ENVIRONMENT_PATTERN,
  PREFLIGHT_ANNOTATION,
  SET_UP_FAILED_PATTERN,
} from '../helpers/target/broken-environment.js';

/** Runs a command with inherited output; returns its exit status. */
export function run(command: string, args: readonly string[], env: Record<string, string> = {}): number {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
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
  warnings: number;
  broken: number;
  errors: number;
}

/** Reads a Playwright JSON report (the caller checks that the file exists). */
export function readJsonReport(file: string): JsonReport {
  return JSON.parse(readFileSync(file, 'utf8')) as JsonReport;
}

/**
 * The Playwright JSON results as counts. A failed test of the `advisory` project is a warning
 * (a point the specification does not require), never a failure of the gate. `broken` counts the
 * failed tests whose cause is the environment (the target down, a gateway page, a test helper),
 * not the API: they are also in `failed`, so the gate still fails.
 */
export function summarise(resultsFile: string): RunCounts {
  const counts: RunCounts = { passed: 0, failed: 0, skipped: 0, warnings: 0, broken: 0, errors: 0 };
  if (!existsSync(resultsFile)) return counts;
  const report = readJsonReport(resultsFile);
  // Errors outside any test (global setup, a worker's teardown) fail the run whatever the tests did.
  counts.errors = (report.errors ?? []).length;
  for (const test of (report.suites ?? []).flatMap(specsOf).flatMap((spec) => spec.tests)) {
    if (preflightCauseOf(test) !== undefined) {
      counts.failed += 1;
      counts.broken += 1;
    } else if (test.status === 'skipped') counts.skipped += 1;
    else if (test.status === 'expected' || test.status === 'flaky') counts.passed += 1;
    else if (test.projectName === 'advisory') counts.warnings += 1;
    else {
      counts.failed += 1;
      if (brokenEnvironment(test)) counts.broken += 1;
    }
  }
  return counts;
}

/** The line that tells broken apart from failed, or '' when nothing was broken. */
export function brokenLine(counts: RunCounts): string {
  if (counts.broken === 0) return '';
  return `${counts.broken} of the ${counts.failed} failed are broken (the environment, or a set-up step that could not proceed: see "Broken environment" in the report); ${counts.failed - counts.broken} are conformance failures.`;
}

/** The gate's exit status: Playwright's, except that advisory warnings alone do not fail it. */
export function gateStatus(playwrightStatus: number, counts: RunCounts): number {
  if (playwrightStatus === 0) return 0;
  // Status 1 is "some test failed"; anything else (a crash, a bad configuration) stands.
  const onlyWarnings = counts.failed === 0 && counts.errors === 0 && counts.warnings > 0;
  return playwrightStatus === 1 && onlyWarnings ? 0 : playwrightStatus;
}
