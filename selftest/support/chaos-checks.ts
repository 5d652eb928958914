import { expect } from '@playwright/test';
import type { ChaosDecision, JournalRecord } from '../../spec/journal.js';
import { profileNamed, type FaultRate } from '../../sandbox/chaos/profiles.js';
import { settings } from '../../config/environment.js';
import type { Outcome } from './integrator-client.js';

/**
 * The checks of a chaos run against its journal. A rate is met when the count of a fault lies
 * within four standard deviations (binomial) of what its rate promises over the requests it could
 * take, plus one; with a fixed seed the run is the same each time, so the check cannot flake, and
 * the tolerance says how far another seed may stray.
 */

export const TOLERANCE_SDS = 4;

/** The chaos self-tests' seed, printed by each: CHAOS_SEED replays a run. */
export const CHAOS_TEST_SEED = settings().CHAOS_SEED ?? 20261127;

/** The rate `profile` states for `fault`, at the first of its entries that `where` picks. */
export function statedRate(profile: string, fault: string, where: (entry: FaultRate) => boolean): number {
  const found = profileNamed(profile)?.faults.find((entry) => entry.fault === fault && where(entry));
  if (found === undefined) throw new Error(`no ${fault} in ${profile}`);
  return found.rate;
}

export function expectRate(label: string, count: number, trials: number, rate: number): void {
  const expected = trials * rate;
  const slack = TOLERANCE_SDS * Math.sqrt(trials * rate * (1 - rate)) + 1;
  expect(trials, `${label}: enough trials`).toBeGreaterThan(0);
  expect(
    Math.abs(count - expected),
    `${label}: ${count} of ${trials}, promised ${rate} (${expected.toFixed(1)} ± ${slack.toFixed(1)})`,
  ).toBeLessThanOrEqual(slack);
}

/** Every decision of a record (the first is `decision`, all are `decisions` when several). */
export function decisionsOfRecord(record: JournalRecord): ChaosDecision[] {
  if (record.kind === 'request' && record.decisions !== undefined) return record.decisions;
  return record.decision === undefined ? [] : [record.decision];
}

export function countFault(records: readonly JournalRecord[], fault: string): number {
  return records.filter((record) => decisionsOfRecord(record).some((decision) => decision.fault === fault))
    .length;
}

/** A bystander's records carry no decision and no chaos. */
export function expectUntouched(records: readonly JournalRecord[]): void {
  expect(records.length).toBeGreaterThan(0);
  expect(records.filter((record) => record.decision !== undefined || record.chaos !== undefined)).toEqual([]);
}

/** What the client saw, by kind: an edge page of each status, no answer, the API's own. */
export function seen(outcomes: readonly Outcome[]): Record<string, number> {
  const kinds: Record<string, number> = {};
  for (const outcome of outcomes) {
    const kind =
      outcome.status === 0 ? 'none' : outcome.html ? `html-${outcome.status}` : `api-${outcome.status}`;
    kinds[kind] = (kinds[kind] ?? 0) + 1;
  }
  return kinds;
}

/** Runs `count` calls `concurrency` at a time (a client's pool). */
export async function repeat(
  count: number,
  concurrency: number,
  call: (index: number) => Promise<unknown>,
): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < count) {
      const index = next;
      next += 1;
      await call(index);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}
