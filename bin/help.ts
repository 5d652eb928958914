// The package's help: what a QA team needs before its first run, then (run --help) Playwright's.
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { renderHelp } from '../config/render.js';

const PACKAGE_ROOT = resolve(__dirname, '..');

/** What every command shares: the modes, the main variables, .env and where the reports go. */
const SHARED = `Modes (chosen by the variables set, in the environment or in ./.env; set variables win):
  embedded  no TARGET_*, SANDBOX_CONTROL_* or account variable set: the run starts its own reference
            sandbox (a rehearsal, no account needed); any one set, even wrong, names an external target
  helpers   TARGET_AUTH_URL, TARGET_APPS_URL, SANDBOX_CONTROL_URL and SANDBOX_CONTROL_KEY: a sandbox
            with the test-helper protocol; the suite creates its clients, users and ads there
  account   TARGET_AUTH_URL, TARGET_APPS_URL, TARGET_CLIENT_ID, TARGET_CLIENT_SECRET,
            TARGET_REDIRECT_URI(S), TARGET_USER_LOGIN, TARGET_USER_PASSWORD (optional: TARGET_CLIENT2_*,
            TARGET_USER2_*, CONFORMANCE_ALLOW_WRITES=1): a real account, without test helpers

Variables, each with what unset means (in full: ${resolve(PACKAGE_ROOT, 'docs/configuration.md')};
every wrong one is named before any test runs; \`requirements --mode account\` says what your
configuration will run and what not):
${renderHelp()}

Reports (in REPORTS_DIR, default ./reports; each run replaces the previous run's):
  allure-report/index.html   the Allure report (one file; history in history/history.jsonl)
  junit.xml, results.json    JUnit and Playwright JSON, for CI
  requirements.html          every requirement with tonight's verdict and its last nights (the run
                             ends with its triage; history/requirements.jsonl keeps the verdicts)
  ./conformance-known.yaml   known deviations the team accepts until a date (CONFORMANCE_KNOWN; init)
  A run refused at the start (configuration, wrong client secret) writes one failed case naming why.

Harness contract (the "contract section N" that messages cite): ${resolve(PACKAGE_ROOT, 'docs/contract.md')}
Package documentation: ${resolve(PACKAGE_ROOT, 'README.md')} and ${resolve(PACKAGE_ROOT, 'bin/README.md')}
Specification: ${resolve(PACKAGE_ROOT, 'spec/classifieds-api.md')}`;

/** The top-level help: the commands, then what they share. */
export function commandsHelp(commands: Readonly<Record<string, { summary: string }>>): string {
  const width = Math.max(...Object.keys(commands).map((name) => name.length));
  const lines = Object.entries(commands).map(([name, { summary }]) => `  ${name.padEnd(width)} ${summary}`);
  return [
    'Usage: classifieds-conformance <command> [options]      (<command> --help: its options)',
    '',
    'Commands:',
    ...lines,
    '',
    SHARED,
  ].join('\n');
}

/** `run --help`: the suite's own options and behaviour first, then Playwright's options. */
export function runHelp(): string {
  return `Usage: classifieds-conformance run [playwright options] [test files]

Runs the conformance suite (projects conformance and advisory) against the target, then writes the
Allure report. Exit status 0 when every conformance test passed (advisory warnings never fail it),
1 on a failure, 2 when the run was refused at the start.

Examples:
  npx classifieds-conformance run                       the whole suite
  npx classifieds-conformance run --grep @R4.2-08       the tests of one requirement (its tag)
  npx classifieds-conformance run --grep @token         one area (authorization, token, listing, ...)
  CONFORMANCE_SLOW=1 npx classifieds-conformance run    with the two tests that wait ten minutes
A failure prints the command that reruns exactly that test.

${SHARED}

Every option after \`run\` goes to Playwright (\`playwright test\`), whose options follow:
`;
}

/** Playwright's own help of `playwright test`, as its CLI prints it. */
export function playwrightTestHelp(): string {
  const result = spawnSync(process.execPath, [require.resolve('@playwright/test/cli'), 'test', '--help'], {
    encoding: 'utf8',
  });
  return result.stdout;
}
