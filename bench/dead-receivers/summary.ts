import type { DriveResult } from '../lib/status-driver.js';
import { median, round } from '../lib/stats.js';
import type { MemorySample } from '../sandbox-child.js';
import type { LoadResult } from '../throughput/wrk.js';

/** One scenario measured once: the listing under wrk beside a steady stream of status changes. */
export interface Run {
  scenario: string;
  round: number;
  listing: LoadResult;
  changes: DriveResult;
  /** The sandbox's memory at the end of the run, after a collection. */
  memory: MemorySample;
  /** CPU the sandbox used while wrk ran: less sensitive than wall-clock figures to a loaded machine. */
  sandboxCpuMs: number;
  /** The sandbox's CPU per status change (and its deliveries) before the listing load starts. */
  cpuUsPerChange: number;
}

/** The verdict's thresholds (the brief): p99 at most twice the baseline's, throughput at least 80 %. */
export const MAX_P99_RATIO = 2;
export const MIN_THROUGHPUT_RATIO = 0.8;

/** Per scenario, medians over rounds; ratios to the baseline ("none") of the same round, then their median. */
export function summarise(
  runs: readonly Run[],
  scenario: string,
  receivers: string,
  durationSeconds: number,
) {
  const own = runs.filter((run) => run.scenario === scenario);
  const baselineOf = (run: Run): Run | undefined =>
    runs.find((candidate) => candidate.scenario === 'none' && candidate.round === run.round);
  const p99Ratio = median(own.map((run) => run.listing.p99Ms / (baselineOf(run)?.listing.p99Ms ?? NaN)));
  const throughputRatio = median(
    own.map((run) => run.listing.requestsPerSecond / (baselineOf(run)?.listing.requestsPerSecond ?? NaN)),
  );
  return {
    scenario,
    receivers,
    requestsPerSecond: median(own.map((run) => run.listing.requestsPerSecond)),
    p50Ms: median(own.map((run) => run.listing.p50Ms)),
    p99Ms: median(own.map((run) => run.listing.p99Ms)),
    listingErrors: Math.max(...own.map((run) => run.listing.non2xx + run.listing.socketErrors)),
    changesPerSecond: median(own.map((run) => run.changes.achievedPerSecond)),
    changeErrors: Math.max(...own.map((run) => run.changes.errors)),
    cpuUsPerChange: Math.round(median(own.map((run) => run.cpuUsPerChange))),
    sandboxCpuShare: round(median(own.map((run) => run.sandboxCpuMs / (durationSeconds * 1000)))),
    requestsPerCpuSecond: Math.round(
      median(own.map((run) => run.listing.requests / (run.sandboxCpuMs / 1000))),
    ),
    sandboxHeapMb: round(median(own.map((run) => run.memory.heapUsedMb)), 1),
    sandboxMaxRssMb: round(median(own.map((run) => run.memory.maxRssMb)), 1),
    p99VsNone: round(p99Ratio),
    throughputVsNone: round(throughputRatio),
    holds: p99Ratio <= MAX_P99_RATIO && throughputRatio >= MIN_THROUGHPUT_RATIO,
  };
}

export type ScenarioSummary = ReturnType<typeof summarise>;

/** The printed table: one row per scenario. */
export function tableRows(
  results: readonly ScenarioSummary[],
): Array<Record<string, string | number | boolean>> {
  return results.map((row) => ({
    scenario: row.scenario,
    'req/s': row.requestsPerSecond,
    'p50 ms': row.p50Ms,
    'p99 ms': row.p99Ms,
    'listing errors': row.listingErrors,
    'changes/s': row.changesPerSecond,
    'change errors': row.changeErrors,
    'CPU µs per change': row.cpuUsPerChange,
    'sandbox CPU': row.sandboxCpuShare,
    'req per CPU s': row.requestsPerCpuSecond,
    'heap MB': row.sandboxHeapMb,
    'peak RSS MB': row.sandboxMaxRssMb,
    'p99 vs none': row.p99VsNone,
    'req/s vs none': row.throughputVsNone,
    holds: row.holds,
  }));
}
