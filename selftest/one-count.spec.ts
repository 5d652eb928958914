import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from '@playwright/test';
import { lastLine, summarise } from '../scripts/lib.js';
import { ADVISORY_WARNING } from '../helpers/report/advisory-warning.js';
import { environmentWithoutTarget, spawnCollect } from '../embedded/run-suite.js';
import { patient } from '../helpers/target/patience.js';

interface Case {
  title: string;
  project: string;
  /** Playwright's verdict of the test, and Allure's status of its last result. */
  playwright: string;
  allure: string;
  kind?: string;
  /** An advisory point that did not hold: Playwright's annotation, Allure's message (advise.ts). */
  warning?: string;
}

const WARNING = 'ADVISORY (RFC 9700 §2): not required by the specification, recommended by the reference.';

const CASES: readonly Case[] = [
  { title: 'a', project: 'conformance', playwright: 'expected', allure: 'passed' },
  { title: 'b', project: 'conformance', playwright: 'flaky', allure: 'passed' },
  { title: 'c', project: 'conformance', playwright: 'unexpected', allure: 'failed' },
  { title: 'd', project: 'conformance', playwright: 'unexpected', allure: 'broken' },
  {
    title: 'e',
    project: 'advisory',
    playwright: 'expected',
    allure: 'passed',
    kind: 'advisory',
    warning: WARNING,
  },
  { title: 'g', project: 'advisory', playwright: 'expected', allure: 'passed', kind: 'advisory' },
  { title: 'f', project: 'conformance', playwright: 'skipped', allure: 'skipped' },
];

/**
 * One run as Playwright's JSON report and as Allure results, among the latter an earlier version's
 * triage entry (a result that is no test).
 */
function writeRun(folder: string): { resultsFile: string; allureResults: string } {
  const specs = CASES.map((one) => ({
    title: one.title,
    tests: [
      {
        projectName: one.project,
        status: one.playwright,
        annotations: one.warning === undefined ? [] : [{ type: ADVISORY_WARNING, description: one.warning }],
        results: [{ status: 'passed' }],
      },
    ],
  }));
  const resultsFile = join(folder, 'results.json');
  writeFileSync(resultsFile, JSON.stringify({ suites: [{ title: 'x', specs }], errors: [] }));
  const allureResults = join(folder, 'allure-results');
  mkdirSync(allureResults);
  const results: Array<Pick<Case, 'title' | 'allure' | 'warning'> & { labels: object[] }> = [
    ...CASES.map((one) => ({
      ...one,
      labels: one.kind === undefined ? [] : [{ name: 'kind', value: one.kind }],
    })),
    { title: "Tonight's triage", allure: 'failed', labels: [{ name: 'kind', value: 'triage' }] },
  ];
  results.forEach((one, index) => {
    writeFileSync(
      join(allureResults, `${index}-result.json`),
      JSON.stringify({
        uuid: String(index),
        historyId: one.title,
        name: one.title,
        status: one.allure,
        ...(one.warning !== undefined
          ? { statusDetails: { message: `AdvisoryWarning: ${one.warning}` } }
          : {}),
        stop: 1,
        labels: one.labels,
      }),
    );
  });
  return { resultsFile, allureResults };
}

/** The report's counts: plain JavaScript, which the generator loads (no declarations to import by). */
const COUNTS_MODULE = pathToFileURL(resolve(__dirname, '../scripts/allure-counts.mjs')).href;

interface AllureCounts {
  statusCounts: (folders: readonly string[]) => Record<string, number>;
  nameWithCounts: (name: string, counts: Record<string, number>) => string;
}

