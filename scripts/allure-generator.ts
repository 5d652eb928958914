// The Allure report of a run, by a process started with the run: it loads Allure and reads
// allurerc.mjs (with its plugins) at once, while the tests run, then waits for the word `generate`
// on its standard input. Loading Allure is half of what `allure generate` takes (about a second on
// two cores); here it happens beside the run's start, where a core is idle, not after its end.
// An end of input without the word (the run was interrupted) exits with nothing written.
// Usage (scripts/allure-report.ts starts it): allure-generator.ts --results DIR --output DIR --name NAME
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { AllureReport, readConfig } from '@allurereport/core';
import { GENERATE } from './allure-report.js';

const { values } = parseArgs({
  options: {
    results: { type: 'string' },
    output: { type: 'string' },
    name: { type: 'string' },
  },
});
const { results, output, name } = values;
if (results === undefined || output === undefined)
  throw new Error('allure-generator: --results and --output are required');

// What `allure generate` does (allure's commands/generate.js), with this package's allurerc.mjs
// named: the command looked for one in the working folder, which an installed suite's user does not
// have. The history path comes from ALLURE_HISTORY_PATH, which allurerc.mjs reads.
const config = await readConfig(process.cwd(), fileURLToPath(new URL('../allurerc.mjs', import.meta.url)), {
  name,
  output,
});
if ((await firstLine()) !== GENERATE) process.exit(0);
if (!existsSync(results)) {
  console.error(`No test results directory: ${results}`);
  process.exit(1);
}
const report = new AllureReport(config);
await report.restoreState([]);
await report.start();
await report.readDirectory(results);
await report.done();

/** The first line of standard input, or null at its end without one. */
async function firstLine(): Promise<string | null> {
  const lines = createInterface({ input: process.stdin });
  for await (const line of lines) {
    lines.close();
    return line.trim();
  }
  return null;
}
