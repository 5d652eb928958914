// The conformance suite against the target (the embedded sandbox by default), then the Allure report.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { clearRunResults } from '../helpers/report/stopped-run.js';
import { resolve } from 'node:path';
import { startAllureReport } from './allure-report.js';
import { finalDriftLine } from '../helpers/profile/collect.js';
import { exitUnlessChromium } from './ensure-chromium.js';
import { printSkipGroups } from './skip-groups.js';
import { printAdvisoryWarnings } from './advisory-warnings.js';
import { brokenLine, gateStatus, lastLine, run, settleResults, summarise } from './lib.js';
import { playwrightTestArgs } from '../embedded/playwright-command.js';
import { lastProjectArgs } from '../embedded/last-project.js';
import { environment, loadDotEnv, settings } from '../config/environment.js';
import { configurationRefusal, refuseRun } from './refused-run.js';
import { readKnown } from './triage/known.js';
import { REQUIREMENTS_PAGE } from './triage/page.js';
import { runTriage } from './triage/run.js';
import { triageSettings } from './triage/settings.js';

// Chromium from Debian's packages, never a download.
exitUnlessChromium();
// `.env` as Playwright's configuration reads it, so the refusal below sees what the run would.
loadDotEnv();
const reports = settings().REPORTS_DIR;
// A configuration the run would refuse stops it here, before any file of the last run is touched.
const refusal = configurationRefusal(environment());
if (refusal !== null) refuseRun(reports, refusal);
// Kept between runs (the results this run writes are cleared): the report's trends read it, and each
// generation appends its run. A nightly job puts the previous night's file there first.
const historyPath = settings().ALLURE_HISTORY_PATH ?? `${reports}/history/history.jsonl`;
// The team's known deviations, checked before any test: a malformed file or an unknown id refuses
// the run in one line (the last, as every stopped run's).
const triageConfig = triageSettings();
const known = readKnown(triageConfig.knownFile);
if ('problem' in known) refuseRun(reports, known.problem);
const knownDeviations = known.known;
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
  // CONFORMANCE_BASELINE: the drift line closes the triage (helpers/profile/README.md).
  const drift = finalDriftLine(reports, environment());
  // The triage marks the Allure results (flaky, known deviations) and adds its entry: before generation.
  const triage =
    counts.stopped === undefined
      ? runTriage({
          resultsFiles: [`${reports}/results.json`],
          allureHistoryPath: historyPath,
          known: knownDeviations,
          night: triageConfig.night,
          today: new Date(),
          reportsDir: reports,
          allureResultsDirs: [`${reports}/allure-results`],
          junitFiles: [`${reports}/junit.xml`],
          driftLine: drift?.line ?? 'not compared (CONFORMANCE_BASELINE unset)',
        })
      : undefined;
  // A run stopped before its tests has no Allure results to draw: its JUnit and JSON files say why.
  const generated =
    counts.stopped === undefined
      ? await report.generate([`${reports}/${REQUIREMENTS_PAGE}`])
      : await report.cancel();
  console.log(
    counts.stopped === undefined
      ? `\nAllure report: ${resolve(reports, 'allure-report', 'index.html')}${generated === 0 ? '' : ' (generation FAILED)'}`
      : '\nAllure report: none (the run stopped before its tests)',
  );
  console.log(`History: ${resolve(historyPath)} (${historyRuns(historyPath)} runs)`);
  if (triage !== undefined)
    console.log(
      `Requirement history: ${resolve(triage.historyFile)} (${triage.result.nights.length} nights)`,
    );
  console.log(
    `JUnit: ${resolve(reports, 'junit.xml')}   Playwright JSON: ${resolve(reports, 'results.json')}`,
  );
  if (brokenLine(counts) !== '') console.log(brokenLine(counts));
  printSkipGroups(`${reports}/results.json`);
  printAdvisoryWarnings(`${reports}/results.json`);
  // The triage last but one: new failures, fixed, still failing, known, not exercised, flaky, drift.
  for (const line of triage?.lines ?? (drift === null ? [] : [drift.line])) console.log(line);
  const tallied = { ...counts, known: triage?.result.excused.length ?? 0 };
  // Last: CI parses it.
  console.log(lastLine(tallied));
  const gate = drift?.fails === true ? 1 : gateStatus(status, tallied);
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
