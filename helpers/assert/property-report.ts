import { test } from '@playwright/test';
import fc from 'fast-check';
import { insideTest } from '../report/report.js';
import { rerunCommand } from '../report/reproduce.js';
import { relative } from 'node:path';

/** Time and requests a part of a property's check took. */
export interface Cost {
  ms: number;
  requests: number;
}

/** What came of shrinking: its count, cost and budget, and why it stopped before its end if it did. */
export type ShrinkReport =
  | { shrinks: number; cost: Cost; budget: string; stoppedBy: string | undefined }
  | { notShrunk: string }
  | { shrinks: number; full: true };

/** A property that failed: everything its report says. */
export interface FailedProperty {
  name: string;
  seed: number;
  /** Runs to the first counterexample (all of the check's, for a check shrunk in full). */
  runs: number;
  /** What finding the first counterexample cost (all of it, for a check shrunk in full). */
  search: Cost;
  shrink: ShrinkReport;
  counterexample: unknown;
  path: string;
  error: unknown;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

function spent(cost: Cost): string {
  return `${seconds(cost.ms)} and ${cost.requests} request(s)`;
}

function shrinkLine(shrink: ShrinkReport): string {
  if ('notShrunk' in shrink) return `Not shrunk: ${shrink.notShrunk}.`;
  if ('full' in shrink) return `Shrunk ${shrink.shrinks} time(s), in full.`;
  const end = shrink.stoppedBy === undefined ? 'to its end' : `stopped by ${shrink.stoppedBy}`;
  return `Shrunk ${shrink.shrinks} time(s) within its budget of ${shrink.budget}: ${spent(shrink.cost)}, ${end}.`;
}

function total(failed: FailedProperty): Cost {
  const { search, shrink } = failed;
  if (!('cost' in shrink)) return search;
  return { ms: search.ms + shrink.cost.ms, requests: search.requests + shrink.cost.requests };
}

/** The command that runs the failing test again, with the fault switches of this run. */
function rerun(): string {
  if (!insideTest()) return '';
  const info = test.info();
  const file = relative(info.config.rootDir, info.file);
  return ` ${rerunCommand({ project: info.project.name, file, line: info.line, title: info.title })}`;
}

/**
 * What a failed property prints: how long it spent and how many requests it sent (to the first
 * counterexample, shrinking, in all), the counterexample, and the lines that replay it: as found
 * (the same budget), and shrunk in full.
 */
export function failureReport(failed: FailedProperty): string {
  const { name, seed, runs, search, shrink, path } = failed;
  const replay = `FC_SEED=${seed} FC_PATH=${path}`;
  const within = 'cost' in shrink ? ' (the smallest found within the budget)' : '';
  const cause = failed.error instanceof Error ? failed.error.message : String(failed.error);
  return [
    `Property "${name}" failed after ${runs} run(s): ${spent(search)} to ${'full' in shrink ? 'its end' : 'its first counterexample'}.`,
    shrinkLine(shrink),
    `In all: ${spent(total(failed))}.`,
    `Counterexample${within}: ${fc.stringify(failed.counterexample).slice(0, 2000)}`,
    `Replay it: ${replay}${rerun()}`,
    ...('full' in shrink ? [] : [`Shrink it in full: ${replay} FC_SHRINK=full${rerun()}`]),
    cause,
  ].join('\n');
}

/** The first lines of the report: the console's summary of a failed property. */
export function failureSummary(failed: FailedProperty): string {
  return `[fast-check] ${failed.name}: ${failureReport(failed).split('\n').slice(0, 3).join(' ')}`;
}
