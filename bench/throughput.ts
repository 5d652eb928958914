// Throughput benchmark: the sandbox's listing, token exchange and catalog lookup under wrk, beside
// two references measured in the same run (a bare node:http server and mockttp, both answering the
// listing page's bytes). wrk and every server run in processes of their own; one target is loaded at
// a time while the other servers sit idle.
//
//   npm run bench:throughput -- [--duration 10] [--connections 10] [--threads 2] [--warmup 2]
//                                [--rounds 1] [--ads 2000] [--codes-per-second 20000]
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startServerChild, type ServerChild } from './throughput/child.js';
import { codePoolLua } from './throughput/code-pool.js';
import { summarise, type TargetRuns } from './throughput/summary.js';
import { runWrk, type LoadSettings, type RequestScript } from './throughput/wrk.js';

const { values: options } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    threads: { type: 'string', default: '2' },
    warmup: { type: 'string', default: '2' },
    ads: { type: 'string', default: '2000' },
    // Every target once per round; the table shows each target's median round and median ratios.
    rounds: { type: 'string', default: '1' },
    // Upper bound on token exchanges a second; the pool is sized from it and a shortfall shows as non-2xx.
    'codes-per-second': { type: 'string', default: '20000' },
  },
});
const settings: LoadSettings = {
  durationSeconds: Number(options.duration),
  connections: Number(options.connections),
  threads: Number(options.threads),
};
const warmup: LoadSettings = { ...settings, durationSeconds: Number(options.warmup) };
const codesPerSecond = Number(options['codes-per-second']);
const rounds = Number(options.rounds);
const LISTING_PATH = '/autoupload/v1/published?fetch_size=200';
const CODE_POOL_TARGET = 'token exchange, a fresh code each';

interface SandboxInfo {
  appsUrl: string;
  authUrl: string;
  token: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

interface Target {
  name: string;
  kind: 'sandbox' | 'reference';
  url: string;
  /** The request script for a run of that many seconds (the code pool is issued per run). */
  script: (seconds: number) => Promise<RequestScript>;
}

const fixed =
  (script: RequestScript): Target['script'] =>
  () =>
    Promise.resolve(script);

const workDir = mkdtempSync(join(tmpdir(), 'bench-throughput-'));
const children: Array<ServerChild<unknown>> = [];
async function start<Info>(file: string, args: string[]): Promise<ServerChild<Info>> {
  const child = await startServerChild<Info>(file, args);
  children.push(child);
  return child;
}

type Sandbox = ServerChild<SandboxInfo>;
type Reference = ServerChild<{ url: string }>;

/** The listing's first page, checked and kept in a file the references answer with; its next token. */
async function firstPage(info: SandboxInfo) {
  const first = await fetch(`${info.appsUrl}${LISTING_PATH}`, { headers: bearerOf(info) });
  const page = Buffer.from(await first.arrayBuffer());
  const { data, next_token: nextToken } = JSON.parse(page.toString('utf8')) as {
    data: unknown[];
    next_token: string | null;
  };
  if (first.status !== 200 || data.length !== 200 || nextToken === null)
    throw new Error(`unexpected listing answer ${first.status}: ${page.toString('utf8').slice(0, 200)}`);
  const pageFile = join(workDir, 'page.json');
  writeFileSync(pageFile, page);
  const contentType = first.headers.get('content-type') ?? 'application/json';
  console.log(`listing page: ${page.length} bytes, ${contentType}`);
  return { pageFile, contentType, nextToken };
}

function bearerOf(info: SandboxInfo): Record<string, string> {
  return { authorization: `Bearer ${info.token}` };
}

function referenceTargets(plain: Reference, mock: Reference): Target[] {
  return [
    {
      name: 'plain node:http, same page bytes (reference)',
      kind: 'reference',
      url: `${plain.info.url}${LISTING_PATH}`,
      script: fixed({ kind: 'fixed', method: 'GET', headers: {} }),
    },
    {
      name: 'mockttp, same page bytes (reference)',
      kind: 'reference',
      url: `${mock.info.url}${LISTING_PATH}`,
      script: fixed({ kind: 'fixed', method: 'GET', headers: {} }),
    },
  ];
}

function listingTargets(info: SandboxInfo, nextToken: string): Target[] {
  const script = fixed({ kind: 'fixed', method: 'GET', headers: bearerOf(info) });
  return [
    { name: 'listing, first page', kind: 'sandbox', url: `${info.appsUrl}${LISTING_PATH}`, script },
    {
      name: 'listing, second page by page_token',
      kind: 'sandbox',
      url: `${info.appsUrl}${LISTING_PATH}&page_token=${encodeURIComponent(nextToken)}`,
      script,
    },
  ];
}

function tokenTargets(sandbox: Sandbox): Target[] {
  const { info } = sandbox;
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    redirect_uri: info.redirectUri,
    client_id: info.clientId,
    client_secret: info.clientSecret,
  }).toString();
  const tokenUrl = `${info.authUrl}/oauth/token`;
  let poolNumber = 0;
  const codePool = async (seconds: number): Promise<RequestScript> => {
    poolNumber += 1;
    const codesFile = await sandbox.command(
      `codes ${seconds * codesPerSecond} ${join(workDir, `codes-${poolNumber}`)}`,
    );
    return {
      kind: 'lua',
      source: codePoolLua({ codesFile, threads: settings.threads, formWithoutCode: form }),
    };
  };
  return [
    { name: CODE_POOL_TARGET, kind: 'sandbox', url: tokenUrl, script: codePool },
    {
      name: 'token exchange, unknown code (error path)',
      kind: 'sandbox',
      url: tokenUrl,
      script: fixed({
        kind: 'fixed',
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `${form}&code=not-a-code-this-sandbox-issued`,
      }),
    },
  ];
}

