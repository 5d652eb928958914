// One drift entry: the catalog's comparison and the profile's both make them, so it sits below both.
import type { Observed } from './observe.js';

/** One difference between two profiles (reports/drift.json is a list of them). */
export interface Change {
  area: string;
  key: string;
  before: Observed;
  after: Observed;
  /** What kind of change: for the catalog, what an integrator must do depends on it. */
  kind: 'changed' | 'added' | 'removed' | 'renumbered' | 'renamed' | 'lookup answer';
}
