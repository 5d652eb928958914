// `classifieds-conformance report [--output DIR] [--name NAME] RESULTS...`: one Allure report from
// one or several allure-results folders (a nightly's shards), with the package's categories and
// single-file report (allurerc.mjs), which a team's repository does not have. The history file is
// ALLURE_HISTORY_PATH's when set (the nightly restores it from the previous night).
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { settings } from '../config/environment.js';
import { copyPages } from '../scripts/allure-report.js';

const HELP = `Usage: classifieds-conformance report [--output DIR] [--name NAME] [--page FILE]... RESULTS_DIR...

One Allure report (default reports/allure-report) from the allure-results folders given, with the
suite's categories; ALLURE_HISTORY_PATH names the history file the trends read and extend. Each
--page (the triage's requirements.html) is copied beside the report's index.html.`;

function main(): number {
  const { values, positionals } = parseArgs({
    args: process.argv.slice(2),
    allowPositionals: true,
    options: {
      output: { type: 'string', default: 'reports/allure-report' },
      name: { type: 'string', default: 'Classifieds API conformance' },
      page: { type: 'string', multiple: true, default: [] },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help || positionals.length === 0) {
    console.log(HELP);
    return values.help ? 0 : 2;
  }
  const output = resolve(values.output);
  // Allure 3 writes into a subfolder when the output folder is not empty (scripts/conformance.ts).
  rmSync(output, { recursive: true, force: true });
  const history = settings().ALLURE_HISTORY_PATH;
  if (history) mkdirSync(dirname(resolve(history)), { recursive: true });
  const generator = resolve(__dirname, '..', 'scripts', 'allure-generator.mjs');
  const results = positionals.flatMap((folder) => ['--results', resolve(folder)]);
  const run = spawnSync(
    process.execPath,
    [generator, ...results, '--output', output, '--name', values.name],
    { stdio: ['pipe', 'inherit', 'inherit'], input: 'generate\n' },
  );
  if (run.status === 0) copyPages(values.page, output);
  if (run.status === 0) console.log(`Allure report: ${resolve(output, 'index.html')}`);
  return run.status ?? 1;
}

process.exit(main());
