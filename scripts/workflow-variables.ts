/**
 * lint:workflows' rule for the nightly: every variable that .env.example or the README documents
 * reaches the nightly run (an `env:` block of nightly.yml, or the setup action's $GITHUB_ENV), unless
 * it is listed below with the reason it is not for a nightly run; the given secrets come from
 * `secrets.`, never from `vars.`. A variable documented and forgotten in the workflow is a check that
 * quietly never runs at night.
 */
import { existsSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';

export const NIGHTLY = '.github/workflows/nightly.yml';
export const SETUP_ACTION = '.github/actions/setup-suite/action.yml';
const PROJECT_VARIABLE =
  /\b(?:TARGET|SANDBOX|WEBHOOK|LOGIN|CONSENT|CONFORMANCE|TLS|CHROMIUM|ALLURE|REPORTS|FC)_[A-Z0-9_]+/g;

/** Documented, yet not for the nightly to pass, and why. */
export const NOT_PASSED: Readonly<Record<string, string>> = {
  CONFORMANCE_EMBEDDED_SANDBOX: 'set by the run itself when it starts the embedded sandbox',
  CONFORMANCE_BROKEN_ENVIRONMENT: 'set by the run itself when its preflight finds no target',
  CONFORMANCE_JOURNAL: "npm run cleanup's journal: its default path is the runner's own checkout",
  SANDBOX_FAULTS: 'embedded sandbox only (npm run mutants)',
  SANDBOX_VARIANTS: 'embedded sandbox only (npm run variants)',
  SANDBOX_SECRET_PREFIX: 'embedded sandbox only (the secret-scan self-test)',
  SANDBOX_AUTH_PORT: 'standalone sandbox only (npm run sandbox)',
  SANDBOX_APPS_PORT: 'standalone sandbox only (npm run sandbox)',
  SANDBOX_LOG: 'standalone sandbox only (npm run sandbox)',
  FC_SEED: 'replays one failure by hand',
  FC_PATH: 'replays one failure by hand',
  FC_RUNS: 'replays one failure by hand (the night scales the runs with FC_RUNS_SCALE)',
  REPORTS_DIR: "the workflow's uploads name reports/, the default",
  CI: 'set by GitHub Actions itself',
  ALLURE_HISTORY_PATH: "the report job's, which makes the one Allure report of every shard",
  CONFORMANCE_DRIFT_FAILS:
    "the report job's, which compares the night's whole profile (classifieds-conformance profile)",
  CONFORMANCE_NIGHT:
    "the report job's triage names the night itself (its date and run number): a shard's triage is its own",
  CONFORMANCE_BASELINE:
    "the report job compares every shard's observations with last night's profile (classifieds-conformance profile --baseline): one shard sees only its share",
};

/** Contract section 1 and 3's secrets: from `secrets.`, so that GitHub masks them in the logs. */
export const SECRET_VARIABLES = [
  'TARGET_CLIENT_SECRET',
  'TARGET_CLIENT2_SECRET',
  'TARGET_USER_PASSWORD',
  'TARGET_USER2_PASSWORD',
  'SANDBOX_CONTROL_KEY',
] as const;

/** Every project variable .env.example (a `NAME=` line) or the README names. */
export function documentedVariables(): Set<string> {
  const example = existsSync('.env.example') ? readFileSync('.env.example', 'utf8') : '';
  const readme = existsSync('README.md') ? readFileSync('README.md', 'utf8') : '';
  const names = [...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1] ?? '');
  return new Set([...names, ...(readme.match(PROJECT_VARIABLE) ?? [])].filter((name) => name !== ''));
}

type EnvBlock = Record<string, unknown>;
interface Document {
  env?: EnvBlock | null;
  jobs?: Record<string, { env?: EnvBlock | null; steps?: Array<{ env?: EnvBlock | null; run?: string }> }>;
}

function present(block: EnvBlock | null | undefined): block is EnvBlock {
  return block !== undefined && block !== null;
}

/**
 * The env blocks the suite's own run sees: the workflow's, and its job's and step's where a step runs
 * `classifieds-conformance run`. A variable another job passes (the report job's secrets, there
 * only to be masked) does not reach the suite.
 */
function suiteEnvBlocks(path: string): EnvBlock[] {
  if (!existsSync(path)) return [];
  const document = (parse(readFileSync(path, 'utf8')) ?? {}) as Document;
  const running = Object.values(document.jobs ?? {}).flatMap((job) =>
    (job.steps ?? [])
      .filter((step) => (step.run ?? '').includes('classifieds-conformance run'))
      .flatMap((step) => [job.env, step.env]),
  );
  return [document.env, ...running].filter(present);
}

function envBlocks(path: string): EnvBlock[] {
  if (!existsSync(path)) return [];
  const document = (parse(readFileSync(path, 'utf8')) ?? {}) as Document;
  const jobs = Object.values(document.jobs ?? {});
  return [
    document.env,
    ...jobs.flatMap((job) => [job.env, ...(job.steps ?? []).map((step) => step.env)]),
  ].filter(present);
}

/** Variables the setup action writes to $GITHUB_ENV for the steps after it. */
function writtenToGithubEnv(path: string): string[] {
  if (!existsSync(path)) return [];
  const text = readFileSync(path, 'utf8');
  return [...text.matchAll(/echo "([A-Z][A-Z0-9_]*)=[^"]*" >> "\$GITHUB_ENV"/g)].map(
    (match) => match[1] ?? '',
  );
}

/** The problems of the nightly's variables: one line each. */
export function checkNightlyVariables(documented: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  const blocks = envBlocks(NIGHTLY);
  const passed = new Set([
    ...suiteEnvBlocks(NIGHTLY).flatMap((block) => Object.keys(block)),
    ...writtenToGithubEnv(SETUP_ACTION),
    // A step before the run may set one for the steps after it (Chromium, the CA file).
    ...writtenToGithubEnv(NIGHTLY),
  ]);
  for (const name of [...documented].sort())
    if (!passed.has(name) && !(name in NOT_PASSED))
      problems.push(
        `${NIGHTLY}: does not pass ${name}, which the README or .env.example documents (pass it in the shard step's env, or list it in scripts/workflow-variables.ts NOT_PASSED with the reason)`,
      );
  for (const name of SECRET_VARIABLES)
    for (const block of blocks) {
      const value = block[name];
      if (
        value !== undefined &&
        !/^\$\{\{\s*secrets\.[A-Z0-9_]+\s*\}\}$/.test(JSON.stringify(value).replace(/^"|"$/g, '').trim())
      )
        problems.push(`${NIGHTLY}: ${name} must come from secrets.${name}, not ${JSON.stringify(value)}`);
    }
  return problems;
}
