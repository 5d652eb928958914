// The conformance suite against the target (the embedded sandbox by default), then the Allure report.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { clearRunResults } from '../helpers/report/stopped-run.js';
import { resolve } from 'node:path';
import { startAllureReport } from './allure-report.js';
import { finalDriftLine } from '../helpers/profile/collect.js';
import { exitUnlessChromium } from './ensure-chromium.js';
import { printSkipGroups } from './skip-groups.js';
import { brokenLine, gateStatus, lastLine, run, settleResults, summarise } from './lib.js';
import { playwrightTestArgs } from '../embedded/playwright-command.js';
import { lastProjectArgs } from '../embedded/last-project.js';
import { environment, settings } from '../config/environment.js';

// Chromium from Debian's packages, never a download.
exitUnlessChromium();
const reports = settings().REPORTS_DIR;
// Kept between runs (the results this run writes are cleared): the report's trends read it, and each
// generation appends its run. A nightly job puts the previous night's file there first.
const historyPath = settings().ALLURE_HISTORY_PATH ?? `${reports}/history/history.jsonl`;
// The results this run writes are its own: an earlier run's never stand in for them.
clearRunResults(reports);
// Allure 3 writes into a subfolder (allure-report/awesome/) when the output folder is not empty,
// which would leave the previous run's index.html in front of the reader.
rmSync(`${reports}/allure-report`, { recursive: true, force: true });
// Allure loads while the tests run (scripts/allure-generator.mjs).
const report = startAllureReport({
  resultsDir: `${reports}/allure-results`,
  outputDir: `${reports}/allure-report`,
  name: 'Classifieds API conformance',
  historyPath,
});
const status = run(process.execPath, [
  ...playwrightTestArgs(),
  // CONFORMANCE_SLOW=1: the slow project too (playwright.config.ts defines it only then).
  ...(settings().CONFORMANCE_SLOW ? ['--project=slow'] : []),
  // CONFORMANCE_OBSERVE_SECONDS: the observe project too, first in the queue with its own worker.
  ...(settings().CONFORMANCE_OBSERVE_SECONDS !== undefined ? ['--project=observe'] : []),
  '--project=conformance',
  '--project=advisory',
  // This command has no option of its own: every argument goes to Playwright as given, and a
  // narrowed selection runs exactly that (the rate-limit check's teardown project only if selected).
  ...lastProjectArgs(process.argv.slice(2)),
  ...process.argv.slice(2),
]);

async function main(): Promise<void> {
  settleResults(reports, status);
  const counts = summarise(`${reports}/results.json`);
  // A run stopped before its tests has no Allure results to draw: its JUnit and JSON files say why.
  const generated = counts.stopped === undefined ? await report.generate() : await report.cancel();
  console.log(
    counts.stopped === undefined
      ? `\nAllure report: ${resolve(reports, 'allure-report', 'index.html')}${generated === 0 ? '' : ' (generation FAILED)'}`
      : '\nAllure report: none (the run stopped before its tests)',
  );
  console.log(`History: ${resolve(historyPath)} (${historyRuns(historyPath)} runs)`);
  console.log(
    `JUnit: ${resolve(reports, 'junit.xml')}   Playwright JSON: ${resolve(reports, 'results.json')}`,
  );
  if (brokenLine(counts) !== '') console.log(brokenLine(counts));
  printSkipGroups(`${reports}/results.json`);
  console.log(lastLine(counts));
  // CONFORMANCE_BASELINE: the run ends with its drift line (helpers/profile/README.md).
  const drift = finalDriftLine(reports, environment());
  if (drift !== null) console.log(drift.line);
  const gate = drift?.fails === true ? 1 : gateStatus(status, counts);
  process.exit(gate !== 0 ? gate : generated);
}

void main();

/** The number of runs the history file holds: one JSON line per generated report. */
function historyRuns(path: string): number {
  if (!existsSync(path)) return 0;
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '').length;
}
