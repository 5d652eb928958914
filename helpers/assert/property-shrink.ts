import fc from 'fast-check';
import { isNotAVerdict, StopWhenBroken } from './property-broken.js';
import { metered, type RequestMeter } from '../clients/request-meter.js';

/**
 * How far a property against a server may shrink a counterexample: each step of a shrink is a new
 * set-up and a new crawl against the target, so a step is paid in time and in the target's rate
 * budget. Counted from the first counterexample; the search for it is bounded by its runs.
 */
export interface ShrinkBudget {
  seconds: number;
  requests: number;
}

export function describeBudget(budget: ShrinkBudget): string {
  return `${budget.seconds} s and ${budget.requests} requests`;
}

/** What shrinking gave: the smallest counterexample found, and why it stopped where it did. */
export interface ShrinkOutcome<Ts> {
  /** Shrinking's run, or undefined when it found no failure (the counterexample passed again). */
  details: fc.RunDetails<Ts> | undefined;
  /** Why shrinking stopped before its end (its budget, a broken environment); undefined when it ended. */
  stoppedBy: string | undefined;
  requests: number;
  ms: number;
}

/**
 * Shrinks the counterexample at `path` (of the run seeded `seed`) within `budget`, through
 * fast-check's own settings: `path` starts from it (run again first, as its replay line would),
 * `interruptAfterTimeLimit` ends the shrink when its time is spent. Its requests are bounded by the
 * meter: past the budget a request is refused before it is sent, the step that met the refusal is
 * discarded and fast-check is told to stop (its interrupt). A step fast-check leaves in flight at
 * the time limit meets the same refusal at its next request, and is waited for, so nothing of it
 * outlives the report. (`skipAllAfterTimeLimit` would leave no step in flight, but then walks every
 * remaining candidate of the shrink: minutes for an array of 3,000 ads.)
 */
export async function shrinkWithin<Ts>(
  property: fc.IAsyncPropertyWithHooks<Ts>,
  start: { seed: number; path: string },
  budget: ShrinkBudget,
  meter: RequestMeter,
): Promise<ShrinkOutcome<Ts>> {
  const started = performance.now();
  meter.limitTo({
    requests: budget.requests,
    until: started + budget.seconds * 1000,
    described: `the shrink budget of ${describeBudget(budget)}`,
  });
  const stepper = new WithinBudget(new StopWhenBroken(property), meter);
  const outcome = (details: fc.RunDetails<Ts> | undefined, stoppedBy: string | undefined) => ({
    details,
    stoppedBy,
    requests: meter.sentUnderLimit(),
    ms: performance.now() - started,
  });
  try {
    const details = await metered(meter, () =>
      fc.check(stepper, {
        seed: start.seed,
        path: start.path,
        interruptAfterTimeLimit: budget.seconds * 1000,
      }),
    );
    await stepper.settled();
    const timeSpent = `the shrink budget of ${describeBudget(budget)}: its time spent`;
    return outcome(
      details.failed ? details : undefined,
      details.interrupted ? (meter.spent() ?? timeSpent) : undefined,
    );
  } catch (error) {
    // The server was judged already: a broken environment while shrinking ends the shrink, not the verdict.
    if (!isNotAVerdict(error)) throw error;
    await stepper.settled();
    return outcome(undefined, `shrinking stopped: ${error.message.split('\n')[0] ?? ''}`);
  }
}

/**
 * `property`, with each step started only while the meter has budget left; a step that met a
 * refused request was cut short and says nothing of the server: fast-check's interrupt instead.
 */
class WithinBudget<Ts> implements fc.IAsyncProperty<Ts> {
  private inFlight: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly property: fc.IAsyncProperty<Ts>,
    private readonly meter: RequestMeter,
  ) {}

  isAsync(): true {
    return true;
  }

  generate(random: fc.Random, runId?: number): fc.Value<Ts> {
    return this.property.generate(random, runId);
  }

  shrink(value: fc.Value<Ts>): fc.Stream<fc.Value<Ts>> {
    return this.property.shrink(value);
  }

  async run(value: Ts): Promise<fc.PreconditionFailure | fc.PropertyFailure | null> {
    if (this.meter.spent() !== undefined) return new fc.PreconditionFailure(true);
    const refusedBefore = this.meter.refused;
    const step = this.property.run(value);
    this.inFlight = step.catch(() => undefined);
    const result = await step;
    return this.meter.refused > refusedBefore ? new fc.PreconditionFailure(true) : result;
  }

  /** Resolves once the last step has ended, even one fast-check stopped waiting for. */
  settled(): Promise<unknown> {
    return this.inFlight;
  }

  runBeforeEach = (): Promise<void> => this.property.runBeforeEach();

  runAfterEach = (): Promise<void> => this.property.runAfterEach();
}
