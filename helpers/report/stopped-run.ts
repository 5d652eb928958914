import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Environment, environment, settingsOf } from '../../config/environment.js';
import { escapeMarkup } from './escape-markup.js';

/**
 * A run that stops before its tests (a configuration refused, a wrong client secret, a global
 * set-up that failed) still leaves its own results: one failed case naming the reason, in the JSON
 * and JUnit files the configured reporters would have written. Without them a CI job would publish
 * the previous run's files, and read its counts.
 */
export const STOPPED_ANNOTATION = 'stopped-before-tests';

/** The title of the one case of a stopped run. */
export const STOPPED_TITLE = 'The run stopped before its tests';

/** What a run writes into its reports folder: removed at its start, so none is another run's. */
export const RUN_RESULTS = [
  'results.json',
  'junit.xml',
  'allure-results',
  'test-output',
  'origins',
  'run-origins.json',
] as const;

/** The reports folder the configuration writes into (playwright.config.ts reads the same variable). */
export function reportsDirOf(env: Environment = environment()): string {
  return settingsOf(env).REPORTS_DIR;
}

/** Removes the results of an earlier run that this run would write (the history stays). */
export function clearRunResults(reportsDir: string): void {
  for (const name of RUN_RESULTS) rmSync(join(reportsDir, name), { recursive: true, force: true });
}

/** Playwright's JSON report of a run whose one case is the reason it stopped. */
function stoppedJson(reason: string): object {
  const test = {
    projectName: 'conformance',
    expectedStatus: 'passed',
    status: 'unexpected',
    annotations: [{ type: STOPPED_ANNOTATION, description: reason }],
    results: [{ status: 'failed', error: { message: `${STOPPED_TITLE}: ${reason}` } }],
  };
  const spec = { title: STOPPED_TITLE, ok: false, tags: [], file: 'global-setup', line: 0, tests: [test] };
  return {
    config: {},
    suites: [{ title: 'global-setup', file: 'global-setup', specs: [spec], suites: [] }],
    errors: [],
    stats: { expected: 0, unexpected: 1, skipped: 0, flaky: 0 },
  };
}

function stoppedJunit(reason: string): string {
  const message = escapeMarkup(`${STOPPED_TITLE}: ${reason}`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<testsuites id="" name="" tests="1" failures="1" skipped="0" errors="0" time="0">',
    '<testsuite name="global-setup" timestamp="" hostname="conformance" tests="1" failures="1" skipped="0" time="0" errors="0">',
    `<testcase name="${escapeMarkup(STOPPED_TITLE)}" classname="global-setup" time="0">`,
    `<failure message="${message}" type="StoppedBeforeTests">${message}</failure>`,
    '</testcase>',
    '</testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}

/** Writes the stopped run's JSON and JUnit results (the reason must hold no secret: it names variables). */
export function writeStoppedRun(reportsDir: string, reason: string): void {
  mkdirSync(reportsDir, { recursive: true });
  writeFileSync(join(reportsDir, 'results.json'), `${JSON.stringify(stoppedJson(reason), null, 2)}\n`);
  writeFileSync(join(reportsDir, 'junit.xml'), stoppedJunit(reason));
}

/** A multi-line refusal as the one line a failed case and a last line carry. */
export function oneLineReason(message: string): string {
  return message
    .split('\n')
    .map((line) => line.trim().replace(/^- /, ''))
    .filter((line) => line !== '')
    .join('; ')
    .replace(/:; /g, ': ');
}