function catalogTarget(info: SandboxInfo): Target {
  return {
    name: 'catalog car_info',
    kind: 'sandbox',
    url: `${info.appsUrl}/autoupload/car_info`,
    script: fixed({
      kind: 'fixed',
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ access_token: info.token }),
    }),
  };
}

/** Every target under wrk, once per round, each after its warm-up. */
async function measureAll(targets: Target[]): Promise<TargetRuns[]> {
  const measured: TargetRuns[] = targets.map((target) => ({
    name: target.name,
    kind: target.kind,
    runs: [],
  }));
  for (let round = 1; round <= rounds; round += 1)
    for (const [index, target] of targets.entries()) {
      if (warmup.durationSeconds > 0)
        await runWrk(target.url, await target.script(warmup.durationSeconds), warmup, workDir, 'warmup');
      const script = await target.script(settings.durationSeconds);
      const result = await runWrk(target.url, script, settings, workDir, 'measured');
      measured[index]?.runs.push(result);
      console.log(
        `round ${round}, ${target.name}: ${result.requestsPerSecond} req/s, p99 ${result.p99Ms} ms`,
      );
    }
  return measured;
}

function report(measured: TargetRuns[]): void {
  const [plainRuns, mockttpRuns] = measured;
  if (plainRuns === undefined || mockttpRuns === undefined) throw new Error('the references come first');
  const results = summarise(measured, plainRuns, mockttpRuns);
  console.table(
    results.map((row) => ({
      target: row.name,
      'req/s': row.requestsPerSecond,
      'p99 ms': row.p99Ms,
      'non-2xx': row.non2xx,
      'socket errors': row.socketErrors,
      'vs plain': row.vsPlain ?? '',
      'vs mockttp': row.vsMockttp ?? '',
    })),
  );
  const codeRuns = measured.find((target) => target.name === CODE_POOL_TARGET)?.runs ?? [];
  if (codeRuns.some((run) => run.non2xx > 0))
    console.warn('the code pool ran out in some round (non-2xx answers): raise --codes-per-second');
  mkdirSync('reports/bench', { recursive: true });
  // Every round of every target (runs), for the ratios' spread.
  const figures = {
    date: new Date().toISOString(),
    node: process.version,
    settings,
    rounds,
    ads: Number(options.ads),
  };
  writeFileSync(
    'reports/bench/throughput.json',
    JSON.stringify({ ...figures, results, runs: measured }, null, 2),
  );
  console.log('written reports/bench/throughput.json');
}

async function main(): Promise<void> {
  const sandbox = await start<SandboxInfo>('sandbox-server.ts', [options.ads]);
  const { pageFile, contentType, nextToken } = await firstPage(sandbox.info);
  // The references answer the listing page's bytes whatever the request.
  const plain = await start<{ url: string }>('plain-server.ts', [pageFile, contentType]);
  const mock = await start<{ url: string }>('mockttp-server.ts', [
    pageFile,
    contentType,
    LISTING_PATH.split('?')[0] ?? '',
  ]);
  const measured = await measureAll([
    ...referenceTargets(plain, mock),
    ...listingTargets(sandbox.info, nextToken),
    ...tokenTargets(sandbox),
    catalogTarget(sandbox.info),
  ]);
  for (const child of children) await child.stop();
  rmSync(workDir, { recursive: true, force: true });
  report(measured);
}

void main();
