// Each requirement's state tonight, from its verdicts night after night. A night that did not
// exercise a requirement (not run, skipped, broken) says nothing of it: a requirement that was
// failing and was not exercised tonight is "not exercised (was failing)", never "fixed".
import type { Night } from './history.js';
import type { Verdict } from './night.js';

export type StateKind =
  'new failure' | 'failing' | 'fixed' | 'not exercised (was failing)' | 'not exercised' | 'passing';

/** Flaky: its exercised verdict changed more than FLAKY_CHANGES times within the last FLAKY_NIGHTS nights. */
export const FLAKY_NIGHTS = 10;
export const FLAKY_CHANGES = 2;

export interface RequirementState {
  id: string;
  kind: StateKind;
  verdict: Verdict;
  /** The first night of the current failure (failing, not exercised (was failing)). */
  since?: string;
  /** Nights from `since` to tonight, both counted. */
  nights?: number;
  /** Why it is flaky, when it is: changes in the last nights, or a test that passed on its retry. */
  flaky?: string;
  /** Tonight's verdict and the nights before it, oldest first (the requirements page's marks). */
  marks: Verdict[];
}

/** Exercised verdicts: the requirement was checked. `advisory` is a check that held as far as the gate goes. */
function checked(verdict: Verdict): 'bad' | 'good' | undefined {
  if (verdict === 'failed') return 'bad';
  if (verdict === 'passed' || verdict === 'advisory') return 'good';
  return undefined;
}

function verdictOf(night: Night, id: string): Verdict {
  return night.verdicts[id] ?? 'not run';
}

/**
 * The night the current failure started: going back from the last night, over failed nights and
 * nights that did not exercise the requirement, to the earliest failed one.
 */
function failureStart(nights: readonly Night[], id: string): number | undefined {
  let start: number | undefined;
  for (let index = nights.length - 1; index >= 0; index -= 1) {
    const night = nights[index];
    if (night === undefined) continue;
    const seen = checked(verdictOf(night, id));
    if (seen === 'good') break;
    if (seen === 'bad') start = index;
  }
  return start;
}

function flakiness(nights: readonly Night[], id: string): string | undefined {
  const tonight = nights.at(-1);
  if (tonight?.flaky.includes(id) === true) return 'a test failed, then passed on its immediate retry';
  const seen = nights
    .slice(-FLAKY_NIGHTS)
    .map((night) => checked(verdictOf(night, id)))
    .filter((verdict) => verdict !== undefined);
  const changes = seen.filter((verdict, index) => index > 0 && verdict !== seen[index - 1]).length;
  return changes > FLAKY_CHANGES
    ? `changed verdict ${changes} times in the last ${FLAKY_NIGHTS} nights`
    : undefined;
}

/** The state of one requirement; `nights` ends with tonight. */
export function stateOf(nights: readonly Night[], id: string): RequirementState {
  const tonight = nights.at(-1);
  const verdict = tonight === undefined ? 'not run' : verdictOf(tonight, id);
  const before = nights.slice(0, -1);
  const start = failureStart(nights, id);
  const startedBefore = failureStart(before, id);
  const flaky = flakiness(nights, id);
  const base = {
    id,
    verdict,
    marks: nights.map((night) => verdictOf(night, id)),
    ...(flaky ? { flaky } : {}),
  };
  const since = (index: number) => ({ since: nights[index]?.night ?? '', nights: nights.length - index });
  const tonightChecked = checked(verdict);
  if (tonightChecked === 'bad')
    return startedBefore === undefined
      ? { ...base, kind: 'new failure', ...since(nights.length - 1) }
      : { ...base, kind: 'failing', ...since(start ?? startedBefore) };
  if (tonightChecked === 'good') return { ...base, kind: startedBefore === undefined ? 'passing' : 'fixed' };
  return startedBefore === undefined
    ? { ...base, kind: 'not exercised' }
    : { ...base, kind: 'not exercised (was failing)', ...since(startedBefore) };
}
