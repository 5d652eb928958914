import { test } from '@playwright/test';
import { parameter } from 'allure-js-commons';
import fc from 'fast-check';
import { StopWhenBroken } from './property-broken.js';
import { describeBudget, shrinkWithin, type ShrinkBudget } from './property-shrink.js';
import { failureReport, failureSummary, type FailedProperty, type ShrinkReport } from './property-report.js';
import { ConformanceFailure } from './verify.js';
import { metered, RequestMeter } from '../clients/request-meter.js';
import { type Environment, environment, settings, settingsOf } from '../../config/environment.js';

export type { ShrinkBudget } from './property-shrink.js';

export interface PropertyBudget {
  /** Runs in a gate run: multiplied by FC_RUNS_SCALE, replaced by FC_RUNS. */
  runs: number;
  /**
   * Report the first counterexample as found, without shrinking it: for properties whose every
   * step is costly (account mode's status changes, each a process and a wait for a delivery).
   */
  endOnFailure?: boolean;
  /** The most runs, whatever FC_RUNS and FC_RUNS_SCALE say: a bound the test states (account mode). */
  maxRuns?: number;
  /**
   * How far a counterexample is shrunk: a property that talks to a server states its budget of time
   * and requests (each step a new set-up against the target); `full` only for one that talks to none.
   * FC_SHRINK=full lifts the budget (and endOnFailure) for a replay.
   */
  shrink: ShrinkBudget | 'full';
}

/**
 * The number of runs: FC_RUNS when set; else the test's gate budget times FC_RUNS_SCALE (default 1),
 * so that a nightly run can explore more (FC_RUNS_SCALE=5) without a gate paying for it.
 */
export function runsFor(budget: Pick<PropertyBudget, 'runs'>, env: Environment = environment()): number {
  const { FC_RUNS, FC_RUNS_SCALE } = settingsOf(env);
  return FC_RUNS ?? Math.max(1, Math.round(budget.runs * FC_RUNS_SCALE));
}

/** What the failure already says in full (the ads a crawl lost), when its check says so. */
function decisiveOf(error: unknown): string | undefined {
  return error instanceof ConformanceFailure ? error.decisive : undefined;
}

interface Run {
  seed: number;
  numRuns: number;
  path: string | undefined;
}

async function annotate(name: string, run: Run): Promise<void> {
  const { seed, numRuns, path } = run;
  const info = test.info();
  info.annotations.push({
    type: 'fast-check seed',
    description: `${seed} (replay: FC_SEED=${seed}${path === undefined ? '' : ` FC_PATH=${path}`} FC_RUNS=${numRuns})`,
  });
  info.annotations.push({ type: 'allure.label.tag', description: `seed:${seed}` });
  // Annotations pushed while a test runs do not reach Allure; a parameter does (excluded from the
  // test's identity, so runs with different seeds stay one test in the history).
  await parameter('fast-check seed', String(seed), { excluded: true });
  await parameter('fast-check runs', String(numRuns), { excluded: true });
  console.log(`[fast-check] ${name}: seed ${seed}, ${numRuns} runs (replay with FC_SEED=${seed})`);
}

/**
 * Runs a fast-check property with a seed that is printed, attached to the report and replayable:
 * FC_SEED (and FC_PATH, printed on failure) give the same runs again; FC_RUNS or FC_RUNS_SCALE size the search.
 * Against a server, the search stops at the first counterexample (endOnFailure); a decisive one is
 * reported as found, any other is shrunk within the test's budget of time and requests
 * (property-shrink.ts), and FC_SHRINK=full shrinks it to the end. A failure says what each part
 * cost: time and requests.
 */
export async function assertProperty<Ts>(
  name: string,
  property: fc.IAsyncPropertyWithHooks<Ts>,
  budget: PropertyBudget,
): Promise<void> {
  const run: Run = {
    seed: settings().FC_SEED ?? Math.floor(Math.random() * 2 ** 31),
    numRuns: Math.min(runsFor(budget), budget.maxRuns ?? Number.POSITIVE_INFINITY),
    path: settings().FC_PATH,
  };
  await annotate(name, run);
  const full = settings().FC_SHRINK === 'full';
  const bounded = !full && (budget.shrink !== 'full' || budget.endOnFailure === true);
  const meter = new RequestMeter();
  const started = performance.now();
  // An edge's answer or a set-up that cannot go on rejects here as it is: broken, not a counterexample.
  const details = await metered(meter, () =>
    fc.check(new StopWhenBroken(property), {
      seed: run.seed,
      numRuns: run.numRuns,
      ...(run.path === undefined ? {} : { path: run.path }),
      endOnFailure: bounded,
    }),
  );
  const search = { ms: performance.now() - started, requests: meter.sent };
  await attachOutcome(name, run.seed, details);
  if (!details.failed) return;
  const failed: FailedProperty = {
    name,
    seed: run.seed,
    runs: details.numRuns,
    search,
    shrink: { shrinks: details.numShrinks, full: true },
    counterexample: details.counterexample,
    path: details.counterexamplePath ?? '',
    error: details.errorInstance,
  };
  if (bounded) Object.assign(failed, await shrinkBounded(property, failed, budget, meter));
  console.log(failureSummary(failed));
  throw new Error(failureReport(failed));
}

/** The first counterexample shrunk within the budget, or left as found where shrinking is not for this run. */
async function shrinkBounded<Ts>(
  property: fc.IAsyncPropertyWithHooks<Ts>,
  first: FailedProperty,
  budget: PropertyBudget,
  meter: RequestMeter,
): Promise<Partial<FailedProperty>> {
  const decisive = decisiveOf(first.error);
  const notShrunk = (why: string): { shrink: ShrinkReport } => ({
    shrink: { notShrunk: `${why}; FC_SHRINK=full shrinks it` },
  });
  if (decisive !== undefined) return notShrunk(`one counterexample is decisive, ${decisive}`);
  if (budget.endOnFailure === true || budget.shrink === 'full')
    return notShrunk('every step of a shrink is too costly here');
  const shrunk = await shrinkWithin(property, { seed: first.seed, path: first.path }, budget.shrink, meter);
  const shrink: ShrinkReport = {
    shrinks: shrunk.details?.numShrinks ?? 0,
    cost: { ms: shrunk.ms, requests: shrunk.requests },
    budget: describeBudget(budget.shrink),
    stoppedBy:
      shrunk.stoppedBy ??
      (shrunk.details === undefined ? 'the counterexample passing when run again' : undefined),
  };
  if (shrunk.details === undefined) return { shrink };
  return {
    shrink,
    counterexample: shrunk.details.counterexample,
    path: shrunk.details.counterexamplePath ?? first.path,
    error: shrunk.details.errorInstance,
  };
}

async function attachOutcome<Ts>(name: string, seed: number, details: fc.RunDetails<Ts>): Promise<void> {
  await test.info().attach(`fast-check ${name}`, {
    body: `seed: ${seed}\nruns: ${details.numRuns}\nfailed: ${details.failed}\n${details.failed ? `path: ${details.counterexamplePath ?? ''}\nfirst counterexample: ${fc.stringify(details.counterexample).slice(0, 4000)}` : ''}`,
    contentType: 'text/plain',
  });
}
