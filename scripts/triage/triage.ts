// Tonight's triage: the requirements' states grouped as a reader asks (new failures, fixed, still
// failing, known deviations, not exercised, flaky), and which failed tests the known deviations excuse.
import { REQUIREMENTS } from '../../spec/requirements/catalogue.js';
import { HISTORY_FORMAT, withNight, type Night } from './history.js';
import { daysToExpiry, type KnownDeviation } from './known.js';
import { flakyRequirements, requirementVerdicts, type TestOutcome } from './night.js';
import { stateOf, type RequirementState } from './states.js';

export interface KnownState {
  deviation: KnownDeviation;
  /** Days left (0 on the last day); negative once expired. */
  days: number;
  status: 'failing, accepted' | 'no longer failing: remove it' | 'not exercised tonight' | 'expired';
}

export interface Triage {
  night: string;
  /** Every night the states were read from, tonight last. */
  nights: Night[];
  states: RequirementState[];
  newFailures: RequirementState[];
  fixed: RequirementState[];
  stillFailing: RequirementState[];
  known: KnownState[];
  notExercised: RequirementState[];
  flaky: RequirementState[];
  /** Failed tests whose every failed requirement is an accepted deviation: not a failure of the gate. */
  excused: TestOutcome[];
  outcomes: TestOutcome[];
  /** The expiry of a known deviation that failed past it, by requirement id. */
  expiredFailing: Map<string, string>;
}

export interface TriageInput {
  outcomes: TestOutcome[];
  /** The nights before tonight, oldest first. */
  history: readonly Night[];
  night: string;
  known: readonly KnownDeviation[];
  today: Date;
}

export function tonightOf(outcomes: readonly TestOutcome[], night: string): Night {
  return {
    format: HISTORY_FORMAT,
    night,
    verdicts: requirementVerdicts(outcomes),
    flaky: flakyRequirements(outcomes),
  };
}

function knownStates(
  known: readonly KnownDeviation[],
  states: readonly RequirementState[],
  today: Date,
): KnownState[] {
  return known.map((deviation) => {
    const days = daysToExpiry(deviation, today);
    const verdict = states.find((state) => state.id === deviation.requirement)?.verdict ?? 'not run';
    const status: KnownState['status'] =
      days < 0
        ? 'expired'
        : verdict === 'failed'
          ? 'failing, accepted'
          : verdict === 'passed' || verdict === 'advisory'
            ? 'no longer failing: remove it'
            : 'not exercised tonight';
    return { deviation, days, status };
  });
}

export function triage(input: TriageInput): Triage {
  const nights = withNight(input.history, tonightOf(input.outcomes, input.night));
  const states = REQUIREMENTS.map((found) => stateOf(nights, found.id));
  const known = knownStates(input.known, states, input.today);
  const accepted = new Set(
    known.filter((entry) => entry.status !== 'expired').map((entry) => entry.deviation.requirement),
  );
  const expiredFailing = new Map(
    known
      .filter((entry) => entry.status === 'expired')
      .filter((entry) =>
        states.some((state) => state.id === entry.deviation.requirement && state.verdict === 'failed'),
      )
      .map((entry) => [entry.deviation.requirement, entry.deviation.expires]),
  );
  const open = states.filter((state) => !accepted.has(state.id));
  return {
    night: input.night,
    nights,
    states,
    newFailures: open.filter((state) => state.kind === 'new failure'),
    fixed: open.filter((state) => state.kind === 'fixed'),
    stillFailing: open.filter((state) => state.kind === 'failing'),
    known,
    notExercised: open.filter((state) => state.kind === 'not exercised (was failing)'),
    flaky: states.filter((state) => state.flaky !== undefined),
    excused: input.outcomes.filter(
      (outcome) =>
        outcome.verdict === 'failed' &&
        outcome.failedIds.length > 0 &&
        outcome.failedIds.every((id) => accepted.has(id)),
    ),
    outcomes: input.outcomes,
    expiredFailing,
  };
}

/** The tests of a requirement, for the requirements page. */
export function testsOf(result: Triage, id: string): TestOutcome[] {
  return result.outcomes.filter((outcome) => outcome.covers.includes(id));
}
