// Hostile-load benchmark: the sandbox, in a process of its own, takes N requests of the
// hostile kinds a tester sharing the sandbox could send (abandoned flows with long URLs, password guessing, empty keys, clock
// pushes, forbidden webhook targets and header-breaking tokens, user floods, fan-out status changes,
// large and oversized ads bodies), all on loopback, a bounded number each. Beside it, as the
// reference of the same run, a fresh sandbox takes the same count of benign listing requests.
// Printed per round: peak RSS of the sandbox process, RSS and heap after a full collection, the
// latency of a probe request sent every 100 ms (how long other requests stall), whether the process
// still answers, whether every seeded user's ads are intact, and the journal's bytes on disk (each
// round's sandbox keeps a data folder, as `npm run sandbox` does). The hostile mix includes
// unauthenticated requests of every kind at their maximum size, naming a seeded team's client.
// Fails when the hostile round's peak RSS reaches 300 MB, the process is gone, or seeded ads changed.
//
//   npm run bench:hostile -- [--requests 100000] [--concurrency 32] [--big-bodies 12]
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Agent } from 'undici';
import { childJson } from './lib/child-json.js';
import { benchAds, seedAds, type SandboxHttp, sandboxHttpOf } from './lib/sandbox-http.js';
import * as attacks from './hostile/attacks.js';
import { adsOf, holdingReceiver, startProbe, type ProbeResult } from './hostile/observe.js';
import { SANDBOX_NODE_FLAGS } from '../sandbox/process-settings.js';
import type { MemorySample, SandboxChildInfo } from './sandbox-child.js';
import { startServerChild, type ServerChild } from './throughput/child.js';

const { values: options } = parseArgs({
  options: {
    requests: { type: 'string', default: '100000' },
    concurrency: { type: 'string', default: '32' },
    'big-bodies': { type: 'string', default: '12' },
  },
});
const REQUESTS = Number(options.requests);
const CONCURRENCY = Number(options.concurrency);
const BIG_BODIES = Number(options['big-bodies']);
const SEEDED_USERS = 5;
const SEEDED_ADS = 2000;
const RSS_LIMIT_MB = 300;

interface RoundResult {
  round: 'benign' | 'hostile';
  requests: number;
  seconds: number;
  statuses: Record<string, number>;
  peakRssMb: number;
  rssAfterMb: number;
  heapAfterMb: number;
  probe: ProbeResult;
  alive: boolean;
  adsIntact: boolean;
  /** The journal's files in the data folder (journal.jsonl and its rotations), at the round's end. */
  journalMb: number;
}

function journalBytes(folder: string): number {
  return readdirSync(folder)
    .filter((name) => name.startsWith('journal.jsonl'))
    .reduce((sum, name) => sum + statSync(join(folder, name)).size, 0);
}

type Kind = (index: number) => attacks.Send;

async function runRound(round: RoundResult['round']): Promise<RoundResult> {
  // The sandbox's own Node flags, as `npm run sandbox` gives them: the figure is then the sandbox's.
  const data = mkdtempSync(join(tmpdir(), `bench-hostile-${round}-`));
  const child = await startServerChild<SandboxChildInfo>(
    '../sandbox-child.ts',
    ['--data', data],
    ['--expose-gc', ...SANDBOX_NODE_FLAGS],
  );
  if (!child.info.sandboxSettings) throw new Error('the sandbox child runs without the sandbox settings');
  const target = targetOf(child);
  const http = sandboxHttpOf(target);
  const actor = async (): Promise<attacks.Actor> => childJson<attacks.Actor>(child, 'actor');
  const seeded = await seedOwners(target, http, actor);
  const receiver = await holdingReceiver(200);
  const kinds =
    round === 'hostile'
      ? await hostileKinds(target, http, actor, receiver.url, seeded[1]?.actor.clientId ?? 'cl_none')
      : benignKinds(target, seeded);
  const probe = startProbe(target, seeded[0]?.actor);
  const statuses: Record<string, number> = {};
  const started = performance.now();
  await drive(kinds, REQUESTS, CONCURRENCY, (status) => {
    statuses[status] = (statuses[status] ?? 0) + 1;
  });
  const seconds = (performance.now() - started) / 1000;
  const probed = await probe.stop();
  const seededNow = await checkSeeded(target, seeded);
  const memory = await memoryWithin(child, 10_000);
  await stop(child, receiver, target);
  const journalMb = journalBytes(data) / 1024 / 1024;
  rmSync(data, { recursive: true, force: true });
  return {
    journalMb,
    round,
    requests: REQUESTS,
    seconds,
    statuses,
    peakRssMb: memory?.maxRssMb ?? Number.NaN,
    rssAfterMb: memory?.rssMb ?? Number.NaN,
    heapAfterMb: memory?.heapUsedMb ?? Number.NaN,
    probe: probed,
    alive: seededNow.alive && memory !== null,
    adsIntact: seededNow.adsIntact,
  };
}

