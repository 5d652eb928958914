import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { GENERATE, startAllureReport } from '../scripts/allure-report.js';

const GENERATOR = resolve(__dirname, '../scripts/allure-generator.mjs');

/** A results folder with one passed test, as allure-playwright writes it. */
function resultsWithOneTest(folder: string): string {
  const results = join(folder, 'allure-results');
  mkdirSync(results);
  const uuid = '6f1e8f4e-4a47-4c1e-9d0a-0c8f6b0e2a11';
  writeFileSync(
    join(results, `${uuid}-result.json`),
    JSON.stringify({
      uuid,
      name: 'one test',
      fullName: 'selftest.spec.ts#one test',
      historyId: 'one-test',
      status: 'passed',
      stage: 'finished',
      start: 1_700_000_000_000,
      stop: 1_700_000_000_100,
      labels: [],
      steps: [],
      attachments: [],
      parameters: [],
    }),
  );
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
    expect(summary.name).toBe('generator self-test');
    expect(summary.stats.total).toBe(1);
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
