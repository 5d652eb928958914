// @ts-check
// The Allure report of a run, by a process started with the run: it loads Allure and reads the
// package's allurerc.mjs (with its plugins) at once, while the tests run, then waits for the word
// `generate` on its standard input (scripts/allure-report.ts sends it). Loading Allure is half of
// what `allure generate` takes; here it happens beside the run, not after its end. An end of input
// without the word (the run was interrupted) exits with nothing written.
// JavaScript, run by Node itself: under tsx's loader, which sees every one of Allure's few hundred
// modules, the same generation took half as much CPU again (3.7 s against 2.5 s).
// Usage: allure-generator.mjs --results DIR [--results DIR ...] --output DIR --name NAME
// (several results folders: a sharded run's, `classifieds-conformance report`, bin/report.ts)
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import process from 'node:process';
import { fileURLToPath, URL } from 'node:url';
import { parseArgs } from 'node:util';
import { AllureReport, readConfig } from '@allurereport/core';
import { nameWithCounts, statusCounts } from './allure-counts.mjs';

/** The word that starts the generation: GENERATE in scripts/allure-report.ts. */
const GENERATE = 'generate';

const { values } = parseArgs({
  options: {
    results: { type: 'string', multiple: true },
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
const missing = results.filter((folder) => !existsSync(folder));
if (missing.length > 0) {
  process.stderr.write(`No test results directory: ${missing.join(', ')}\n`);
  process.exit(1);
}
// The counts go into the name only now, when the results are complete (scripts/allure-counts.mjs).
const report = new AllureReport({
  ...config,
  name: nameWithCounts(config.name ?? 'Allure Report', statusCounts(results)),
});
await report.restoreState([]);
await report.start();
for (const folder of results) await report.readDirectory(folder);
await report.done();

/**
 * The first line of standard input, or null at its end without one.
 * @returns {Promise<string | null>}
 */
async function firstLine() {
  const lines = createInterface({ input: process.stdin });
  for await (const line of lines) {
    lines.close();
    return line.trim();
  }
  return null;
}
