// Delivery benchmark: status changes at a steady rate through the test helper, each to a fresh ad,
// delivered by the sandbox to the suite's mockttp receiver. Prints, per rate, the p50, p99 and
// maximum time from the change request to the receipt of its AD_STATUS notification.
import { mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'undici';
import { Receiver } from '../helpers/receiver.js';
import { startSandbox } from '../sandbox/start.js';
import { benchActor } from './actors.js';

const rates = (process.argv[2] ?? '100,500,1000').split(',').map(Number);
const CHANGES = Number(process.argv[3] ?? 1000);
const KEY = 'bench-key';

const now = (): number => performance.timeOrigin + performance.now();
const sleepUntil = (at: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, at - now())));

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

const sandbox = await startSandbox({ controlKey: KEY });
const receiver = await Receiver.start({
  port: undefined,
  publicUrl: undefined,
  timing: { waitMs: 30_000, quietMs: 500 },
});
const helper = (path: string, method: 'PUT' | 'POST', body: unknown) =>
  request(`${sandbox.controlUrl}/test_helpers/v1${path}`, {
    method,
    headers: { 'x-sandbox-key': KEY, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).then((response) => response.body.text());

const results: Array<Record<string, number>> = [];
for (const rate of rates) {
  const { login, token } = benchActor(sandbox);
  const endpoint = receiver.endpoint(`rate-${rate}`);
  const created = await request(`${sandbox.appsUrl}/autoservice/v1/notification`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      method: 'POST',
      url: endpoint.url,
      media_type: 'application/json',
      token: 'bench',
    }),
  });
  if (created.statusCode !== 201) throw new Error(`create answered ${created.statusCode}`);
  await created.body.text();
  const ads = Array.from({ length: CHANGES }, (_, index) => ({
    id: `ad-${index}`,
    status: 'pending_review',
  }));
  await helper(`/users/${login}/ads`, 'PUT', { ads });

  const sentAt = new Map<string, number>();
  const start = now() + 50;
  const pending: Array<Promise<string>> = [];
  for (const [index, ad] of ads.entries()) {
    await sleepUntil(start + (index * 1000) / rate);
    sentAt.set(ad.id, now());
    pending.push(helper(`/users/${login}/ads/${ad.id}/status`, 'POST', { status: 'published' }));
  }
  await Promise.all(pending);
  const sendSeconds = (now() - start) / 1000;
  await endpoint.waitFor(CHANGES);
  const latencies = endpoint.deliveries
    .map((delivery) => {
      const adId = (JSON.parse(delivery.body) as { data: { ad: { id: string } } }).data.ad.id;
      return delivery.receivedAt - (sentAt.get(adId) ?? NaN);
    })
    .sort((a, b) => a - b);
  results.push({
    rate_per_s: rate,
    achieved_per_s: Math.round(CHANGES / sendSeconds),
    delivered: latencies.length,
    p50_ms: Number(percentile(latencies, 50).toFixed(2)),
    p99_ms: Number(percentile(latencies, 99).toFixed(2)),
    max_ms: Number((latencies.at(-1) ?? NaN).toFixed(2)),
  });
}
await receiver.stop();
await sandbox.close();

console.table(results);
mkdirSync('reports/bench', { recursive: true });
writeFileSync(
  'reports/bench/deliveries.json',
  JSON.stringify(
    { date: new Date().toISOString(), node: process.version, changes: CHANGES, results },
    null,
    2,
  ),
);
console.log('written reports/bench/deliveries.json');
