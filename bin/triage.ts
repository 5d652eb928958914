// `classifieds-conformance triage [options] RESULTS.json...`: tonight's triage of a run made of
// shards (the nightly's report job), before its Allure report is generated: the shards' Playwright
// JSON reports merged into one night, added to the requirement history beside ALLURE_HISTORY_PATH,
// the triage printed and written (triage.md, requirements.html), the shards' Allure results and
// JUnit files marked. Exit status 0; 2 for no results or a known-deviations file it refuses.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { readKnown } from '../scripts/triage/known.js';
import { runTriage } from '../scripts/triage/run.js';
import { triageSettings } from '../scripts/triage/settings.js';
import { settings } from '../config/environment.js';

const HELP = `Usage: classifieds-conformance triage [--out DIR] [--drift drift.md] [--allure-results DIR]... [--junit FILE]... RESULTS.json...

Merges the shards' results into tonight's verdict per requirement, adds it to the requirement
history (requirements.jsonl beside ALLURE_HISTORY_PATH, default reports/history/), prints the
triage and writes triage.md and requirements.html to --out (default reports). The Allure results
folders get the triage's entry and their flaky and known-deviation marks; the JUnit files the
known deviations as skipped. CONFORMANCE_KNOWN names the known deviations (conformance-known.yaml),
CONFORMANCE_NIGHT tonight's name (the UTC date by default: a night is a calendar night).`;

/** The drift line from drift.md's heading ("# Drift: 2 changes since …"). */
function driftLine(file: string | undefined): string {
  if (file === undefined || !existsSync(file)) return 'not compared (no baseline tonight)';
  const heading = readFileSync(file, 'utf8').split('\n')[0] ?? '';
  return heading.replace(/^# Drift: /, 'drift: ');
}

function main(): number {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      out: { type: 'string', default: 'reports' },
      drift: { type: 'string' },
      'allure-results': { type: 'string', multiple: true, default: [] },
      junit: { type: 'string', multiple: true, default: [] },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  const files = positionals.filter((file) => existsSync(file));
  if (files.length === 0) {
    console.error('triage: no results file: nothing to triage');
    return 2;
  }
  const triageConfig = triageSettings();
  const known = readKnown(triageConfig.knownFile);
  if ('problem' in known) {
    console.error(`triage: ${known.problem}`);
    return 2;
  }
  mkdirSync(values.out, { recursive: true });
  const done = runTriage({
    resultsFiles: files,
    allureHistoryPath: settings().ALLURE_HISTORY_PATH ?? `${values.out}/history/history.jsonl`,
    known: known.known,
    night: triageConfig.night,
    today: new Date(),
    reportsDir: values.out,
    allureResultsDirs: values['allure-results'],
    junitFiles: values.junit,
    driftLine: driftLine(values.drift),
  });
  for (const line of done.lines) console.log(line);
  return 0;
}

process.exitCode = main();
