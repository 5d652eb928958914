import type fc from 'fast-check';
import { BrokenEnvironmentError } from '../target/broken-environment.js';
import { SetUpError } from './set-up.js';

/**
 * A property run that meets a broken environment (an edge's answer that survived the retries, a
 * target that stopped answering) or set-up that cannot proceed has found no counterexample: the
 * server was never judged. fast-check would report it as a failure and shrink it, sending more
 * requests into the same broken path. This property stops the whole check at once instead, by
 * throwing the error out of fc.check as it is, so the test ends broken with its one-line cause.
 */
export function isNotAVerdict(error: unknown): error is BrokenEnvironmentError | SetUpError {
  return error instanceof BrokenEnvironmentError || error instanceof SetUpError;
}

/** `property`, except that a run ending on a broken environment or set-up rejects fc.check with it. */
export class StopWhenBroken<Ts> implements fc.IAsyncProperty<Ts> {
  constructor(private readonly property: fc.IAsyncProperty<Ts>) {}

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
    const outcome = await this.property.run(value);
    if (outcome !== null && 'error' in outcome && isNotAVerdict(outcome.error)) {
      // fast-check skips the after-each hook of a run that throws: it runs here, then the error goes.
      await this.property.runAfterEach();
      throw outcome.error;
    }
    return outcome;
  }

  runBeforeEach = (): Promise<void> => this.property.runBeforeEach();

  runAfterEach = (): Promise<void> => this.property.runAfterEach();
}
