import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

/** Runs a command with inherited output; returns its exit status. */
export function run(command, args, env = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function specsOf(suite) {
  return [...(suite.specs ?? []), ...(suite.suites ?? []).flatMap(specsOf)];
}

/**
 * The headline of a broken-environment error or of a set-up step that could not proceed
 * (helpers/broken-environment.ts BROKEN_ENVIRONMENT_PATTERN, helpers/set-up.ts SET_UP_FAILED_PATTERN).
 */
const BROKEN_ENVIRONMENT = /^(Broken environment|Set-up could not proceed): /;

/** The annotation of a test stopped by global setup's preflight (helpers/broken-environment.ts PREFLIGHT_ANNOTATION). */
const PREFLIGHT_ANNOTATION = 'broken-environment';

/**
 * The cause of a test stopped by the preflight (skipped at once because the target was down), or
 * undefined: such a test counts as failed and broken, never as skipped.
 */
export function preflightCauseOf(test) {
  const stopped = (test.annotations ?? []).find((annotation) => annotation.type === PREFLIGHT_ANNOTATION);
  return stopped === undefined ? undefined : (stopped.description ?? '');
}

function brokenEnvironment(test) {
  const message = test.results?.at(-1)?.error?.message ?? '';
  return BROKEN_ENVIRONMENT.test(message);
}

/**
 * The Playwright JSON results as counts. A failed test of the `advisory` project is a warning
 * (a point the specification does not require), never a failure of the gate. `broken` counts the
 * failed tests whose cause is the environment (the target down, a gateway page, a test helper),
 * not the API: they are also in `failed`, so the gate still fails.
 */
export function summarise(resultsFile) {
  const counts = { passed: 0, failed: 0, skipped: 0, warnings: 0, broken: 0, errors: 0 };
  if (!existsSync(resultsFile)) return counts;
  const report = JSON.parse(readFileSync(resultsFile, 'utf8'));
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
export function brokenLine(counts) {
  if (counts.broken === 0) return '';
  return `${counts.broken} of the ${counts.failed} failed are broken (the environment, or a set-up step that could not proceed: see "Broken environment" in the report); ${counts.failed - counts.broken} are conformance failures.`;
}

/** The gate's exit status: Playwright's, except that advisory warnings alone do not fail it. */
export function gateStatus(playwrightStatus, counts) {
  if (playwrightStatus === 0) return 0;
  // Status 1 is "some test failed"; anything else (a crash, a bad configuration) stands.
  const onlyWarnings = counts.failed === 0 && counts.errors === 0 && counts.warnings > 0;
  return playwrightStatus === 1 && onlyWarnings ? 0 : playwrightStatus;
}
