/**
 * lint:workflows' rule for the nightly: every variable that .env.example documents (config/variables/)
 * reaches the nightly run (an `env:` block of nightly.yml, or the setup action's $GITHUB_ENV), unless
 * it is listed below with the reason it is not for a nightly run; the given secrets come from
 * `secrets.`, never from `vars.`. A variable documented and forgotten in the workflow is a check that
 * quietly never runs at night.
 */
import { existsSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { documentedNames, documentedSecrets, notPassedByNightly } from '../config/render.js';

export const NIGHTLY = '.github/workflows/nightly.yml';
export const SETUP_ACTION = '.github/actions/setup-suite/action.yml';

/**
 * Documented, yet not for the nightly to pass, and why: each declaration's `notNightly`
 * (config/variables/), and CI, which GitHub Actions sets itself.
 */
export const NOT_PASSED: Readonly<Record<string, string>> = {
  ...notPassedByNightly(),
  CI: 'set by GitHub Actions itself',
};

/** Contract section 1 and 3's secrets: from `secrets.`, so that GitHub masks them in the logs. */
export const SECRET_VARIABLES: readonly string[] = documentedSecrets();

/** Every variable a user may set: the declared ones that .env.example lists (config/render.ts). */
export function documentedVariables(): Set<string> {
  return new Set(documentedNames());
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
        `${NIGHTLY}: does not pass ${name}, which .env.example documents (pass it in the shard step's env, or give its declaration in config/variables/ a notNightly reason)`,
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
