// Crawl benchmark: seed N ads through the test helper, then crawl them 200 at a time.
// Prints seed time, crawl time, time per page and peak memory (RSS of this process, sandbox included).
import { mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'undici';
import { startSandbox } from '../sandbox/start.js';
import { benchActor } from './actors.js';

const counts = (process.argv[2] ?? '100000').split(',').map(Number);
const PAGE = 200;

let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 5);

const sandbox = await startSandbox({ controlKey: 'bench-key' });
const results: Array<Record<string, number>> = [];
for (const count of counts) {
  const { login, token } = benchActor(sandbox);
  const ads = Array.from({ length: count }, (_, index) => ({
    id: `ad-${index}`,
    status: index % 4 === 0 ? 'pending_review' : 'published',
    ...(index % 4 === 0 ? {} : { list_id: String(index) }),
  }));
  const body = JSON.stringify({ ads });

  const seedStart = performance.now();
  const seeded = await request(`${sandbox.controlUrl}/test_helpers/v1/users/${login}/ads`, {
    method: 'PUT',
    headers: { 'x-sandbox-key': 'bench-key', 'content-type': 'application/json' },
    body,
  });
  await seeded.body.text();
  const seedMs = performance.now() - seedStart;

  const crawlStart = performance.now();
  let pageToken: string | null = null;
  let pages = 0;
  let items = 0;
  do {
    const query: string =
      pageToken === null
        ? `?fetch_size=${PAGE}`
        : `?fetch_size=${PAGE}&page_token=${encodeURIComponent(pageToken)}`;
    const response = await request(`${sandbox.appsUrl}/autoupload/v1/published${query}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const page = (await response.body.json()) as { data: unknown[]; next_token: string | null };
    pages += 1;
    items += page.data.length;
    pageToken = page.next_token;
  } while (pageToken !== null);
  const crawlMs = performance.now() - crawlStart;
  if (items !== count) throw new Error(`crawled ${items} of ${count}`);
  results.push({
    ads: count,
    seed_ms: Math.round(seedMs),
    crawl_ms: Math.round(crawlMs),
    pages,
    ms_per_page: Number((crawlMs / pages).toFixed(3)),
    peak_rss_mb: Math.round(peakRss / 1048576),
  });
}
clearInterval(sampler);
await sandbox.close();

console.table(results);
mkdirSync('reports/bench', { recursive: true });
writeFileSync(
  'reports/bench/crawl.json',
  JSON.stringify({ date: new Date().toISOString(), node: process.version, results }, null, 2),
);
console.log('written reports/bench/crawl.json');
