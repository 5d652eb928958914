// Soak benchmark: several tenants at once for a long time (an hour by default), each an
// integrator's day in a loop (bench/soak/tenant.ts: the authorization code flow, crawls, basic user
// info, catalogs, notification configurations, delivered status changes, journal reads, refused
// requests). The sandbox runs as `npm run sandbox` runs it (its Node flags, a data folder) in a
// process of its own with --expose-gc, and reports its memory after a full collection every
// `--sample-every` seconds. The reference, in the same run, is the sandbox's own memory over the
// middle third of the run, once warm: the run passes when the last third's heap is within the
// tolerance of the middle third's (a plateau) and no answer was unexpected. Loopback only, bounded
// by the duration.
//
//   npm run bench:soak -- [--minutes 60] [--tenants 4] [--ads 300] [--pause-ms 1000] [--sample-every 10] [--tolerance-mb 3]
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Agent } from 'undici';
import { SANDBOX_NODE_FLAGS } from '../sandbox/process-settings.js';
import { childJson } from './lib/child-json.js';
import { benchAds, controlOf, seedAds, sandboxHttpOf, type SandboxHttp } from './lib/sandbox-http.js';
import { mean, round, slope } from './lib/stats.js';
import { sampleMemory, type TimedSample } from './load/memory-sampler.js';
import type { Credentials } from './load/oauth-flow.js';
import type { MemorySample, SandboxChildInfo } from './sandbox-child.js';
import { runTenant, type TenantLog } from './soak/tenant.js';
import { startServerChild } from './throughput/child.js';

const { values: options } = parseArgs({
  options: {
    minutes: { type: 'string', default: '60' },
    tenants: { type: 'string', default: '4' },
    ads: { type: 'string', default: '300' },
    'pause-ms': { type: 'string', default: '1000' },
    'sample-every': { type: 'string', default: '10' },
    'tolerance-mb': { type: 'string', default: '3' },
  },
});
const MINUTES = Number(options.minutes);
const TENANTS = Number(options.tenants);
const ADS = Number(options.ads);
const TOLERANCE_MB = Number(options['tolerance-mb']);
const REDIRECT_URI = 'http://127.0.0.1:9/cb';

