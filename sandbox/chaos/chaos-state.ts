import type { AdImport } from '../import/ad-import.js';
import type { JournalState } from '../journal/journal-state.js';
import type { Deliverer } from '../notifications/delivery.js';

/**
 * What chaos reaches of the sandbox's state (the whole state is one): the journal's part (chaos
 * records through it), the import and the deliverer it bends. The area imports nothing of the
 * state's own module, which builds the chaos in force.
 */
export interface ChaosState extends JournalState {
  readonly adImport: AdImport;
  readonly deliverer: Deliverer;
}
