// Scale benchmark: per account size, a fresh sandbox in its own process (warmed up by a
// small untimed crawl of another user); seed N ads through
// the test helper, then crawl them 200 at a time, timing every page. Prints seed and crawl time, time
// per page (mean, p50, p99, and the last tenth of the crawl against the first tenth: flat means the
// last pages of a large account cost what the first do) and the sandbox's peak memory at that size.
//
//   npm run bench:crawl -- [10000,100000,200000]
import { mkdirSync, writeFileSync } from 'node:fs';
import { measureCrawl } from './lib/crawl-run.js';
import { round } from './lib/stats.js';

const counts = (process.argv[2] ?? '10000,100000,200000').split(',').map(Number);
/** The verdict's threshold: the median page time at the largest size at most this times the smallest's. */
const MAX_PER_PAGE_GROWTH = 2;

const results: Array<Record<string, number>> = [];

async function main(): Promise<void> {
  for (const count of counts) results.push(await measureCrawl(count));

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
