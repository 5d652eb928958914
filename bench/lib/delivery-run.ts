// One delivery measurement (bench/deliveries.ts, bench/persistence.ts): status changes at a steady
// rate through the test helper, each delivered by the sandbox (in its own process, started with the
// arguments given: `--data DIR` keeps its state) to a receiver in another.
import type { Receipt } from '../deliveries/receiver-child.js';
import { driveStatusChanges } from './status-driver.js';
import { createNotification, pendingAds, seedAds, type SandboxHttp, sandboxHttpOf } from './sandbox-http.js';
import { latencySummary } from './stats.js';
import type { BenchActor } from '../actors.js';
import { childJson } from './child-json.js';
import type { CpuSample, SandboxChildInfo } from '../sandbox-child.js';
import { startServerChild, type ServerChild } from '../throughput/child.js';

const now = (): number => performance.timeOrigin + performance.now();

export interface DeliveryProcesses {
  child: ServerChild<SandboxChildInfo>;
  sandbox: SandboxHttp;
  receiver: ServerChild<{ url: string }>;
}

/** One round of `changes` status changes at `rate` a second. */
export async function measureDeliveries(
  { child, sandbox, receiver }: DeliveryProcesses,
  rate: number,
  changes: number,
): Promise<Record<string, number>> {
  const { login, token } = await childJson<BenchActor>(child, 'actor');
  const endpoint = JSON.parse(await receiver.command(`endpoint rate-${rate}`)) as {
    url: string;
    path: string;
  };
  await createNotification(sandbox, token, endpoint.url);
  // Each ad changes once, from pending_review to published: one delivery per ad.
  const adIds = await seedAds(sandbox, login, pendingAds(changes));
  const sentAt = new Map<string, number>();
  const acknowledgedIn: number[] = [];
  const cpuBefore = await childJson<CpuSample>(child, 'cpu');
  const driven = await driveStatusChanges({
    ...sandbox,
    login,
    adIds,
    perSecond: rate,
    limit: changes,
    onSend: (adId) => sentAt.set(adId, now()),
    onAcknowledged: (adId) => acknowledgedIn.push(now() - (sentAt.get(adId) ?? NaN)),
  }).finished;
  const receipts = JSON.parse(await receiver.command(`wait ${endpoint.path} ${changes}`)) as Receipt[];
  const cpuAfter = await childJson<CpuSample>(child, 'cpu');
  const latencies = receipts.map(([adId, receivedAt]) => receivedAt - (sentAt.get(adId) ?? NaN));
  const summary = latencySummary(latencies);
  const acknowledged = latencySummary(acknowledgedIn);
  return {
    rate_per_s: rate,
    achieved_per_s: driven.achievedPerSecond,
    change_errors: driven.errors,
    delivered: latencies.length,
    // The sandbox's CPU per change and its delivery: what the rate costs, whatever else loads the machine.
    sandbox_cpu_us_per_change: Math.round(((cpuAfter.cpuMs - cpuBefore.cpuMs) * 1000) / changes),
    p50_ms: summary.p50,
    p99_ms: summary.p99,
    max_ms: summary.max,
    // From the change sent to its 202: with a data folder, once the change is in the file.
    ack_p50_ms: acknowledged.p50,
    ack_p99_ms: acknowledged.p99,
  };
}

/** The sandbox (started with `sandboxArgs`) and the receiver, each in a process of its own. */
export async function startDeliveryProcesses(sandboxArgs: string[] = []): Promise<DeliveryProcesses> {
  const child = await startServerChild<SandboxChildInfo>('../sandbox-child.ts', sandboxArgs);
  const receiver = await startServerChild<{ url: string }>('../deliveries/receiver-child.ts', []);
  return { child, sandbox: sandboxHttpOf(child.info), receiver };
}

export async function stopDeliveryProcesses({ child, receiver }: DeliveryProcesses): Promise<void> {
  await receiver.stop();
  await child.stop();
}
