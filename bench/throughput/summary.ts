import type { LoadResult } from './wrk.js';

/** One target's measured runs, one per round, in round order. */
export interface TargetRuns {
  name: string;
  kind: 'sandbox' | 'reference';
  runs: LoadResult[];
}

export interface SummaryRow extends LoadResult {
  name: string;
  kind: TargetRuns['kind'];
  /** Median over the rounds of (this target / the plain server in the same round); null for references. */
  vsPlain: number | null;
  vsMockttp: number | null;
}

/** The lower middle value for an even count. */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted[Math.floor((sorted.length - 1) / 2)];
  if (middle === undefined) throw new Error('no run');
  return middle;
}

/**
 * Each target's median round, and its ratios to the references taken round by round: the machine's
 * load drifts between rounds, and a ratio of two runs minutes apart would measure the drift.
 */
export function summarise(targets: TargetRuns[], plain: TargetRuns, mockttp: TargetRuns): SummaryRow[] {
  const ratio = (target: TargetRuns, reference: TargetRuns): number =>
    Number(
      median(
        target.runs.map(
          (run, round) => run.requestsPerSecond / (reference.runs[round]?.requestsPerSecond ?? NaN),
        ),
      ).toFixed(3),
    );
  return targets.map((target) => {
    const middle = median(target.runs.map((run) => run.requestsPerSecond));
    const run = target.runs.find((candidate) => candidate.requestsPerSecond === middle);
    if (run === undefined) throw new Error(`no run for ${target.name}`);
    const sandbox = target.kind === 'sandbox';
    return {
      name: target.name,
      kind: target.kind,
      ...run,
      vsPlain: sandbox ? ratio(target, plain) : null,
      vsMockttp: sandbox ? ratio(target, mockttp) : null,
    };
  });
}
