import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import type { FaultName } from '../sandbox/faults.js';
import { BROKEN_ENVIRONMENT, PREFLIGHT_ANNOTATION } from '../helpers/target/broken-environment.js';
import type { VariantName } from '../sandbox/variants.js';
import { holdsLastTests, LAST_PROJECT } from './last-project.js';
import { playwrightTestArgs } from './playwright-command.js';
import { environment } from '../config/environment.js';
import { patient } from '../helpers/target/patience.js';

export interface SuiteRunOptions {
  faults?: readonly FaultName[];
  variants?: readonly VariantName[];
  /** Regular expression on test titles and tags (Playwright --grep); the whole suite when absent. */
  grep?: string;
  /** More variables for the nested run, such as those a variant needs the suite to be told. */
  env?: Readonly<Record<string, string>>;
  /** Playwright workers of the nested run; `auto` leaves them to the suite (more against a far target). */
  workers?: number | 'auto';
  timeoutMs?: number;
  /**
   * Keep the nested run's reports here, written by the configured reporters (list, JSON, JUnit,
   * Allure) instead of JSON on stdout; the caller owns and removes the directory.
   */
  reportsDir?: string;
  /** Test files or folders to run (Playwright's positional filters); all of suites/ when absent. */
  files?: readonly string[];
  /** Playwright projects to run; the conformance project alone when absent. */
  projects?: readonly string[];
}

export interface TestVerdict {
  title: string;
  /** Its tags as Playwright reports them, without the `@`: `R7.1-04`, `case:invented-code`, ... */
  tags: readonly string[];
  status: 'passed' | 'failed' | 'skipped';
  /** The error of a failed test, the reason of a skipped one. */
  message: string;
}

export interface SuiteRunResult {
  exitCode: number;
  tests: TestVerdict[];
  /** The nested run's stderr. */
  output: string;
  /** Its stdout: the JSON report, or the list reporter's lines when reports are kept. */
  stdout: string;
}

interface JsonSpec {
  title: string;
  tags?: string[];
  tests: Array<{
    annotations?: Array<{ type: string; description?: string }>;
    results: Array<{ status: string; error?: { message?: string } }>;
  }>;
}
interface JsonSuite {
  specs?: JsonSpec[];
  suites?: JsonSuite[];
}

/**
 * Variables that name a target, what the suite may do there, or the outer run's verdict on it: a
 * nested run gets none of the caller's, so it tests only the target it is given.
 */
const TARGET_VARIABLES =
  /^(TARGET_|SANDBOX_|TLS_CA_FILE$|WEBHOOK_|LOGIN_|CONSENT_|CONFORMANCE_EMBEDDED_SANDBOX$|CONFORMANCE_BROKEN_ENVIRONMENT$|CONFORMANCE_BROWSER_SPKI$|CONFORMANCE_ALLOW_WRITES$|CONFORMANCE_RATE_LIMIT_BURST$|CONFORMANCE_SLOW$|CONFORMANCE_BASELINE$|CONFORMANCE_DRIFT_FAILS$|CONFORMANCE_TARGET_NAME$|CONFORMANCE_CATALOG_BUDGET$|CONFORMANCE_OBSERVE_SECONDS$|CONFORMANCE_KNOWN$|CONFORMANCE_NIGHT$)/;

/**
 * The caller's environment without its target variables. Blank, not absent, for those a .env
 * names: the nested run reads .env for unset variables only, and a .env naming an external target
 * must not take the place of the target the nested run is given.
 */
export function environmentWithoutTarget(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = Object.fromEntries(
    Object.entries(environment()).filter(([name]) => !TARGET_VARIABLES.test(name)),
  );
  for (const name of dotEnvNames()) if (TARGET_VARIABLES.test(name)) env[name] = '';
  return env;
}

/**
 * Runs the conformance suite (or part of it) in a child Playwright process against an embedded
 * sandbox started with the given faults or variants, and returns each test's verdict.
 */