/** A receiver of deliveries that answers each at once. */
async function receiver(): Promise<{ server: Server; url: string; received: () => number }> {
  let received = 0;
  const server = createServer((incoming, answer) => {
    incoming.resume();
    incoming.on('end', () => {
      received += 1;
      answer.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}/soak`, received: () => received };
}

/** A tenant as the contract makes one: a client, a user with seeded ads, the rate limit out of the way. */
async function tenant(
  sandbox: SandboxHttp,
  index: number,
): Promise<{ credentials: Credentials; adIds: string[] }> {
  const control = controlOf(sandbox);
  const client = await control.createClient([REDIRECT_URI], `soak ${index}`);
  const user = await control.createUser();
  await control.setRateLimit(client.clientId, 1_000_000_000, 1);
  const adIds = await seedAds(sandbox, user.login, benchAds(ADS));
  const credentials = {
    clientId: client.clientId,
    clientSecret: client.clientSecret,
    redirectUri: REDIRECT_URI,
    login: user.login,
    password: user.password,
  };
  return { credentials, adIds };
}

interface Thirds {
  firstMb: number;
  middleMb: number;
  lastMb: number;
  lastHalfSlopeMbPerHour: number;
}

/** A figure's means over the run's thirds, and its slope over the last half. */
function thirds(samples: readonly TimedSample[], pick: (sample: TimedSample) => number): Thirds {
  const third = Math.max(1, Math.floor(samples.length / 3));
  const lastHalf = samples.slice(Math.floor(samples.length / 2));
  return {
    firstMb: round(mean(samples.slice(0, third).map(pick)), 1),
    middleMb: round(mean(samples.slice(third, -third).map(pick)), 1),
    lastMb: round(mean(samples.slice(-third).map(pick)), 1),
    lastHalfSlopeMbPerHour: round(
      slope(lastHalf.map((sample) => ({ x: sample.atS / 3600, y: pick(sample) }))),
      1,
    ),
  };
}

function merged(
  logs: readonly TenantLog[],
  pick: (log: TenantLog) => Map<string, number>,
): Record<string, number> {
  const all: Record<string, number> = {};
  for (const log of logs) for (const [key, value] of pick(log)) all[key] = (all[key] ?? 0) + value;
  return all;
}

function report(samples: TimedSample[], logs: TenantLog[], delivered: number, seconds: number): boolean {
  const heap = thirds(samples, (sample) => sample.heapUsedMb);
  const rss = thirds(samples, (sample) => sample.rssMb);
  const operations = merged(logs, (log) => log.operations);
  const unexpected = merged(logs, (log) => log.unexpected);
  const total = Object.values(operations).reduce((sum, value) => sum + value, 0);
  const unexpectedCount = Object.values(unexpected).reduce((sum, value) => sum + value, 0);
  const plateau = heap.lastMb - heap.middleMb <= TOLERANCE_MB;
  console.table([
    { memory: 'heap used after a collection, MB', ...heap },
    { memory: 'RSS, MB', ...rss },
  ]);
  console.table(Object.entries(operations).map(([operation, times]) => ({ operation, times })));
  console.log(
    `${TENANTS} tenants for ${(seconds / 60).toFixed(1)} min: ${total} operations, ${delivered} deliveries received, ` +
      `${unexpectedCount} unexpected answers ${JSON.stringify(unexpected)}; ` +
      `heap ${heap.lastMb} MB over the last third vs ${heap.middleMb} MB over the middle third ` +
      `(${plateau ? 'a plateau' : 'still growing'}, tolerance ${TOLERANCE_MB} MB; ${heap.firstMb} MB over the first), ` +
      `RSS ${rss.lastMb} vs ${rss.middleMb} MB, peak RSS ${round(Math.max(...samples.map((sample) => sample.maxRssMb)), 1)} MB`,
  );
  mkdirSync('reports/bench', { recursive: true });
  const settings = { minutes: MINUTES, tenants: TENANTS, ads: ADS, pauseMs: Number(options['pause-ms']) };
  const figures = { date: new Date().toISOString(), node: process.version, settings, seconds, plateau };
  writeFileSync(
    'reports/bench/soak.json',
    JSON.stringify({ ...figures, heap, rss, operations, unexpected, delivered, samples }, null, 2),
  );
  console.log('written reports/bench/soak.json');
  return plateau && unexpectedCount === 0;
}

async function main(): Promise<void> {
  const data = mkdtempSync(join(tmpdir(), 'bench-soak-'));
  const child = await startServerChild<SandboxChildInfo>(
    '../sandbox-child.ts',
    ['--data', data],
    ['--expose-gc', ...SANDBOX_NODE_FLAGS],
  );
  const deliveries = await receiver();
  const authDispatcher = new Agent({ connect: { ca: readFileSync(child.info.caFile, 'utf8') } });
  const appsDispatcher = new Agent();
  try {
    const sandbox = sandboxHttpOf(child.info);
    const tenants = await Promise.all(Array.from({ length: TENANTS }, (_, index) => tenant(sandbox, index)));
    const sampler = sampleMemory(
      () => childJson<MemorySample>(child, 'memory'),
      Number(options['sample-every']) * 1000,
    );
    const startedAt = performance.now();
    const deadline = startedAt + MINUTES * 60_000;
    const logs = await Promise.all(
      tenants.map(({ credentials, adIds }) =>
        runTenant(
          {
            authUrl: child.info.authUrl,
            appsUrl: child.info.appsUrl,
            controlKey: child.info.controlKey,
            credentials,
            adIds,
            receiverUrl: deliveries.url,
            loginEvery: 10,
            pauseMs: Number(options['pause-ms']),
            authDispatcher,
            appsDispatcher,
          },
          deadline,
        ),
      ),
    );
    const samples = sampler.stop();
    if (!report(samples, logs, deliveries.received(), (performance.now() - startedAt) / 1000))
      process.exitCode = 1;
  } finally {
    await Promise.all([authDispatcher.close(), appsDispatcher.close(), child.stop()]);
    deliveries.server.close();
    rmSync(data, { recursive: true, force: true });
  }
}

void main();
