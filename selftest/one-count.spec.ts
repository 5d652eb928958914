import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from '@playwright/test';
import { lastLine, summarise } from '../scripts/lib.js';
import { ADVISORY_WARNING } from '../helpers/report/advisory-warning.js';

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