test("one count everywhere: the report's name says the run's last line, the triage's entry no test", async () => {
  const { nameWithCounts, statusCounts } = (await import(COUNTS_MODULE)) as AllureCounts;
  const folder = mkdtempSync(join(tmpdir(), 'one-count-'));
  try {
    const { resultsFile, allureResults } = writeRun(folder);
    const line = lastLine(summarise(resultsFile));
    // The advisory warning is a passed test, said again apart; the advisory point that held, passed.
    expect(line).toBe('4 passed, 2 failed, 1 skipped, 1 advisory warnings');
    expect(nameWithCounts('run', statusCounts([allureResults]))).toBe(
      `run: ${line} (of ${CASES.length} tests)`,
    );
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

/** Passed, failed and skipped as one reader of the run reads them. */
interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

// eslint-disable-next-line no-control-regex -- the escape character starts every ANSI colour code
const ANSI = /\u001b\[[0-9;]*m/g;

/** Playwright's own summary, as its list reporter prints it ("  1 failed", "  2 passed (3.1s)"). */
function playwrightSummary(stdout: string): Counts {
  const count = (word: string): number =>
    Number(new RegExp(`^\\s+(\\d+) ${word}\\b`, 'm').exec(stdout.replace(ANSI, ''))?.[1] ?? 0);
  return { passed: count('passed'), failed: count('failed'), skipped: count('skipped') };
}

/** The counts of the run's last line ("2 passed, 1 failed, 1 skipped, 1 advisory warnings"). */
function lineCounts(line: string): Counts & { warnings: number } {
  const count = (word: string): number => Number(new RegExp(`(\\d+) ${word}`).exec(line)?.[1] ?? NaN);
  return {
    passed: count('passed'),
    failed: count('failed'),
    skipped: count('skipped'),
    warnings: count('advisory warnings'),
  };
}

/** JUnit's totals: its tests less failures, errors and skipped are the passed. */
function junitCounts(xml: string): Counts {
  const head = /<testsuites\b[^>]*>/.exec(xml)?.[0] ?? '';
  const count = (name: string): number => Number(new RegExp(`\\b${name}="(\\d+)"`).exec(head)?.[1] ?? NaN);
  const failed = count('failures') + count('errors');
  return { passed: count('tests') - failed - count('skipped'), failed, skipped: count('skipped') };
}

/** The Allure report's summary: its overview's statistics (broken among the failed) and its name. */
function allureCounts(reportDir: string): Counts & { total: number; name: string } {
  const summary = JSON.parse(readFileSync(join(reportDir, 'summary.json'), 'utf8')) as {
    name: string;
    stats: Record<string, number | undefined>;
  };
  const { stats } = summary;
  return {
    name: summary.name,
    total: stats.total ?? 0,
    passed: stats.passed ?? 0,
    failed: (stats.failed ?? 0) + (stats.broken ?? 0),
    skipped: stats.skipped ?? 0,
  };
}

test('one count everywhere: a failing check, an advisory warning and a skip read the same in Playwright, the last line, JUnit and Allure', async () => {
  test.setTimeout(patient(180_000));
  const reports = mkdtempSync(join(tmpdir(), 'one-count-run-'));
  try {
    const run = await spawnCollect(
      process.execPath,
      [
        '--import',
        'tsx',
        'scripts/conformance.ts',
        `--config=${resolve(__dirname, 'support/one-count/playwright.config.ts')}`,
      ],
      {
        ...environmentWithoutTarget(),
        REPORTS_DIR: reports,
        ALLURE_HISTORY_PATH: join(reports, 'history', 'history.jsonl'),
        CONFORMANCE_KNOWN: join(reports, 'no-known-deviations.yaml'),
        CONFORMANCE_NIGHT: 'one-count',
      },
      patient(150_000),
    );
    const expected = { passed: 2, failed: 1, skipped: 1 };
    const line = run.stdout.trim().split('\n').at(-1) ?? '';
    expect(line, run.stdout + run.stderr).toBe('2 passed, 1 failed, 1 skipped, 1 advisory warnings');
    expect(lineCounts(line)).toEqual({ ...expected, warnings: 1 });
    expect(playwrightSummary(run.stdout), "Playwright's summary").toEqual(expected);
    // Playwright's list marks the warned test ✘ without saying why: the run says it, once.
    expect(run.stdout).toContain(
      [
        'Advisory warnings (passed tests; never a failure of the gate):',
        '  advisory.fixture.ts:5 an advisory point that does not hold',
        '    ADVISORY (RFC 9700 §2): not required by the specification, recommended by the reference.',
        '    Expected: an https:// authorization endpoint',
        '    Observed: http://127.0.0.1:1',
      ].join('\n'),
    );
    expect(junitCounts(readFileSync(join(reports, 'junit.xml'), 'utf8')), 'JUnit').toEqual(expected);
    const allure = allureCounts(join(reports, 'allure-report'));
    expect({ passed: allure.passed, failed: allure.failed, skipped: allure.skipped }, 'Allure').toEqual(
      expected,
    );
    // The triage is the night's verdict, not a test: the overview's total is the run's four tests.
    expect(allure.total).toBe(4);
    expect(allure.name).toBe(`Classifieds API conformance: ${line} (of 4 tests)`);
    expect(run.exitCode).toBe(1);
  } finally {
    rmSync(reports, { recursive: true, force: true });
  }
});
