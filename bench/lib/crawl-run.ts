// One crawl measurement (bench/crawl.ts, bench/persistence.ts): a fresh sandbox in its own process
// (its arguments given: `--data DIR` keeps its state), warmed up, N ads seeded, then crawled.
import { request } from 'undici';
import { benchAds, seedAds, type SandboxHttp, sandboxHttpOf } from './sandbox-http.js';
import { latencySummary, median, round } from './stats.js';
import type { BenchActor } from '../actors.js';
import { childJson } from './child-json.js';
import type { MemorySample, SandboxChildInfo } from '../sandbox-child.js';
import { startServerChild, type ServerChild } from '../throughput/child.js';

const PAGE = 200;
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

/** Seed and crawl `count` ads on a fresh sandbox started with `sandboxArgs`. */
export async function measureCrawl(
  count: number,
  sandboxArgs: string[] = [],
): Promise<Record<string, number>> {
  const child = await startServerChild<SandboxChildInfo>('../sandbox-child.ts', sandboxArgs, ['--expose-gc']);
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
