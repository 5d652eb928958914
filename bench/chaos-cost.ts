// What the journal and the chaos machinery cost the sandbox (docs/sandbox-chaos.md): the same
// listing crawl against a sandbox child in four settings, alternated over rounds so that a busy
// shared machine weighs on each alike, each beside the plain sandbox of the same round:
//   plain            the hooks not installed at all (the reference)
//   journal-off      the hooks installed, the journal off, no profile: the machinery when unused
//   journal-on       the journal recording every request, no profile
//   chaos-elsewhere  journal on, four profiles on for another client: the crawling client's cost
// Figures: the child's CPU ms per page (its own user + system time, the steadier measure on a
// shared host) and wall ms per page, medians over the rounds.
//
//   npm run bench:chaos -- [rounds=4] [ads=20000]
import { mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'undici';
import type { BenchActor } from './actors.js';
import { childJson } from './lib/child-json.js';
import { benchAds, seedAds, sandboxHttpOf } from './lib/sandbox-http.js';
import { median, round } from './lib/stats.js';
import type { CpuSample, SandboxChildInfo } from './sandbox-child.js';
import { startServerChild } from './throughput/child.js';

const rounds = Number(process.argv[2] ?? 4);
const ads = Number(process.argv[3] ?? 20_000);
const MODES = ['plain', 'journal-off', 'journal-on', 'chaos-elsewhere'] as const;
const PAGE = 200;
const CRAWLS = 5;

async function crawl(appsUrl: string, token: string): Promise<number> {
  let pages = 0;
  let pageToken: string | null = null;
  do {
    const query = pageToken === null ? '' : `&page_token=${encodeURIComponent(pageToken)}`;
    const response = await request(`${appsUrl}/autoupload/v1/published?fetch_size=${PAGE}${query}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const page = (await response.body.json()) as { next_token: string | null };
    if (response.statusCode !== 200) throw new Error(`page ${pages + 1} answered ${response.statusCode}`);
    pages += 1;
    pageToken = page.next_token;
  } while (pageToken !== null);
  return pages;
}

/** One mode, one round: a fresh child, a warm-up crawl, then CRAWLS timed crawls. */
async function measure(mode: (typeof MODES)[number]): Promise<{ cpuPerPage: number; wallPerPage: number }> {
  const child = await startServerChild<SandboxChildInfo>('../sandbox-child.ts', [mode], []);
  try {
    const sandbox = sandboxHttpOf(child.info);
    const { login, token } = await childJson<BenchActor>(child, 'actor');
    await seedAds(sandbox, login, benchAds(ads));
    await crawl(sandbox.appsUrl, token);
    const before = await childJson<CpuSample>(child, 'cpu');
    const startedAt = performance.now();
    let pages = 0;
    for (let index = 0; index < CRAWLS; index += 1) pages += await crawl(sandbox.appsUrl, token);
    const wallMs = performance.now() - startedAt;
    const after = await childJson<CpuSample>(child, 'cpu');
    return { cpuPerPage: (after.cpuMs - before.cpuMs) / pages, wallPerPage: wallMs / pages };
  } finally {
    await child.stop();
  }
}

async function main(): Promise<void> {
  const samples = new Map<string, Array<{ cpuPerPage: number; wallPerPage: number }>>();
  for (let roundIndex = 0; roundIndex < rounds; roundIndex += 1) {
    // Each round in another order, so that no mode always runs first or last.
    const order = MODES.map((_, index) => MODES[(index + roundIndex) % MODES.length] ?? 'plain');
    for (const mode of order) samples.set(mode, [...(samples.get(mode) ?? []), await measure(mode)]);
  }
  const plainCpu = median((samples.get('plain') ?? []).map((sample) => sample.cpuPerPage));
  const rows = MODES.map((mode) => {
    const cpu = median((samples.get(mode) ?? []).map((sample) => sample.cpuPerPage));
    const wall = median((samples.get(mode) ?? []).map((sample) => sample.wallPerPage));
    const spread = (samples.get(mode) ?? []).map((sample) => round(sample.cpuPerPage, 3));
    return {
      mode,
      cpu_ms_per_page: round(cpu, 3),
      vs_plain: round(cpu / plainCpu, 3),
      wall_ms_per_page: round(wall, 3),
      cpu_per_round: spread.join(' '),
    };
  });
  console.log(
    `${ads} ads, pages of ${PAGE}, ${CRAWLS} crawls per round, ${rounds} rounds; medians over the rounds`,
  );
  console.table(rows);
  mkdirSync('reports/bench', { recursive: true });
  writeFileSync(
    'reports/bench/chaos-cost.json',
    JSON.stringify({ date: new Date().toISOString(), node: process.version, ads, rounds, rows }, null, 2),
  );
  console.log('written reports/bench/chaos-cost.json');
}

void main();
