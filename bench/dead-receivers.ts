// Dead-receiver benchmark: does a notification receiver that never answers, answers
// slowly or refuses connections slow the API down? Per scenario, a fresh sandbox in its own process;
// one user's ads change status at a steady rate through the test helper (so deliveries pile up at
// that user's configurations) while wrk loads another user's listing for a fixed time. The baseline
// scenario drives the same changes with no configuration attached.
//
//   npm run bench:dead-receivers -- [--duration 10] [--warmup 3] [--connections 10] [--threads 2]
//                                   [--rate 200] [--slow-ms 1500] [--rounds 3] [--scenarios none,all]
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startReceivers, type Receivers } from './dead-receivers/receivers.js';
import { driveStatusChanges } from './lib/status-driver.js';
import { benchAds, createNotification, seedAds, sandboxHttpOf } from './lib/sandbox-http.js';
import { childJson } from './lib/child-json.js';
import {
  MAX_P99_RATIO,
  MIN_THROUGHPUT_RATIO,
  summarise,
  tableRows,
  type Run,
} from './dead-receivers/summary.js';
import type { BenchActor } from './actors.js';
import type { CpuSample, MemorySample, SandboxChildInfo } from './sandbox-child.js';
import { startServerChild, type ServerChild } from './throughput/child.js';
import { runWrk, type LoadSettings } from './throughput/wrk.js';

const { values: options } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '10' },
    threads: { type: 'string', default: '2' },
    rate: { type: 'string', default: '200' },
    'slow-ms': { type: 'string', default: '1500' },
    // On a shared machine wall-clock figures swing between runs: medians of a few rounds, interleaved.
    rounds: { type: 'string', default: '3' },
    scenarios: { type: 'string', default: 'none,healthy,slow,closed-port,hanging,all' },
  },
});
const settings: LoadSettings = {
  durationSeconds: Number(options.duration),
  connections: Number(options.connections),
  threads: Number(options.threads),
};
const warmupSeconds = Number(options.warmup);
const changesPerSecond = Number(options.rate);
const LISTING_PATH = '/autoupload/v1/published?fetch_size=200';
const LISTED_ADS = 2000;
const CHANGED_ADS = 1000;
const QUIET_SECONDS = 3;
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

type ReceiverKind = 'healthy' | 'slow' | 'closed-port' | 'hanging';
const SCENARIOS: Record<string, readonly ReceiverKind[]> = {
  none: [],
  healthy: ['healthy'],
  slow: ['slow'],
  'closed-port': ['closed-port'],
  hanging: ['hanging'],
  all: ['hanging', 'slow', 'closed-port', 'healthy'],
};
const scenarioNames = options.scenarios.split(',');
for (const name of scenarioNames) if (!(name in SCENARIOS)) throw new Error(`unknown scenario ${name}`);
if (scenarioNames[0] !== 'none') throw new Error('the baseline scenario "none" must come first');

function receiverUrl(receivers: Receivers, kind: ReceiverKind): string {
  if (kind === 'closed-port') return receivers.closedPort;
  return receivers[kind];
}

const workDir = mkdtempSync(join(tmpdir(), 'bench-dead-receivers-'));

/** A fresh sandbox's two actors, their ads, the scenario's receivers and a steady stream of changes. */
async function setUpScenario(child: ServerChild<SandboxChildInfo>, scenario: string, receivers: Receivers) {
  const sandbox = sandboxHttpOf(child.info);
  const lister = await childJson<BenchActor>(child, 'actor');
  const changer = await childJson<BenchActor>(child, 'actor');
  await seedAds(sandbox, lister.login, benchAds(LISTED_ADS));
  const adIds = await seedAds(sandbox, changer.login, benchAds(CHANGED_ADS));
  for (const kind of SCENARIOS[scenario] ?? [])
    await createNotification(sandbox, changer.token, receiverUrl(receivers, kind));
  const driver = driveStatusChanges({ ...sandbox, login: changer.login, adIds, perSecond: changesPerSecond });
  return { sandbox, lister, driver };
}