export async function runSuite(options: SuiteRunOptions): Promise<SuiteRunResult> {
  const keepReports = options.reportsDir !== undefined;
  const reportsDir = options.reportsDir ?? mkdtempSync(join(tmpdir(), 'conformance-nested-'));
  const env = environmentWithoutTarget();
  // The nested run times its own target (playwright.config.ts); `auto` counts its workers from it.
  delete env.CONFORMANCE_ROUND_TRIP_MS;
  if (options.workers === 'auto') delete env.CONFORMANCE_WORKERS;
  Object.assign(env, {
    SANDBOX_FAULTS: (options.faults ?? []).join(','),
    SANDBOX_VARIANTS: (options.variants ?? []).join(','),
    REPORTS_DIR: reportsDir,
    ...(options.workers === 'auto' ? {} : { CONFORMANCE_WORKERS: String(options.workers ?? 1) }),
    // Property tests in nested runs are deterministic: a verdict must not depend on luck.
    FC_SEED: environment().FC_SEED ?? '20261122',
    FC_RUNS: '10',
    ...options.env,
  });
  try {
    // Node on Playwright's CLI, not npx: npx's own start costs about a second of CPU per run.
    const { exitCode, stdout, stderr } = await spawnCollect(
      process.execPath,
      [
        ...playwrightTestArgs(),
        ...projectArgs(options),
        ...(keepReports ? [] : ['--reporter=json']),
        ...(options.grep === undefined ? [] : ['--grep', options.grep]),
        ...(options.files ?? []),
      ],
      env,
      // The caller's bound on a quiet machine; this run's patience scales it here, once.
      patient(options.timeoutMs ?? 120_000),
    );
    const jsonReport = keepReports ? readIfPresent(join(reportsDir, 'results.json')) : stdout;
    return { exitCode, output: stderr, stdout, tests: verdicts(jsonReport) };
  } finally {
    if (!keepReports) rmSync(reportsDir, { recursive: true, force: true });
  }
}

/**
 * A nested run names its projects: --no-deps, and the rate-limit check's project when its
 * selection would hold that test (last-project.ts).
 */
function projectArgs(options: SuiteRunOptions): string[] {
  const projects = options.projects ?? ['conformance'];
  const selected =
    projects.includes('conformance') && holdsLastTests({ files: options.files ?? [], grep: options.grep });
  const all = selected && !projects.includes(LAST_PROJECT) ? [...projects, LAST_PROJECT] : projects;
  return ['--no-deps', ...all.map((project) => `--project=${project}`)];
}

function dotEnvNames(): string[] {
  return existsSync('.env') ? Object.keys(parseEnv(readFileSync('.env', 'utf8'))) : [];
}

function readIfPresent(file: string): string {
  return existsSync(file) ? readFileSync(file, 'utf8') : '';
}

/** Runs a command, collecting its output; killed after `timeoutMs`. */
export function spawnCollect(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
  cwd?: string,
): Promise<{ exitCode: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ exitCode: code ?? 1, stdout, stderr });
    });
  });
}

function verdicts(jsonReport: string): TestVerdict[] {
  let report: { suites: JsonSuite[] };
  try {
    report = JSON.parse(jsonReport.slice(jsonReport.indexOf('{'))) as { suites: JsonSuite[] };
  } catch {
    return [];
  }
  const specs = (suite: JsonSuite): JsonSpec[] => [
    ...(suite.specs ?? []),
    ...(suite.suites ?? []).flatMap(specs),
  ];
  return report.suites.flatMap(specs).map((spec) => {
    const stopped = spec.tests[0]?.annotations?.find(({ type }) => type === PREFLIGHT_ANNOTATION);
    // Skipped at once because the target was down: a broken test, which counts as failed.
    if (stopped !== undefined)
      return {
        title: spec.title,
        tags: spec.tags ?? [],
        status: 'failed',
        message: `${BROKEN_ENVIRONMENT}: ${stopped.description ?? ''}`,
      };
    const result = spec.tests[0]?.results.at(-1);
    const status =
      result?.status === 'passed' ? 'passed' : result?.status === 'skipped' ? 'skipped' : 'failed';
    // A skipped test's message is its reason (a test skipped at run time names what it lacks).
    const skipReason = spec.tests[0]?.annotations?.find(({ type }) => type === 'skip')?.description;
    const message = status === 'skipped' ? (skipReason ?? '') : (result?.error?.message ?? '');
    return { title: spec.title, tags: spec.tags ?? [], status, message };
  });
}
