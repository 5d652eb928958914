import { cpus, loadavg } from 'node:os';
import { environment, passToWorkers, settings } from '../../config/environment.js';

/**
 * The run's patience: how many times longer than on a quiet machine a test may take before its
 * bound calls it a hang. A time bound is a guard against a hang, never an assertion: on a loaded
 * host every bound (a test's timeout, a wait for a page, a nested run) grows by the same factor.
 * CONFORMANCE_PATIENCE when set; otherwise the first process that asks (the run's main process,
 * loading the Playwright configuration) derives it from the machine's load and passes it on in
 * CONFORMANCE_PATIENCE, so its workers and nested runs agree with it.
 */

/** The least and the most patience the load gives: a quiet machine's bounds, at most eight times them. */
export const LOAD_PATIENCE = { least: 1, most: 8 } as const;

/** The patience a load gives: runnable processes per core over the last minute, in tenths, clamped. */
export function patienceOfLoad(load: number, cores: number): number {
  const perCore = Math.ceil((load / Math.max(cores, 1)) * 10) / 10;
  return Math.min(Math.max(perCore, LOAD_PATIENCE.least), LOAD_PATIENCE.most);
}

/** The run's factor: the variable's, or this machine's load's (then told to every later process). */
export function patience(): number {
  if (factor !== undefined) return factor;
  const given = environment().CONFORMANCE_PATIENCE;
  if (given !== undefined && given !== '') {
    factor = settings().CONFORMANCE_PATIENCE ?? LOAD_PATIENCE.least;
    return factor;
  }
  factor = patienceOfLoad(loadavg()[0] ?? 0, cpus().length);
  passToWorkers({ CONFORMANCE_PATIENCE: String(factor) });
  return factor;
}
let factor: number | undefined;

/** A bound of `ms` on a quiet machine, as long as this run's patience makes it. */
export function patient(ms: number): number {
  return Math.round(ms * patience());
}

/** The run's first lines name a patience other than 1: a reader sees why its bounds are longer. */
export function patienceLine(): string | null {
  const times = patience();
  return times === 1 ? null : `Patience: every time bound ×${times} (CONFORMANCE_PATIENCE)`;
}
