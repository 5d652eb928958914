import type { RulebookPatch } from '../rules/book.js';

export interface FaultDefinition {
  /** The requirement ids (spec/requirements/catalogue.ts) the fault breaks; tests tagged with them must fail. */
  requirements: readonly string[];
  /** What the sandbox does wrong, in words. */
  description: string;
  /**
   * The rules it replaces or wraps (see rules/patch.ts); a function when the patch keeps state of
   * its own, called each time the switch is turned on, so that each sandbox, and each turn, has its
   * own (rules/in-force.ts).
   */
  patch?: RulebookPatch | (() => RulebookPatch);
}
