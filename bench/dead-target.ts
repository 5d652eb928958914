// Dead-target benchmark: how long a run of the suite takes to report a target that is
// not there. Per round and scenario, `playwright test --project=conformance` with TARGET_AUTH_URL
// and TARGET_APPS_URL on a closed loopback port (refused at once) or on a server that accepts
// connections and never answers (global setup's preflight waits its timeout): wall time, CPU of
// the whole process tree, the load average when it started. Each run is checked as the self-test
// checks it: every test broken with one cause, a non-zero exit.
//
//   npm run bench:dead-target -- [--rounds 5] [--scenarios refused,silent] [--baseline <checkout>]
//
// --baseline names another checkout of this project (a git worktree at an older commit, with its
// node_modules): its runs alternate with this one's, round by round, so both meet the same load.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createServer as createTcpServer, type Server, type Socket } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { environmentWithoutTarget, spawnCollect } from '../embedded/run-suite.js';
import { PACKAGE_ROOT } from '../embedded/playwright-command.js';
import { median } from './lib/stats.js';
import { brokenCount } from './dead-target/results.js';

const { values: options } = parseArgs({
  options: {
    // Wall time on a shared machine swings between runs: medians of a few rounds, interleaved.
    rounds: { type: 'string', default: '5' },
    scenarios: { type: 'string', default: 'refused,silent' },
    baseline: { type: 'string' },
  },
});
const CLOCK_TICKS = 100;
const RUN_TIMEOUT_MS = 300_000;
type Scenario = 'refused' | 'silent';

interface Run {
  checkout: string;
  scenario: Scenario;
  load: number;
  wallS: number;
  cpuS: number;
  exitCode: number;
  tests: number;
  broken: number;
  causes: number;
}

/** CPU seconds of this process's ended children and of theirs (they wait for their own). */
function childrenCpuSeconds(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[13]) + Number(fields[14])) / CLOCK_TICKS;
}

/** A server that accepts every connection and never answers: the preflight meets its timeout. */
async function silentServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createTcpServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((done) => {
        server.close(() => {
          done();
        });
      });
    },
  };
}

/** A loopback port nothing listens on: bound once to learn a free one, then closed. */
async function closedPort(): Promise<string> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 1;
  await new Promise((done) => server.close(done));
  return `http://127.0.0.1:${port}`;
}

async function oneRun(checkout: string, scenario: Scenario): Promise<Run> {
  const silent = scenario === 'silent' ? await silentServer() : undefined;
  const url = silent?.url ?? (await closedPort());
  const reportsDir = mkdtempSync(join(tmpdir(), 'bench-dead-target-'));
  const env: NodeJS.ProcessEnv = {
    ...environmentWithoutTarget(),
    TARGET_AUTH_URL: url,
    TARGET_APPS_URL: url,
    SANDBOX_CONTROL_KEY: 'unused',
    CONFORMANCE_WORKERS: '2',
    REPORTS_DIR: reportsDir,
  };
  const cli = join(checkout, 'node_modules', '@playwright', 'test', 'cli.js');
  const args = [cli, 'test', `--config=${join(checkout, 'playwright.config.ts')}`, '--project=conformance'];
  const load = loadavg()[0] ?? NaN;
  const cpuBefore = childrenCpuSeconds();
  const started = performance.now();
  try {
    const { exitCode } = await spawnCollect(process.execPath, args, env, RUN_TIMEOUT_MS, checkout);
    const wallS = (performance.now() - started) / 1000;
    const cpuS = childrenCpuSeconds() - cpuBefore;
    const counted = brokenCount(readFileSync(join(reportsDir, 'results.json'), 'utf8'));
    return { checkout, scenario, load, wallS, cpuS, exitCode, ...counted };
  } finally {
    rmSync(reportsDir, { recursive: true, force: true });
    await silent?.close();
  }
}

/** "p50 (min-max)" of a few figures. */
function spread(values: readonly number[], digits: number, unit = ''): string {
  const shown = (value: number): string => value.toFixed(digits);
  return `${shown(median(values))}${unit} (${shown(Math.min(...values))}-${shown(Math.max(...values))})`;
}

function printTable(runs: readonly Run[]): void {
  console.log(
    '\ncheckout                        scenario  runs   load p50 (min-max)   wall p50 (min-max)   CPU p50 (min-max)',
  );
  const keys = [...new Set(runs.map((run) => `${run.checkout}\u0000${run.scenario}`))];
  for (const key of keys) {
    const [checkout = '', scenario = ''] = key.split('\u0000');
    const group = runs.filter((run) => run.checkout === checkout && run.scenario === scenario);
    const columns = [
      spread(
        group.map((run) => run.load),
        1,
      ),
      spread(
        group.map((run) => run.wallS),
        1,
        ' s',
      ),
      spread(
        group.map((run) => run.cpuS),
        1,
        ' s',
      ),
    ];
    console.log(
      checkout.slice(-30).padEnd(32) +
        scenario.padEnd(10) +
        String(group.length).padStart(4) +
        columns.map((column) => column.padStart(21)).join(''),
    );
  }
}

function check(run: Run): string | null {
  if (run.exitCode === 0) return 'the run exited 0';
  if (run.tests === 0 || run.broken !== run.tests) return `${run.broken} of ${run.tests} tests broken`;
  if (run.causes !== 1) return `${run.causes} different causes`;
  return null;
}

const rounds = Number(options.rounds);
const scenarios = options.scenarios
  .split(',')
  .filter((name): name is Scenario => /^(refused|silent)$/.test(name));
const checkouts = [
  ...(options.baseline === undefined ? [] : [resolve(options.baseline)]),
  resolve(PACKAGE_ROOT),
];
const runs: Run[] = [];
const problems: string[] = [];

async function main(): Promise<void> {
  for (let round = 1; round <= rounds; round += 1)
    for (const scenario of scenarios)
      for (const checkout of checkouts) {
        const run = await oneRun(checkout, scenario);
        runs.push(run);
        const problem = check(run);
        if (problem !== null) problems.push(`${checkout} ${scenario}: ${problem}`);
        console.log(
          `round ${round} ${scenario.padEnd(8)} ${checkout.slice(-30).padEnd(30)} load ${run.load.toFixed(1)}  wall ${run.wallS.toFixed(1)} s  CPU ${run.cpuS.toFixed(1)} s  ${run.broken}/${run.tests} broken, exit ${run.exitCode}`,
        );
      }
  printTable(runs);
  mkdirSync('reports/bench', { recursive: true });
  writeFileSync('reports/bench/dead-target.json', JSON.stringify({ rounds, runs }, null, 2));
  for (const problem of problems) console.error(`FAILED: ${problem}`);
  process.exit(problems.length === 0 ? 0 : 1);
}

void main();
