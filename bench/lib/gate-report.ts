import { readFileSync } from 'node:fs';

/** What one gate run's Playwright JSON report says: per area and where the tests' time went. */

interface JsonStep {
  title: string;
  duration: number;
}
interface JsonTest {
  results: Array<{ duration: number; status: string; startTime: string; steps?: JsonStep[] }>;
}
interface JsonSpec {
  title: string;
  file: string;
  tests: JsonTest[];
}
interface JsonSuite {
  specs?: JsonSpec[];
  suites?: JsonSuite[];
}

export interface AreaFigures {
  tests: number;
  seconds: number;
  slowest: string;
  slowestSeconds: number;
  /** Browser authorization flows run by the area's tests. */
  browserFlows: number;
}

/** Summed durations of the tests' top-level steps by kind, and the tests' time outside them. */
export interface TimeSpent {
  browserFlows: number;
  browserSeconds: number;
  /** Set-up authorizations by the browserless form flow. */
  formFlows: number;
  formSeconds: number;
  exchanges: number;
  exchangeSeconds: number;
  /** Test time in no step: fixtures, waits for deliveries and quiet periods, assertions. */
  otherSeconds: number;
}

export interface GateReport {
  /** Playwright's own run, from its start to its end. */
  runSeconds: number;
  /** From Playwright's start to the first test's: global setup, the first worker's start-up. */
  firstTestSeconds: number;
  tests: number;
  failed: number;
  skipped: number;
  testSeconds: number;
  areas: Map<string, AreaFigures>;
  spent: TimeSpent;
}

const specsOf = (suite: JsonSuite): JsonSpec[] => [
  ...(suite.specs ?? []),
  ...(suite.suites ?? []).flatMap(specsOf),
];

/** The area of a test: its folder under suites/, or its file for a file at the top. */
function areaOf(file: string): string {
  const area = file.replace(/^suites\//, '').split('/')[0] ?? file;
  return area.replace(/\.(slow\.)?spec\.ts$/, '');
}

const EXCHANGE_STEP = /^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) \//;

export function readGateReport(path: string): GateReport {
  const report = JSON.parse(readFileSync(path, 'utf8')) as {
    suites: JsonSuite[];
    stats: { startTime: string; duration: number };
  };
  const runStart = Date.parse(report.stats.startTime);
  let firstTest = Number.POSITIVE_INFINITY;
  const areas = new Map<string, AreaFigures>();
  const spent: TimeSpent = {
    browserFlows: 0,
    browserSeconds: 0,
    formFlows: 0,
    formSeconds: 0,
    exchanges: 0,
    exchangeSeconds: 0,
    otherSeconds: 0,
  };
  const totals = { tests: 0, failed: 0, skipped: 0, testSeconds: 0 };
  for (const spec of report.suites.flatMap(specsOf)) {
    const result = spec.tests[0]?.results.at(-1);
    if (result === undefined) continue;
    const seconds = result.duration / 1000;
    firstTest = Math.min(firstTest, Date.parse(result.startTime));
    totals.tests += 1;
    totals.testSeconds += seconds;
    if (result.status === 'skipped') totals.skipped += 1;
    else if (result.status !== 'passed') totals.failed += 1;
    const flowsBefore = spent.browserFlows;
    addSteps(spent, result.steps ?? [], seconds);
    addToArea(areas, areaOf(spec.file), spec.title, seconds, spent.browserFlows - flowsBefore);
  }
  return {
    runSeconds: report.stats.duration / 1000,
    firstTestSeconds: (firstTest - runStart) / 1000,
    ...totals,
    areas,
    spent,
  };
}

function addToArea(
  areas: Map<string, AreaFigures>,
  area: string,
  title: string,
  seconds: number,
  browserFlows: number,
): void {
  const figures = areas.get(area) ?? {
    tests: 0,
    seconds: 0,
    slowest: '',
    slowestSeconds: 0,
    browserFlows: 0,
  };
  figures.tests += 1;
  figures.browserFlows += browserFlows;
  figures.seconds += seconds;
  if (seconds > figures.slowestSeconds) Object.assign(figures, { slowest: title, slowestSeconds: seconds });
  areas.set(area, figures);
}

function addSteps(spent: TimeSpent, steps: readonly JsonStep[], testSeconds: number): void {
  let inSteps = 0;
  for (const step of steps) {
    const seconds = step.duration / 1000;
    if (step.title.startsWith('browser:')) {
      spent.browserFlows += 1;
      spent.browserSeconds += seconds;
    } else if (step.title.startsWith('form flow:')) {
      spent.formFlows += 1;
      spent.formSeconds += seconds;
    } else if (EXCHANGE_STEP.test(step.title)) {
      spent.exchanges += 1;
      spent.exchangeSeconds += seconds;
    } else continue;
    inSteps += seconds;
  }
  spent.otherSeconds += Math.max(0, testSeconds - inSteps);
}
