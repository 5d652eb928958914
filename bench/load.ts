// Load benchmark: several integrators at once, each with its own client and user, for a
// bounded time: the authorization code flow over HTTP (a fresh login now and then), the code
// exchange, then a crawl of the whole listing with the new token. The sandbox runs in its own
// process with --expose-gc and reports its memory once a second after a full collection; the run
// passes with zero errors and a heap whose last third is no higher than its first (within a margin).
//
//   npm run bench:load -- [--clients 8] [--duration 30] [--ads 2000] [--login-every 10] [--tolerance-mb 5]
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { Agent } from 'undici';
import { benchAds, controlOf, seedAds, type SandboxHttp, sandboxHttpOf } from './lib/sandbox-http.js';
import { latencySummary } from './lib/stats.js';
import { memoryTrend, sampleMemory } from './load/memory-sampler.js';
import type { Credentials } from './load/oauth-flow.js';
import { runWorker, type WorkerLog } from './load/worker.js';
import { childJson } from './lib/child-json.js';
import type { MemorySample, SandboxChildInfo } from './sandbox-child.js';
import { startServerChild, type ServerChild } from './throughput/child.js';

const { values: options } = parseArgs({
  options: {
    clients: { type: 'string', default: '8' },
    duration: { type: 'string', default: '30' },
    ads: { type: 'string', default: '2000' },
    'login-every': { type: 'string', default: '10' },
    'tolerance-mb': { type: 'string', default: '5' },
  },
});
const clientCount = Number(options.clients);
const durationSeconds = Number(options.duration);
const seededAds = Number(options.ads);
const REDIRECT_URI = 'http://127.0.0.1:9/cb';

type Sandbox = ServerChild<SandboxChildInfo>;

/** An integrator as the contract makes one: a client, a user with seeded ads, no rate limit in the way. */
async function integrator(sandbox: SandboxHttp, index: number): Promise<Credentials> {
  const control = controlOf(sandbox);
  const client = await control.createClient([REDIRECT_URI], `load ${index}`);
  const user = await control.createUser();
  // A load that meets RATE_LIMIT would measure the limiter; the check still runs on every request.
  await control.setRateLimit(client.clientId, 1_000_000_000, 1);
  await seedAds(sandbox, user.login, benchAds(seededAds));
  return {
    clientId: client.clientId,
    clientSecret: client.clientSecret,
    redirectUri: REDIRECT_URI,
    login: user.login,
    password: user.password,
  };
}

/** Every integrator's worker for the duration, the sandbox's memory sampled beside; then the sandbox stops. */
async function runLoad(child: Sandbox, sandbox: SandboxHttp, integrators: Credentials[]) {
  const authDispatcher = new Agent({ connect: { ca: readFileSync(child.info.caFile, 'utf8') } });
  const appsDispatcher = new Agent();
  const sampler = sampleMemory(() => childJson<MemorySample>(child, 'memory'));
  const startedAt = performance.now();
  const settings = {
    authUrl: child.info.authUrl,
    appsUrl: sandbox.appsUrl,
    seededAds,
    authDispatcher,
    appsDispatcher,
  };
  const logs: WorkerLog[] = await Promise.all(
    integrators.map((credentials) =>
      runWorker(
        { ...settings, credentials, loginEvery: Number(options['login-every']) },
        startedAt + durationSeconds * 1000,
      ),
    ),
  );
  const elapsedSeconds = (performance.now() - startedAt) / 1000;
  const samples = sampler.stop();
  await Promise.all([authDispatcher.close(), appsDispatcher.close(), child.stop()]);
  return { logs, elapsedSeconds, samples };
}

/** Every worker's latencies and errors, merged per operation and per cause. */
function merge(logs: WorkerLog[], pick: (log: WorkerLog) => Map<string, number[]>): Map<string, number[]> {
  const merged = new Map<string, number[]>();
  for (const log of logs)
    for (const [operation, values] of pick(log))
      merged.set(operation, [...(merged.get(operation) ?? []), ...values]);
  return merged;
}