/** The sandbox's CPU per status change with no other load: a figure a loaded machine barely moves. */
async function quietCpuUsPerChange(child: ServerChild<SandboxChildInfo>): Promise<number> {
  const before = await childJson<CpuSample>(child, 'cpu');
  await sleep(QUIET_SECONDS * 1000);
  const after = await childJson<CpuSample>(child, 'cpu');
  return ((after.cpuMs - before.cpuMs) * 1000) / (QUIET_SECONDS * changesPerSecond);
}

async function measure(scenario: string, roundNumber: number, receivers: Receivers): Promise<Run> {
  const child = await startServerChild<SandboxChildInfo>('../sandbox-child.ts', [], ['--expose-gc']);
  try {
    const { sandbox, lister, driver } = await setUpScenario(child, scenario, receivers);
    // The warm-up lets the queues of the dead receivers fill before anything is measured.
    await sleep(warmupSeconds * 1000);
    const cpuUsPerChange = await quietCpuUsPerChange(child);
    const cpuBefore = await childJson<CpuSample>(child, 'cpu');
    const listing = await runWrk(
      `${sandbox.appsUrl}${LISTING_PATH}`,
      { kind: 'fixed', method: 'GET', headers: { authorization: `Bearer ${lister.token}` } },
      settings,
      workDir,
      scenario,
    );
    const cpuAfter = await childJson<CpuSample>(child, 'cpu');
    const changes = await driver.stop();
    const sandboxCpuMs = cpuAfter.cpuMs - cpuBefore.cpuMs;
    const memory = await childJson<MemorySample>(child, 'memory');
    console.log(
      `round ${roundNumber}, ${scenario}: ${listing.requestsPerSecond} req/s, p50 ${listing.p50Ms} ms, p99 ${listing.p99Ms} ms; ` +
        `${changes.achievedPerSecond} changes/s, ${changes.errors} change errors; ` +
        `sandbox CPU ${Math.round(sandboxCpuMs)} ms, ${Math.round(listing.requests / (sandboxCpuMs / 1000))} listing requests per CPU second`,
    );
    return { scenario, round: roundNumber, listing, changes, memory, sandboxCpuMs, cpuUsPerChange };
  } finally {
    await child.stop();
  }
}

/** Prints the table and the verdict, writes the figures; true when the listing held beside every receiver. */
function report(runs: Run[], delivered: Record<string, number>): boolean {
  const results = scenarioNames.map((scenario) =>
    summarise(runs, scenario, (SCENARIOS[scenario] ?? []).join(' + ') || '(none)', settings.durationSeconds),
  );
  console.table(tableRows(results));
  console.log(`requests the receivers saw: ${JSON.stringify(delivered)}`);
  const failing = results.filter((row) => !row.holds).map((row) => row.scenario);
  console.log(
    failing.length === 0
      ? `the listing holds beside every receiver (p99 at most ${MAX_P99_RATIO}x, req/s at least ${MIN_THROUGHPUT_RATIO * 100} % of the baseline)`
      : `the listing slows down beside: ${failing.join(', ')}`,
  );
  mkdirSync('reports/bench', { recursive: true });
  const figures = {
    date: new Date().toISOString(),
    node: process.version,
    settings: { ...settings, warmupSeconds, changesPerSecond, slowMs: Number(options['slow-ms']) },
    results,
    runs,
    receiverRequests: delivered,
  };
  writeFileSync('reports/bench/dead-receivers.json', JSON.stringify(figures, null, 2));
  console.log('written reports/bench/dead-receivers.json');
  return failing.length === 0;
}

async function main(): Promise<void> {
  const receivers = await startReceivers(Number(options['slow-ms']));
  const runs: Run[] = [];
  for (let roundNumber = 1; roundNumber <= Number(options.rounds); roundNumber += 1)
    for (const scenario of scenarioNames) runs.push(await measure(scenario, roundNumber, receivers));
  const delivered = receivers.counts();
  await receivers.close();
  rmSync(workDir, { recursive: true, force: true });
  if (!report(runs, delivered)) process.exitCode = 1;
}

void main();
