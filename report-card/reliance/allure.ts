import { createHash, randomUUID } from 'node:crypto';
import { Stage, Status, type TestResult } from 'allure-js-commons';
import type { FactTest } from '../../helpers/profile/fidelity.js';
import { UnsyncedWriter } from '../../helpers/report/allure-reporter.js';
import { unverifiedText, type FactVerdict } from './check.js';

/**
 * Facts as Allure results, one a fact, through the runner's own writer (each file published whole):
 * written into a night's allure-results before its report is made, they group under a suite of
 * their own (`fidelity`, `reliance <contract>`: the report's tree is parentSuite, then suite), by
 * area or kind. A fact keeps its history id from night to night: its suite and name.
 */

const STATUSES: Readonly<Record<FactTest['status'], Status>> = {
  passed: Status.PASSED,
  failed: Status.FAILED,
  skipped: Status.SKIPPED,
};

/**
 * What the facts are, as the `kind` label says it: not tests of the target, so the report's name
 * counts them no more than the run's last line does (scripts/allure-counts.mjs), and a category of
 * their own holds their failures (allurerc.mjs).
 */
export type FactKind = 'fidelity' | 'reliance';

function resultOf(suite: string, kind: FactKind, test: FactTest, now: number): TestResult {
  const id = createHash('md5').update(`${suite}\n${test.name}`).digest('hex');
  const parameters = [
    ...(test.expected === undefined ? [] : [{ name: 'expected', value: test.expected }]),
    ...(test.actual === undefined ? [] : [{ name: 'actual', value: test.actual }]),
  ];
  return {
    uuid: randomUUID(),
    historyId: id,
    testCaseId: id,
    name: test.name,
    fullName: `${suite}: ${test.name}`,
    status: STATUSES[test.status],
    statusDetails: {
      ...(test.message === undefined ? {} : { message: test.message }),
      ...(test.expected === undefined ? {} : { expected: test.expected }),
      ...(test.actual === undefined ? {} : { actual: test.actual }),
    },
    stage: Stage.FINISHED,
    start: now,
    stop: now,
    labels: [
      { name: 'parentSuite', value: suite },
      { name: 'suite', value: test.group },
      { name: 'feature', value: suite },
      { name: 'kind', value: kind },
    ],
    // The values where the report lists tests; excluded from the history id (set above).
    parameters: parameters.map((parameter) => ({ ...parameter, excluded: true })),
    links: [],
    steps: [],
    attachments: [],
  };
}

/** Writes one result a fact into `resultsDir` (made if missing); returns how many. */
export function writeFactTests(
  resultsDir: string,
  suite: string,
  kind: FactKind,
  tests: readonly FactTest[],
): number {
  const writer = new UnsyncedWriter(resultsDir);
  const now = Date.now();
  for (const test of tests) writer.writeResult(resultOf(suite, kind, test, now));
  return tests.length;
}

/**
 * A contract's verdicts as tests: holds passed; broken failed (what the client relies on, what the
 * marketplace does now, since which night, what to do); unverified skipped, with why and what would verify it.
 */
export function relianceTests(verdicts: readonly FactVerdict[]): FactTest[] {
  return verdicts.map((verdict): FactTest => {
    const base = { name: verdict.line, group: verdict.fact.kind };
    if (verdict.standing === 'holds') return { ...base, status: 'passed' };
    if (verdict.standing === 'unverified')
      return { ...base, status: 'skipped', message: `unverified tonight: ${unverifiedText(verdict)}` };
    return {
      ...base,
      status: 'failed',
      message: `relies on ${verdict.fact.subject} = ${verdict.fact.value}; the marketplace ${verdict.now ?? ''} since ${(verdict.since ?? '').slice(0, 10)}: ${verdict.todo ?? ''}`,
      expected: verdict.fact.value,
      actual: verdict.now ?? '',
    };
  });
}
