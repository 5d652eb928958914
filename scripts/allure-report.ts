// The run's Allure report by scripts/allure-generator.mjs, started before the tests so that Allure
// is loaded by the time they end.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { copyFileSync, existsSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { writeSpecPage } from '../helpers/report/spec-page.js';
import { childEnvironment } from '../config/environment.js';

/** The word that tells the generator the results are complete (GENERATE in allure-generator.mjs). */
export const GENERATE = 'generate';

export interface AllureReportRequest {
  resultsDir: string;
  outputDir: string;
  name: string;
  /** ALLURE_HISTORY_PATH for allurerc.mjs: the JSONL file the trends read and the run is added to. */
  historyPath: string;
}

export interface PendingAllureReport {
  /**
   * Generates from the results as they are now; resolves to the generator's exit status. `pages`
   * are copied beside the report's index.html (the requirements page).
   */
  generate(pages?: readonly string[]): Promise<number>;
  /** Ends the generator without a report (a run stopped before its tests); resolves to its status. */
  cancel(): Promise<number>;
}

/** Starts the generator, which loads Allure and waits; by Node itself, without this command's tsx. */
export function startAllureReport(request: AllureReportRequest): PendingAllureReport {
  const generator = spawn(
    process.execPath,
    [
      resolve(__dirname, 'allure-generator.mjs'),
      '--results',
      request.resultsDir,
      '--output',
      request.outputDir,
      '--name',
      request.name,
    ],
    {
      stdio: ['pipe', 'inherit', 'inherit'],
      env: childEnvironment({ ALLURE_HISTORY_PATH: request.historyPath }),
    },
  );
  // A generator that died early closes its input: its exit status says so, not a crash here.
  generator.stdin.on('error', () => undefined);
  const exited = once(generator, 'close').then(
    ([code]) => (typeof code === 'number' ? code : 1),
    () => 1,
  );
  return {
    generate: async (pages = []) => {
      generator.stdin.end(`${GENERATE}\n`);
      const status = await exited;
      // The page the report's links to the specification point at (helpers/report/spec-link.ts).
      if (status === 0) writeSpecPage(request.outputDir);
      if (status === 0) copyPages(pages, request.outputDir);
      return status;
    },
    cancel: async () => {
      generator.stdin.end();
      return exited;
    },
  };
}

/** Copies the pages that exist beside the report's index.html. */
export function copyPages(pages: readonly string[], outputDir: string): void {
  for (const page of pages) if (existsSync(page)) copyFileSync(page, join(outputDir, basename(page)));
}
