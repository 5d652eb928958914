import { test } from '@playwright/test';
import { parameter } from 'allure-js-commons';
import fc from 'fast-check';
import { StopWhenBroken } from './property-broken.js';
import { type Environment, environment, settings, settingsOf } from '../../config/environment.js';

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
}

/**
 * The number of runs: FC_RUNS when set; else the test's gate budget times FC_RUNS_SCALE (default 1),
 * so that a nightly run can explore more (FC_RUNS_SCALE=5) without a gate paying for it.
 */
export function runsFor(budget: PropertyBudget, env: Environment = environment()): number {
  const { FC_RUNS, FC_RUNS_SCALE } = settingsOf(env);
  return FC_RUNS ?? Math.max(1, Math.round(budget.runs * FC_RUNS_SCALE));
}

/**
 * Runs a fast-check property with a seed that is printed, attached to the report and replayable:
 * FC_SEED (and FC_PATH, printed on failure) give the same runs again; FC_RUNS or FC_RUNS_SCALE size the search.
 */
export async function assertProperty<T>(
  name: string,
  property: fc.IAsyncPropertyWithHooks<T>,
  budget: PropertyBudget,
): Promise<void> {
  const seed = settings().FC_SEED ?? Math.floor(Math.random() * 2 ** 31);
  const numRuns = Math.min(runsFor(budget), budget.maxRuns ?? Number.POSITIVE_INFINITY);
  const path = settings().FC_PATH;
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
  // An edge's answer or a set-up that cannot go on rejects here as it is: broken, not a counterexample.
  const details = await fc.check(new StopWhenBroken(property), {
    seed,
    numRuns,
    ...(path === undefined ? {} : { path }),
    endOnFailure: budget.endOnFailure === true,
  });
  await info.attach(`fast-check ${name}`, {
    body: `seed: ${seed}\nruns: ${details.numRuns}\nfailed: ${details.failed}\n${details.failed ? `path: ${details.counterexamplePath ?? ''}\nreplay: FC_SEED=${seed} FC_PATH=${details.counterexamplePath ?? ''}\ncounterexample: ${fc.stringify(details.counterexample).slice(0, 4000)}` : ''}`,
    contentType: 'text/plain',
  });
  if (details.failed) {
    const cause =
      details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
    throw new Error(
      `Property "${name}" failed after ${details.numRuns} run(s) and ${details.numShrinks} shrink(s).\nReplay: FC_SEED=${seed} FC_PATH=${details.counterexamplePath ?? ''}\nCounterexample: ${fc.stringify(details.counterexample).slice(0, 2000)}\n${cause}`,
    );
  }
}
