// classifieds-conformance run|sandbox|cleanup|requirements: the suite from a team's own repository.
// Reads `.env` from the current directory and writes `reports/` there (REPORTS_DIR names another).
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadDotEnv } from '../helpers/target/dotenv.js';
import { SANDBOX_NODE_FLAGS } from '../sandbox/process-settings.js';

const PACKAGE_ROOT = resolve(__dirname, '..');

/** Each command: the TypeScript script it runs under tsx, inside this package. */
const COMMANDS: Record<string, { script: string; summary: string; nodeFlags?: readonly string[] }> = {
  run: {
    script: 'scripts/conformance.ts',
    summary: 'the conformance suite, then the Allure report (extra options go to Playwright)',
  },
  // The sandbox's own Node flags given at once, which spares it re-executing itself to get them.
  sandbox: {
    script: 'sandbox/main.ts',
    summary: 'the embedded reference sandbox',
    nodeFlags: SANDBOX_NODE_FLAGS,
  },
  cleanup: { script: 'scripts/cleanup.ts', summary: 'delete what an interrupted run left on the target' },
  requirements: { script: 'scripts/requirements.ts', summary: 'requirement coverage' },
  drift: { script: 'bin/drift.ts', summary: 'compare two observed profiles: drift OLD NEW' },
};

function usage(): string {
  const lines = Object.entries(COMMANDS).map(([name, { summary }]) => `  ${name.padEnd(13)} ${summary}`);
  return ['Usage: classifieds-conformance <command> [options]', '', ...lines].join('\n');
}

const { positionals, values } = parseArgs({
  args: process.argv.slice(2, 3),
  allowPositionals: true,
  strict: false,
  options: { help: { type: 'boolean', short: 'h' } },
});
const name = positionals[0];
const command = name === undefined ? undefined : COMMANDS[name];
if (command === undefined) {
  console.log(usage());
  process.exit(values.help === true ? 0 : 2);
}

loadDotEnv(resolve('.env'));
process.env.REPORTS_DIR = resolve(process.env.REPORTS_DIR ?? 'reports');
// `run` makes sure of Chromium itself (scripts/ensure-chromium.ts), as `npm run conformance` does.
process.exit(runScript(command.script, process.argv.slice(3), command.nodeFlags));

/** Runs a script of this package under tsx (a runtime dependency), which passes Node flags on to it. */
function runScript(script: string, args: readonly string[], nodeFlags: readonly string[] = []): number {
  const tsx = require.resolve('tsx/cli');
  const result = spawnSync(process.execPath, [tsx, ...nodeFlags, resolve(PACKAGE_ROOT, script), ...args], {
    stdio: 'inherit',
    env: process.env,
  });
  return result.status ?? 1;
}
