import { test } from '@playwright/test';
import fc from 'fast-check';

export interface PropertyBudget {
  /** Runs when FC_RUNS is unset. */
  runs: number;
}

/**
 * Runs a fast-check property with a seed that is printed, attached to the report and replayable:
 * FC_SEED (and FC_PATH, printed on failure) give the same runs again; FC_RUNS sizes the search.
 */
export async function assertProperty<T>(
  name: string,
  property: fc.IAsyncPropertyWithHooks<T>,
  budget: PropertyBudget,
): Promise<void> {
  const seed =
    process.env.FC_SEED === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(process.env.FC_SEED);
  const numRuns = process.env.FC_RUNS === undefined ? budget.runs : Number(process.env.FC_RUNS);
  const path = process.env.FC_PATH;
  const info = test.info();
  info.annotations.push({
    type: 'fast-check seed',
    description: `${seed} (replay: FC_SEED=${seed}${path === undefined ? '' : ` FC_PATH=${path}`} FC_RUNS=${numRuns})`,
  });
  info.annotations.push({ type: 'allure.label.tag', description: `seed:${seed}` });
  console.log(`[fast-check] ${name}: seed ${seed}, ${numRuns} runs (replay with FC_SEED=${seed})`);
  const details = await fc.check(property, {
    seed,
    numRuns,
    ...(path === undefined ? {} : { path }),
    endOnFailure: false,
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