function targetOf(child: ServerChild<SandboxChildInfo>): attacks.Target {
  const ca = readFileSync(child.info.caFile, 'utf8');
  return {
    authUrl: child.info.authUrl,
    appsUrl: child.info.appsUrl,
    controlKey: child.info.controlKey,
    auth: new Agent({ connect: { ca }, connections: CONCURRENCY }),
    apps: new Agent({ connections: CONCURRENCY }),
  };
}

type Seeded = Array<{ actor: attacks.Actor; ids: string[] }>;

/** Owners whose ads must come through the round unchanged: each ad as `id:status`. */
async function seedOwners(
  target: attacks.Target,
  http: SandboxHttp,
  actor: () => Promise<attacks.Actor>,
): Promise<Seeded> {
  const seeded: Seeded = [];
  for (let index = 0; index < SEEDED_USERS; index += 1) {
    const owner = await actor();
    await seedAds(http, owner.login, benchAds(SEEDED_ADS));
    seeded.push({ actor: owner, ids: (await adsOf(target, owner)).map((ad) => `${ad.id}:${ad.status}`) });
  }
  return seeded;
}

async function checkSeeded(
  target: attacks.Target,
  seeded: Seeded,
): Promise<{ alive: boolean; adsIntact: boolean }> {
  let alive = true;
  let adsIntact = true;
  for (const { actor: owner, ids } of seeded) {
    try {
      const now = (await adsOf(target, owner)).map((ad) => `${ad.id}:${ad.status}`);
      adsIntact &&= now.length === ids.length && now.every((id, index) => id === ids[index]);
    } catch {
      alive = false;
      adsIntact = false;
    }
  }
  return { alive, adsIntact };
}

/** The child's memory, or null when it does not answer in time (it is then taken as dead). */
async function memoryWithin(child: ServerChild<SandboxChildInfo>, ms: number): Promise<MemorySample | null> {
  return Promise.race([
    childJson<MemorySample>(child, 'memory'),
    new Promise<null>((resolve) => {
      setTimeout(() => {
        resolve(null);
      }, ms);
    }),
  ]);
}

async function stop(
  child: ServerChild<unknown>,
  receiver: { stop(): Promise<void> },
  target: attacks.Target,
): Promise<void> {
  await Promise.all([target.auth.close(), target.apps.close()]);
  await receiver.stop();
  await child.stop();
}

function benignKinds(target: attacks.Target, seeded: Array<{ actor: attacks.Actor }>): Kind[] {
  return seeded.map(({ actor }) => {
    const send = attacks.benignListing(target, actor);
    return () => send;
  });
}

/**
 * The hostile mix, by weight (one entry one share), and the large bodies, a bounded number of them,
 * spread through the run.
 */
