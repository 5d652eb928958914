import type { RulebookPatch } from '../rules/book.js';

export interface VariantDefinition {
  /** The choice the variant makes, in words. */
  description: string;
  /** What the suite must be told for it, as a user of such a server would. */
  env: Readonly<Record<string, string>>;
  /**
   * The rules it replaces or wraps (see rules/patch.ts); a function when the patch keeps state of
   * its own, called each time the switch is turned on, so that each sandbox, and each turn, has its
   * own (rules/in-force.ts).
   */
  patch?: RulebookPatch | (() => RulebookPatch);
}
