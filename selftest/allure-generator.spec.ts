import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { GENERATE, startAllureReport } from '../scripts/allure-report.js';

const GENERATOR = resolve(__dirname, '../scripts/allure-generator.mjs');

/** One result as allure-playwright writes it. */
function result(uuid: string, name: string, status: string, stop: number): object {
  return {
    uuid,
    name,
    fullName: `selftest.spec.ts#${name}`,
    historyId: name.replace(/ /g, '-'),
    status,
    ...(status === 'skipped'
      ? { statusDetails: { message: 'needs a second user: set TARGET_USER2_LOGIN' } }
      : {}),
    stage: 'finished',
    start: stop - 100,
    stop,
    labels: [],
    steps: [],
    attachments: [],
    parameters: [],
  };
}

/** A results folder with one passed test (first failed, then passed on retry) and one skipped. */
function resultsWithOneTest(folder: string): string {
  const results = join(folder, 'allure-results');
  mkdirSync(results);
  const written = [
    result('6f1e8f4e-4a47-4c1e-9d0a-0c8f6b0e2a11', 'one test', 'failed', 1_700_000_000_100),
    result('6f1e8f4e-4a47-4c1e-9d0a-0c8f6b0e2a12', 'one test', 'passed', 1_700_000_000_300),
    result('6f1e8f4e-4a47-4c1e-9d0a-0c8f6b0e2a13', 'a skipped test', 'skipped', 1_700_000_000_200),
  ] as Array<{ uuid: string }>;
  for (const found of written)
    writeFileSync(join(results, `${found.uuid}-result.json`), JSON.stringify(found));
  return results;
}

/** The generator run by hand, in `cwd`, given `input` on its standard input; its exit status. */
async function runGenerator(options: {
  results: string;
  output: string;
  input: string;
  cwd?: string;
}): Promise<number | null> {
  const generator = spawn(
    process.execPath,
    [GENERATOR, '--results', options.results, '--output', options.output, '--name', 'x'],
    { cwd: options.cwd, stdio: ['pipe', 'ignore', 'ignore'] },
  );
  generator.stdin.end(options.input);
  const [code] = (await once(generator, 'close')) as [number | null];
  return code;
}

interface ReportSummary {
  name: string;
  stats: { total: number };
  meta: { singleFile: boolean };
}

function readSummary(output: string): ReportSummary {
  return JSON.parse(readFileSync(join(output, 'summary.json'), 'utf8')) as ReportSummary;
}

test.describe('the Allure report of npm run conformance (scripts/allure-generator.mjs)', () => {
  let folder: string;
  test.beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'allure-generator-'));
  });
  test.afterEach(() => {
    rmSync(folder, { recursive: true, force: true });
  });

  test("when told, it writes the single-file report with the package's allurerc.mjs and adds the run to the history", async () => {
    const results = resultsWithOneTest(folder);
    const output = join(folder, 'allure-report');
    const historyPath = join(folder, 'history.jsonl');
    const report = startAllureReport({
      resultsDir: results,
      outputDir: output,
      name: 'generator self-test',
      historyPath,
    });
    expect(await report.generate()).toBe(0);
    const summary = readSummary(output);
    // The overview's percentage leaves the skipped out: the name says them (scripts/allure-counts.mjs),
    // counting a retried test once, by its last try.
    expect(summary.name).toBe(
      'generator self-test: 1 passed, 0 failed, 1 skipped, 0 advisory warnings (of 2 tests)',
    );
    // singleFile comes from this package's allurerc.mjs: Allure's default writes a folder of files.
    expect(summary.meta.singleFile).toBe(true);
    expect(existsSync(join(output, 'index.html'))).toBe(true);
    expect(readFileSync(historyPath, 'utf8').trim().split('\n')).toHaveLength(1);
  });

  test('from another working folder (an installed suite) it still reads the package allurerc.mjs', async () => {
    const results = resultsWithOneTest(folder);
    const output = join(folder, 'allure-report');
    expect(await runGenerator({ results, output, input: `${GENERATE}\n`, cwd: folder })).toBe(0);
    const summary = readSummary(output);
    expect(summary.meta.singleFile).toBe(true);
  });

  test('when its input ends without the word (an interrupted run), it exits and writes nothing', async () => {
    const results = resultsWithOneTest(folder);
    const output = join(folder, 'allure-report');
    expect(await runGenerator({ results, output, input: '' })).toBe(0);
    expect(existsSync(output)).toBe(false);
  });
});
