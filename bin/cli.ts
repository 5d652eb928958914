// classifieds-conformance run|sandbox|cleanup|requirements: the suite from a team's own repository.
// Reads `.env` from the current directory and writes `reports/` there (REPORTS_DIR names another).
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { loadDotEnv } from '../helpers/target/dotenv.js';
import { standFor } from '../sandbox/service/process-tree.js';
import { commandsHelp, playwrightTestHelp, runHelp } from './help.js';
import { settings, childEnvironment, passToWorkers } from '../config/environment.js';

const PACKAGE_ROOT = resolve(__dirname, '..');

/** Each command: the TypeScript script it runs under tsx, inside this package. */
const COMMANDS: Record<
  string,
  { script: string; summary: string; nodeFlags?: readonly string[]; args?: readonly string[] }
> = {
  run: {
    script: 'scripts/conformance.ts',
    summary: 'the conformance suite, then the Allure report (extra options go to Playwright)',
  },
  // bin/sandbox.ts starts sandbox/main.ts with the sandbox's own Node flags (SANDBOX_NODE_FLAGS).
  sandbox: {
    script: 'bin/sandbox.ts',
    summary: 'the embedded reference sandbox (--account: a stable account to rehearse account mode on)',
  },
  switches: {
    script: 'bin/switches.ts',
    args: ['switches'],
    summary: "a running sandbox's switches (faults, variants, settings) and their values",
  },
  switch: {
    script: 'bin/switches.ts',
    args: ['switch'],
    summary: 'set one switch of a running sandbox: switch NAME on|off|VALUE',
  },
  init: { script: 'bin/init.ts', summary: 'write .env.example, .gitignore lines and CI workflows here' },
  report: { script: 'bin/report.ts', summary: 'one Allure report from results folders (CI shards)' },
  summary: { script: 'scripts/job-summary.ts', summary: 'a Markdown summary of results.json files (CI)' },
  triage: {
    script: 'bin/triage.ts',
    summary: "tonight's triage of shards' results.json: requirement history, known deviations (CI)",
  },
  'status-change': {
    script: 'examples/status-change/sandbox-helpers.mjs',
    summary: "the example status-change command for a sandbox's test helpers",
  },
  cleanup: { script: 'scripts/cleanup.ts', summary: 'delete what an interrupted run left on the target' },
  requirements: { script: 'scripts/requirements.ts', summary: 'requirement coverage' },
  drift: { script: 'bin/drift.ts', summary: 'compare two observed profiles: drift OLD NEW' },
  'client-report': {
    script: 'bin/client-report.ts',
    summary: "grade an integrator's client from the sandbox's journal: the report card",
  },
  'reference-client': {
    script: 'bin/reference-client.ts',
    summary: 'one run of the reference client (examples/client/) against TARGET_*: its tests in CI',
  },
  calibrate: {
    script: 'bin/calibrate.ts',
    summary: 'calibrate a running sandbox from an observed profile, its data kept: calibrate --observed FILE',
  },
  fidelity: {
    script: 'bin/fidelity.ts',
    summary: "how like the marketplace the double is: fidelity --observed <marketplace's observed.json>",
  },
  reliance: {
    script: 'bin/reliance.ts',
    summary:
      "what a client relies on, from the journal (a contract file); reliance check: against tonight's profile",
  },
  profile: {
    script: 'bin/profile.ts',
    summary: "one observed profile from shards' observed-parts, compared with --baseline (CI)",
  },
};

const { positionals, values } = parseArgs({
  args: process.argv.slice(2, 3),
  allowPositionals: true,
  strict: false,
  options: { help: { type: 'boolean', short: 'h' } },
});
const name = positionals[0];
const command = name === undefined ? undefined : COMMANDS[name];
if (command === undefined) {
  console.log(commandsHelp(COMMANDS));
  process.exit(values.help === true ? 0 : 2);
}
// `run --help`: the suite's help before Playwright's (bin/help.ts).
if (name === 'run' && process.argv.slice(3).some((arg) => arg === '--help' || arg === '-h')) {
  console.log(runHelp() + playwrightTestHelp());
  process.exit(0);
}

loadDotEnv(resolve('.env'));
passToWorkers({ REPORTS_DIR: resolve(settings().REPORTS_DIR) });
// `run` makes sure of Chromium itself (scripts/ensure-chromium.ts), as `npm run conformance` does.
void runScript(command.script, [...(command.args ?? []), ...process.argv.slice(3)], command.nodeFlags);

/**
 * Runs a script of this package with tsx's loader (a runtime dependency) in one child process, and
 * exits with its status; a stopping signal is passed on to it (sandbox/service/process-tree.ts).
 */
function runScript(
  script: string,
  args: readonly string[],
  nodeFlags: readonly string[] = [],
): Promise<never> {
  const tsx = pathToFileURL(require.resolve('tsx')).href;
  const child = spawn(
    process.execPath,
    [...nodeFlags, '--import', tsx, resolve(PACKAGE_ROOT, script), ...args],
    { stdio: 'inherit', env: childEnvironment() },
  );
  return standFor(child);
}
