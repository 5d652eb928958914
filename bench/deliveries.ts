// Delivery benchmark: status changes at a steady rate through the test helper, each to a
// fresh ad, delivered by the sandbox to the suite's receiver. Prints, per rate, the p50, p99
// and maximum time from the change request to the receipt of its AD_STATUS notification.
// The sandbox, the receiver and the driver (several connections, changes sent in ticks) each run in a
// process of their own: in one process, the three shared one event loop and 1,000 a second was out of reach.
//
//   npm run bench:deliveries -- [100,500,1000] [changes per rate, default 1000]
import { mkdirSync, writeFileSync } from 'node:fs';
import type { Receipt } from './deliveries/receiver-child.js';
import { driveStatusChanges } from './lib/status-driver.js';
import {
  createNotification,
  pendingAds,
  seedAds,
  type SandboxHttp,
  sandboxHttpOf,
} from './lib/sandbox-http.js';
import { latencySummary } from './lib/stats.js';
import type { BenchActor } from './actors.js';
import { childJson } from './lib/child-json.js';
import type { CpuSample, SandboxChildInfo } from './sandbox-child.js';
import { startServerChild, type ServerChild } from './throughput/child.js';

const rates = (process.argv[2] ?? '100,500,1000').split(',').map(Number);
const CHANGES = Number(process.argv[3] ?? 1000);
const WARM_UP_RATE = 500;

const now = (): number => performance.timeOrigin + performance.now();

interface Processes {
  child: ServerChild<SandboxChildInfo>;
  sandbox: SandboxHttp;
  receiver: ServerChild<{ url: string }>;
}

async function measure(
  { child, sandbox, receiver }: Processes,
  rate: number,
): Promise<Record<string, number>> {
  const { login, token } = await childJson<BenchActor>(child, 'actor');
  const endpoint = JSON.parse(await receiver.command(`endpoint rate-${rate}`)) as {
    url: string;
    path: string;
  };
  await createNotification(sandbox, token, endpoint.url);
  // Each ad changes once, from pending_review to published: one delivery per ad.
  const adIds = await seedAds(sandbox, login, pendingAds(CHANGES));
  const sentAt = new Map<string, number>();
  const cpuBefore = await childJson<CpuSample>(child, 'cpu');
  const driven = await driveStatusChanges({
    ...sandbox,
    login,
    adIds,
    perSecond: rate,
    limit: CHANGES,
    onSend: (adId) => sentAt.set(adId, now()),
  }).finished;
  const receipts = JSON.parse(await receiver.command(`wait ${endpoint.path} ${CHANGES}`)) as Receipt[];
  const cpuAfter = await childJson<CpuSample>(child, 'cpu');
  const latencies = receipts.map(([adId, receivedAt]) => receivedAt - (sentAt.get(adId) ?? NaN));
  const summary = latencySummary(latencies);
  return {
    rate_per_s: rate,
    achieved_per_s: driven.achievedPerSecond,
    change_errors: driven.errors,
    delivered: latencies.length,
    // The sandbox's CPU per change and its delivery: what the rate costs, whatever else loads the machine.
    sandbox_cpu_us_per_change: Math.round(((cpuAfter.cpuMs - cpuBefore.cpuMs) * 1000) / CHANGES),
    p50_ms: summary.p50,
    p99_ms: summary.p99,
    max_ms: summary.max,
  };
}

async function main(): Promise<void> {
  const child = await startServerChild<SandboxChildInfo>('../sandbox-child.ts', []);
  const sandbox = sandboxHttpOf(child.info);
  const receiver = await startServerChild<{ url: string }>('../deliveries/receiver-child.ts', []);
  const processes = { child, sandbox, receiver };
  // Fresh processes run their first requests cold (module loading, compilation): one untimed round first.
  await measure(processes, WARM_UP_RATE);
  const results: Array<Record<string, number>> = [];
  for (const rate of rates) results.push(await measure(processes, rate));
  await receiver.stop();
  await child.stop();

  console.table(results);
  mkdirSync('reports/bench', { recursive: true });
  const figures = { date: new Date().toISOString(), node: process.version, changes: CHANGES, results };
  writeFileSync('reports/bench/deliveries.json', JSON.stringify(figures, null, 2));
  console.log('written reports/bench/deliveries.json');
}

void main();
