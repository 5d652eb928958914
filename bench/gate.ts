// Gate benchmark: `npm run conformance` as the README runs it (the conformance and advisory
// projects against the embedded sandbox, then the Allure report): cold (the first run, with a fresh TypeScript transform cache), warm, warm
// without screenshots (as the gate workflow runs), and warm against the same sandbox started in a
// process of its own and named through TARGET_* (an external target: the suite's own CPU apart from
// the server's); and, as the reference measured in the same run, warm with every set-up
// authorization through the browser (CONFORMANCE_SETUP_FLOW=browser). Options: --runs a,b,... Per run: wall time, per area the summed test time, where the tests' time went
// (browser flows, HTTP exchanges, the rest), and CPU by kind of process.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { readGateReport, type GateReport } from './lib/gate-report.js';
import { childrenCpuSeconds, ProcessTreeCpu, type ProcessKind } from './lib/process-cpu.js';
import { startServerChild, type ServerChild } from './throughput/child.js';
import type { CpuSample, SandboxChildInfo } from './sandbox-child.js';
import { childEnvironment, passToWorkers } from '../config/environment.js';

const RUNS = ['cold', 'warm', 'warm-off', 'warm-browser', 'external'] as const;
type RunName = (typeof RUNS)[number];

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: RUNS.join(',') },
  },
});
const chosen = options.runs.split(',').filter((name): name is RunName => RUNS.some((run) => run === name));

interface RunFigures {
  label: string;
  wallSeconds: number;
  exit: number | null;
  loadBefore: number;
  report: GateReport;
  cpu: Record<ProcessKind, number> & { tree: number; target: number | null };
}

async function runOnce(
  label: string,
  env: Record<string, string>,
  target: ServerChild<SandboxChildInfo> | null = null,
): Promise<RunFigures> {
  const reports = mkdtempSync(join(tmpdir(), 'gate-bench-'));
  const loadBefore = loadavg()[0] ?? 0;
  const targetCpuBefore = target === null ? 0 : await targetCpu(target);
  const cpuBefore = childrenCpuSeconds();
  const started = performance.now();
  const run = spawn('npm', ['run', '--silent', 'conformance'], {
    env: childEnvironment({
      ...env,
      REPORTS_DIR: reports,
      ALLURE_HISTORY_PATH: join(reports, 'history.jsonl'),
    }),
    stdio: 'ignore',
  });
  const sampler = new ProcessTreeCpu(run.pid ?? 0);
  const exit = await new Promise<number | null>((resolve) => run.once('exit', resolve));
  const wallSeconds = (performance.now() - started) / 1000;
  const byKind = sampler.stop();
  const cpu = {
    ...byKind,
    tree: childrenCpuSeconds() - cpuBefore,
    target: target === null ? null : (await targetCpu(target)) - targetCpuBefore,
  };
  const report = readGateReport(join(reports, 'results.json'));
  rmSync(reports, { recursive: true, force: true });
  return { label, wallSeconds, exit, loadBefore, report, cpu };
}

async function targetCpu(target: ServerChild<SandboxChildInfo>): Promise<number> {
  const sample = JSON.parse(await target.command('cpu')) as CpuSample;
  return sample.cpuMs / 1000;
}

/** The embedded sandbox in its own process, named to the suite as an external target. */
async function externalRun(label: string): Promise<RunFigures> {
  const target = await startServerChild<SandboxChildInfo>('../sandbox-child.ts', []);
  try {
    return await runOnce(
      label,
      {
        TARGET_AUTH_URL: target.info.authUrl,
        TARGET_APPS_URL: target.info.appsUrl,
        SANDBOX_CONTROL_URL: target.info.appsUrl,
        SANDBOX_CONTROL_KEY: target.info.controlKey,
        TLS_CA_FILE: target.info.caFile,
      },
      target,
    );
  } finally {
    await target.stop();
  }
}

const round = (value: number): number => Number(value.toFixed(1));