function summariseLogs(logs: WorkerLog[], elapsedSeconds: number) {
  const operations = [...merge(logs, (log) => log.latenciesMs)].map(([operation, latencies]) => ({
    operation,
    count: latencies.length,
    perSecond: Math.round(latencies.length / elapsedSeconds),
    ...latencySummary(latencies),
  }));
  const errors: Record<string, number> = {};
  for (const log of logs)
    for (const [cause, count] of log.errors) errors[cause] = (errors[cause] ?? 0) + count;
  const authorizations = operations
    .filter((row) => row.operation.startsWith('authorize'))
    .reduce((sum, row) => sum + row.count, 0);
  return {
    operations,
    errors,
    errorCount: Object.values(errors).reduce((sum, count) => sum + count, 0),
    crawls: logs.reduce((sum, log) => sum + log.crawls, 0),
    authorizations,
  };
}

function printFigures(
  summary: ReturnType<typeof summariseLogs>,
  memory: ReturnType<typeof memoryTrend>,
  elapsedSeconds: number,
  retainedBytesPerAuthorization: number,
): void {
  console.table(
    summary.operations.map((row) => ({
      operation: row.operation,
      count: row.count,
      'per s': row.perSecond,
      'p50 ms': row.p50,
      'p99 ms': row.p99,
      'max ms': row.max,
    })),
  );
  console.log(
    `${clientCount} clients for ${elapsedSeconds.toFixed(1)} s: ${summary.crawls} full crawls of ${seededAds} ads, ${summary.errorCount} errors ${JSON.stringify(summary.errors)}`,
  );
  console.table([
    {
      memory: 'heap used, MB',
      'first third': memory.heapFirstThirdMb,
      'last third': memory.heapLastThirdMb,
      'slope MB/min': memory.heapSlopeMbPerMin,
    },
    {
      memory: 'RSS, MB',
      'first third': memory.rssFirstThirdMb,
      'last third': memory.rssLastThirdMb,
      'slope MB/min': memory.rssSlopeMbPerMin,
    },
  ]);
  console.log(
    `sandbox memory ${memory.flat ? 'stays flat' : 'grows'} (${memory.samples} samples after a full collection, tolerance ${options['tolerance-mb']} MB; peak RSS ${memory.maxRssMb} MB); ` +
      `heap slope per authorization: ${retainedBytesPerAuthorization} bytes`,
  );
}

async function main(): Promise<void> {
  const child = await startServerChild<SandboxChildInfo>('../sandbox-child.ts', [], ['--expose-gc']);
  const sandbox = sandboxHttpOf(child.info);
  const integrators = await Promise.all(
    Array.from({ length: clientCount }, (_, index) => integrator(sandbox, index)),
  );
  const { logs, elapsedSeconds, samples } = await runLoad(child, sandbox, integrators);
  const summary = summariseLogs(logs, elapsedSeconds);
  const memory = memoryTrend(samples, Number(options['tolerance-mb']));
  // What the heap keeps per authorization: its code lives out its ten minutes (used or not), and a
  // fresh login leaves its session behind; both are bounded, so the slope flattens on longer runs.
  const retainedBytesPerAuthorization = Math.round(
    (memory.heapSlopeMbPerMin * 1024 * 1024) / ((summary.authorizations / elapsedSeconds) * 60),
  );
  printFigures(summary, memory, elapsedSeconds, retainedBytesPerAuthorization);

  mkdirSync('reports/bench', { recursive: true });
  const { operations, errors, crawls } = summary;
  const settings = {
    clients: clientCount,
    durationSeconds,
    seededAds,
    loginEvery: Number(options['login-every']),
  };
  const figures = { date: new Date().toISOString(), node: process.version, settings, elapsedSeconds, crawls };
  writeFileSync(
    'reports/bench/load.json',
    JSON.stringify(
      { ...figures, operations, errors, memory, retainedBytesPerAuthorization, samples },
      null,
      2,
    ),
  );
  console.log('written reports/bench/load.json');
  if (summary.errorCount > 0 || !memory.flat) process.exitCode = 1;
}

void main();
