// Scale benchmark: per account size, a fresh sandbox in its own process (warmed up by a
// small untimed crawl of another user); seed N ads through
// the test helper, then crawl them 200 at a time, timing every page. Prints seed and crawl time, time
// per page (mean, p50, p99, and the last tenth of the crawl against the first tenth: flat means the
// last pages of a large account cost what the first do) and the sandbox's peak memory at that size.
//
//   npm run bench:crawl -- [10000,100000,200000]
import { mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'undici';
import { benchAds, seedAds, type SandboxHttp, sandboxHttpOf } from './lib/sandbox-http.js';
import { latencySummary, median, round } from './lib/stats.js';
import type { BenchActor } from './actors.js';
import { childJson } from './lib/child-json.js';
import type { MemorySample, SandboxChildInfo } from './sandbox-child.js';
import { startServerChild, type ServerChild } from './throughput/child.js';

const counts = (process.argv[2] ?? '10000,100000,200000').split(',').map(Number);
const PAGE = 200;
/** The verdict's threshold: the median page time at the largest size at most this times the smallest's. */
const MAX_PER_PAGE_GROWTH = 2;
const WARM_UP_ADS = 4000;

async function crawlPages(
  appsUrl: string,
  accessToken: string,
): Promise<{ items: number; pageMs: number[] }> {
  const pageMs: number[] = [];
  let pageToken: string | null = null;
  let items = 0;
  do {
    const query: string =
      pageToken === null
        ? `?fetch_size=${PAGE}`
        : `?fetch_size=${PAGE}&page_token=${encodeURIComponent(pageToken)}`;
    const startedAt = performance.now();
    const response = await request(`${appsUrl}/autoupload/v1/published${query}`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    const page = (await response.body.json()) as { data: unknown[]; next_token: string | null };
    pageMs.push(performance.now() - startedAt);
    if (response.statusCode !== 200) throw new Error(`page ${pageMs.length} answered ${response.statusCode}`);
    items += page.data.length;
    pageToken = page.next_token;
  } while (pageToken !== null);
  return { items, pageMs };
}

/** A fresh process runs its first pages cold (parsing, compiling): a small crawl first, untimed. */
async function warmUp(child: ServerChild<unknown>, sandbox: SandboxHttp): Promise<void> {
  const { login, token } = await childJson<BenchActor>(child, 'actor');
  await seedAds(sandbox, login, benchAds(WARM_UP_ADS));
  for (let crawl = 0; crawl < 3; crawl += 1) await crawlPages(sandbox.appsUrl, token);
}

async function measure(count: number): Promise<Record<string, number>> {
  const child = await startServerChild<SandboxChildInfo>('../sandbox-child.ts', [], ['--expose-gc']);
  try {
    const sandbox = sandboxHttpOf(child.info);
    await warmUp(child, sandbox);
    const { login, token } = await childJson<BenchActor>(child, 'actor');
    const seedStart = performance.now();
    await seedAds(sandbox, login, benchAds(count));
    const seedMs = performance.now() - seedStart;
    const crawlStart = performance.now();
    const { items, pageMs } = await crawlPages(sandbox.appsUrl, token);
    const crawlMs = performance.now() - crawlStart;
    if (items !== count) throw new Error(`crawled ${items} of ${count}`);
    const memory = await childJson<MemorySample>(child, 'memory');
    const tenth = Math.max(1, Math.floor(pageMs.length / 10));
    const pages = latencySummary(pageMs);
    return {
      ads: count,
      seed_ms: Math.round(seedMs),
      crawl_ms: Math.round(crawlMs),
      pages: pageMs.length,
      ms_per_page: round(crawlMs / pageMs.length, 3),
      page_p50_ms: pages.p50,
      page_p99_ms: pages.p99,
      // Medians: on a shared machine one descheduled page would swing a mean of 5 or 100 pages.
      last_vs_first_tenth: round(median(pageMs.slice(-tenth)) / median(pageMs.slice(0, tenth))),
      peak_rss_mb: Math.round(memory.maxRssMb),
      heap_after_mb: Math.round(memory.heapUsedMb),
    };
  } finally {
    await child.stop();
  }
}

const results: Array<Record<string, number>> = [];

async function main(): Promise<void> {
  for (const count of counts) results.push(await measure(count));

  console.table(results);
  const perPage = results.map((row) => row.page_p50_ms ?? NaN);
  const growth = round((perPage.at(-1) ?? NaN) / (perPage[0] ?? NaN));
  const flat = growth <= MAX_PER_PAGE_GROWTH;
  console.log(
    `median time per page at ${results.at(-1)?.ads} ads is ${growth}x that at ${results[0]?.ads}: ${flat ? 'flat' : 'NOT flat'} (threshold ${MAX_PER_PAGE_GROWTH}x); ` +
      'peak RSS is the sandbox process alone, at that size alone',
  );
  mkdirSync('reports/bench', { recursive: true });
  writeFileSync(
    'reports/bench/crawl.json',
    JSON.stringify(
      { date: new Date().toISOString(), node: process.version, results, perPageGrowth: growth, flat },
      null,
      2,
    ),
  );
  console.log('written reports/bench/crawl.json');
  if (!flat) process.exitCode = 1;
}

void main();