async function hostileKinds(
  target: attacks.Target,
  http: SandboxHttp,
  actor: () => Promise<attacks.Actor>,
  receiverUrl: string,
  victimClientId: string,
): Promise<Kind[]> {
  const attacker = await actor();
  const fanOutOwner = await actor();
  await seedAds(http, fanOutOwner.login, [{ id: 'fan-ad', status: 'active' }]);
  // 25 configurations asked of one user and client: the cap keeps 20, each change fans out to them.
  for (let index = 0; index < 25; index += 1)
    await attacks.hook(target, fanOutOwner, `${receiverUrl}/fan-${index}`)();
  const guess = await attacks.passwordGuess(target, attacker);
  const flow = attacks.abandonedFlow(target, attacker);
  const emptyKey = attacks.emptyKey(target);
  const clock = attacks.clockPush(target, attacker);
  const hook = attacks.forbiddenHook(target, attacker);
  const users = attacks.userFlood(target);
  const fan = attacks.fanOut(target, fanOutOwner);
  const unauthenticated = attacks.unauthenticatedMax(target, victimClientId);
  const times = (count: number, send: attacks.Send): attacks.Send[] =>
    Array.from({ length: count }, () => send);
  const shares: attacks.Send[] = [
    ...times(4, unauthenticated),
    ...times(6, flow),
    ...times(4, guess),
    ...times(2, emptyKey),
    ...times(2, clock),
    ...times(2, hook),
    users,
    ...times(3, fan),
  ];
  const bigBodies = await bigBodySends(target, actor);
  return [
    (index) => {
      const every = Math.floor(REQUESTS / Math.max(1, bigBodies.length));
      const big = index % every === 0 ? bigBodies[index / every] : undefined;
      return big ?? (shares[index % shares.length] as attacks.Send);
    },
  ];
}

async function bigBodySends(
  target: attacks.Target,
  actor: () => Promise<attacks.Actor>,
): Promise<attacks.Send[]> {
  const valid = JSON.stringify({ ads: benchAds(200_000) });
  const oversized = `{"ads":[],"pad":"${'x'.repeat(17 * 1024 * 1024)}"}`;
  const sends: attacks.Send[] = [];
  for (let index = 0; index < BIG_BODIES; index += 1) {
    const owner = await actor();
    sends.push(attacks.bigSeed(target, owner.login, index % 2 === 0 ? valid : oversized));
  }
  return sends;
}

/** Sends `total` requests, `concurrency` at a time, the i-th made by the kind i falls to. */
async function drive(
  kinds: Kind[],
  total: number,
  concurrency: number,
  onStatus: (status: number) => void,
): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let index = next++; index < total; index = next++) {
      const kind = kinds[index % kinds.length] as Kind;
      try {
        onStatus(await kind(Math.floor(index / kinds.length))());
      } catch {
        onStatus(0);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

const results: RoundResult[] = [];

async function main(): Promise<void> {
  for (const round of ['benign', 'hostile'] as const) results.push(await runRound(round));

  const mb = (value: number): string => `${value.toFixed(0)} MB`;
  const ms = (value: number): string => `${value.toFixed(value < 10 ? 1 : 0)} ms`;
  console.log(`${REQUESTS} requests per round, ${CONCURRENCY} at a time, each round a fresh sandbox process`);
  console.log(
    '| round | seconds | req/s | peak RSS | RSS after GC | heap after GC | journal on disk | probe p50 | probe p99 | probe max | alive | seeded ads intact |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const result of results)
    console.log(
      `| ${result.round} | ${result.seconds.toFixed(1)} | ${(result.requests / result.seconds).toFixed(0)} | ${mb(result.peakRssMb)} | ${mb(result.rssAfterMb)} | ${mb(result.heapAfterMb)} | ${result.journalMb.toFixed(1)} MB | ${ms(result.probe.p50)} | ${ms(result.probe.p99)} | ${ms(result.probe.max)} | ${result.alive ? 'yes' : 'NO'} | ${result.adsIntact ? 'yes' : 'NO'} |`,
    );
  for (const result of results)
    console.log(
      `${result.round} answers: ${Object.entries(result.statuses)
        .map(([status, count]) => `${status}x${count}`)
        .join(' ')}`,
    );
  mkdirSync('reports/bench', { recursive: true });
  writeFileSync(
    'reports/bench/hostile.json',
    JSON.stringify({ requests: REQUESTS, concurrency: CONCURRENCY, results }, null, 2),
  );
  const hostile = results.find((result) => result.round === 'hostile');
  const failures = [
    ...(hostile !== undefined && !(hostile.peakRssMb < RSS_LIMIT_MB)
      ? [`peak RSS ${mb(hostile.peakRssMb)} >= ${RSS_LIMIT_MB} MB`]
      : []),
    ...results
      .filter((result) => !result.alive)
      .map((result) => `${result.round}: the sandbox stopped answering`),
    ...results.filter((result) => !result.adsIntact).map((result) => `${result.round}: seeded ads changed`),
  ];
  for (const failure of failures) console.error(`FAIL ${failure}`);
  process.exit(failures.length === 0 ? 0 : 1);
}

void main();
