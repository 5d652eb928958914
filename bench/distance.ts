// Distance benchmark: account mode against the embedded sandbox (a full account, the status-change
// command, no helpers told to the suite) through a proxy that delays each direction, once per round
// trip, in one command. Per distance: the wall time beside the loopback run's, the verdicts (the
// same at every distance, or the difference named), the requests the tests recorded, the longest
// chain of requests one test made one after another (the floor no overlap can beat: its length
// times the round trip), and the RATE_LIMIT answers met outside the test that provokes them.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { HELPER_STATUS_CHANGE_COMMAND, secondUserAds, startAccount } from '../embedded/account.js';
import { runSuite } from '../embedded/run-suite.js';
import { mixedAds } from '../helpers/clients/mixed-ads.js';
import { startDelayProxy } from './lib/delay-proxy.js';
import { readDistanceReport, type DistanceReport } from './lib/distance-report.js';

const { values: options } = parseArgs({
  options: {
    rtts: { type: 'string', default: '0,80,200' },
    // Unset: the suite's own count (playwright.config.ts), as a team's run has it.
    workers: { type: 'string' },
  },
});
const roundTrips = options.rtts.split(',').map(Number);
if (roundTrips.some((rtt) => !Number.isFinite(rtt) || rtt < 0))
  throw new Error(`--rtts takes round trips in ms, comma-separated: got "${options.rtts}"`);

interface DistanceRun {
  roundTripMs: number;
  wallSeconds: number;
  connections: number;
  report: DistanceReport;
}

async function runAt(roundTripMs: number): Promise<DistanceRun> {
  const account = await startAccount([], {
    ads: mixedAds(450),
    ads2: secondUserAds(40),
    statusChangeCommand: HELPER_STATUS_CHANGE_COMMAND,
  });
  const auth = await startDelayProxy(account.env.TARGET_AUTH_URL ?? '', roundTripMs);
  const apps = await startDelayProxy(account.env.TARGET_APPS_URL ?? '', roundTripMs);
  const reportsDir = mkdtempSync(join(tmpdir(), 'distance-bench-'));
  try {
    const started = performance.now();
    await runSuite({
      env: { ...account.env, TARGET_AUTH_URL: auth.url, TARGET_APPS_URL: apps.url },
      projects: ['conformance'],
      reportsDir,
      timeoutMs: 30 * 60_000,
      workers: options.workers === undefined ? 'auto' : Number(options.workers),
    });
    const wallSeconds = (performance.now() - started) / 1000;
    const report = readDistanceReport(join(reportsDir, 'results.json'));
    return { roundTripMs, wallSeconds, connections: auth.connections() + apps.connections(), report };
  } finally {
    await Promise.all([auth.close(), apps.close()]);
    await account.close();
    rmSync(reportsDir, { recursive: true, force: true });
  }
}

function verdictDifferences(run: DistanceRun, reference: DistanceRun): string[] {
  const lines: string[] = [];
  for (const [title, verdict] of run.report.verdicts) {
    const before = reference.report.verdicts.get(title);
    if (before !== verdict)
      lines.push(
        `${title}: ${before ?? 'absent'} at loopback, ${verdict} here${indented(run.report.errors.get(title) ?? reference.report.errors.get(title))}`,
      );
  }
  return lines;
}

function indented(text: string | undefined): string {
  return text === undefined ? '' : `\n      ${text.replaceAll('\n', '\n      ')}`;
}

/** The tests whose time grew most with the distance: where overlap would pay. */
function grownMost(run: DistanceRun, reference: DistanceRun, count: number): string[] {
  return [...run.report.seconds]
    .map(([title, there]) => ({ title, there, here: reference.report.seconds.get(title) ?? 0 }))
    .sort((a, b) => b.there - b.here - (a.there - a.here))
    .slice(0, count)
    .map(({ title, there, here }) => `${here.toFixed(1)} → ${there.toFixed(1)}  ${title}`);
}

function row(run: DistanceRun, reference: DistanceRun): string {
  const floorSeconds = (run.report.longestChain.requests * run.roundTripMs) / 1000;
  return [
    `${run.roundTripMs} ms`,
    `${run.wallSeconds.toFixed(1)} s`,
    `${(run.wallSeconds / reference.wallSeconds).toFixed(2)}x`,
    `${run.report.counts.passed}/${run.report.counts.failed}/${run.report.counts.skipped}`,
    String(verdictDifferences(run, reference).length),
    String(run.report.requests),
    String(run.connections),
    `${run.report.longestChain.requests} (${floorSeconds.toFixed(1)} s)`,
    String(run.report.rateLimitsOutside),
  ].join(' | ');
}

async function main(): Promise<void> {
  const runs: DistanceRun[] = [];
  const order = roundTrips.includes(0) ? roundTrips : [0, ...roundTrips];
  for (const rtt of order) {
    console.log(`account mode at ${rtt} ms round trip ...`);
    runs.push(await runAt(rtt));
  }
  const reference = runs.find((run) => run.roundTripMs === 0) as DistanceRun;
  console.log(
    '\n| round trip | wall | vs loopback | passed/failed/skipped | verdicts changed | requests | connections | longest chain (floor) | RATE_LIMIT outside its test |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const run of runs) console.log(`| ${row(run, reference)} |`);
  console.log(`\nlongest chain at loopback: ${reference.report.longestChain.title}`);
  for (const run of runs)
    for (const line of verdictDifferences(run, reference)) console.log(`  ${run.roundTripMs} ms: ${line}`);
  const farthest = runs.at(-1) as DistanceRun;
  console.log(`\nthe tests that grew most at ${farthest.roundTripMs} ms (seconds: loopback → there):`);
  for (const line of grownMost(farthest, reference, 12)) console.log(`  ${line}`);
  mkdirSync('reports/bench', { recursive: true });
  writeFileSync(
    'reports/bench/distance.json',
    JSON.stringify(
      runs.map((run) => ({
        ...run,
        report: {
          ...run.report,
          verdicts: Object.fromEntries(run.report.verdicts),
          seconds: Object.fromEntries(run.report.seconds),
          errors: Object.fromEntries(run.report.errors),
        },
      })),
      null,
      2,
    ),
  );
  const changed = runs.some((run) => verdictDifferences(run, reference).length > 0);
  const limited = runs.some((run) => run.report.rateLimitsOutside > 0);
  if (changed || limited) process.exitCode = 1;
}

void main();