function print(run: RunFigures): void {
  const { report, cpu } = run;
  const ran = report.tests - report.skipped;
  console.log(
    `\n${run.label}: ${round(run.wallSeconds)} s wall (load average ${run.loadBefore.toFixed(1)} before), ` +
      `exit ${run.exit}, ${report.tests} tests, ${report.failed} failed, ${report.skipped} skipped; ` +
      `Playwright ${round(report.runSeconds)} s of it, to its first test ${round(report.firstTestSeconds)} s`,
  );
  console.table(
    [...report.areas].map(([area, figures]) => ({
      area,
      tests: figures.tests,
      test_seconds: round(figures.seconds),
      browser_flows: figures.browserFlows,
      slowest_seconds: round(figures.slowestSeconds),
      slowest: figures.slowest.slice(0, 56),
    })),
  );
  const { spent } = report;
  console.table({
    'browser flows': { count: spent.browserFlows, seconds: round(spent.browserSeconds) },
    'form flows (set-up)': { count: spent.formFlows, seconds: round(spent.formSeconds) },
    'HTTP exchanges': { count: spent.exchanges, seconds: round(spent.exchangeSeconds) },
    'the rest (fixtures, waits, checks)': { count: '', seconds: round(spent.otherSeconds) },
    'all tests, summed': { count: report.tests, seconds: round(report.testSeconds) },
  });
  const suiteCpu = cpu.tree;
  console.table({
    'CPU seconds': {
      runner: round(cpu.runner),
      workers: round(cpu.worker),
      browser: round(cpu.browser),
      other: round(cpu.other),
      'whole tree': round(cpu.tree),
      target: cpu.target === null ? 'in the runner' : round(cpu.target),
      'tree per test run (ms)': Math.round((suiteCpu / Math.max(1, ran)) * 1000),
    },
  });
}

const LABELS: Record<Exclude<RunName, 'external'>, string> = {
  cold: 'cold',
  warm: 'warm',
  'warm-off': 'warm, CONFORMANCE_SCREENSHOTS=off',
  // The reference: every set-up authorization through the browser, as before the form flow.
  'warm-browser': 'warm, CONFORMANCE_SETUP_FLOW=browser (reference)',
};
const ENVIRONMENTS: Record<Exclude<RunName, 'external'>, Record<string, string>> = {
  cold: {},
  warm: {},
  'warm-off': { CONFORMANCE_SCREENSHOTS: 'off' },
  'warm-browser': { CONFORMANCE_SETUP_FLOW: 'browser' },
};

/** CPU per test that ran: the whole tree's, less the target's when it ran apart. */
function suiteCpuPerTestMs(run: RunFigures): number {
  const ran = Math.max(1, run.report.tests - run.report.skipped);
  return ((run.cpu.tree - (run.cpu.target ?? 0)) / ran) * 1000;
}

/** The suite's own CPU per test against an external target, beside the embedded run's. */
function printOverhead(runs: readonly RunFigures[]): void {
  const external = runs.find((run) => run.cpu.target !== null);
  const embedded = runs.find((run) => run.label === 'warm');
  if (external === undefined || embedded === undefined) return;
  console.log(
    `\nsuite CPU per test: ${Math.round(suiteCpuPerTestMs(external))} ms against the external target ` +
      `(the target's own ${Math.round(((external.cpu.target ?? 0) / Math.max(1, external.report.tests)) * 1000)} ms apart), ` +
      `${Math.round(suiteCpuPerTestMs(embedded))} ms embedded (suite and sandbox in one tree)`,
  );
}

const cacheDir = mkdtempSync(join(tmpdir(), 'gate-bench-cache-'));
passToWorkers({ PLAYWRIGHT_TRANSFORM_CACHE_DIR: cacheDir });
const results: RunFigures[] = [];

async function main(): Promise<void> {
  for (const name of chosen) {
    const run =
      name === 'external'
        ? await externalRun('warm, external target (the sandbox in its own process)')
        : await runOnce(LABELS[name], ENVIRONMENTS[name]);
    print(run);
    results.push(run);
  }
  rmSync(cacheDir, { recursive: true, force: true });
  printOverhead(results);
  mkdirSync('reports/bench', { recursive: true });
  writeFileSync(
    'reports/bench/gate.json',
    JSON.stringify(
      {
        date: new Date().toISOString(),
        node: process.version,
        results: results.map((run) => ({
          ...run,
          report: { ...run.report, areas: Object.fromEntries(run.report.areas) },
        })),
      },
      null,
      2,
    ),
  );
  console.log('written reports/bench/gate.json');
}

void main();
