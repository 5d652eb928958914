import type { SessionStore } from '../store/sessions.js';
import type { TokenStore } from '../store/tokens.js';
import type { ClientStore } from '../store/clients.js';
import type { Chaos } from '../chaos/chaos.js';
import type { Journal } from './journal.js';

/**
 * What the journal's hooks reach of the sandbox's state (the whole state is one): the area takes
 * these from the state the server hands it, and imports nothing of the state's own module, which
 * builds the journal.
 */
export interface JournalState {
  readonly journal: Journal;
  readonly chaos: Chaos;
  readonly clients: ClientStore;
  readonly sessions: SessionStore;
  readonly tokens: TokenStore;
}
