import type { ClientStore } from '../store/clients.js';
import type { CodeStore } from '../store/codes.js';
import type { ConsentMemory } from '../store/consents.js';
import type { SessionStore } from '../store/sessions.js';
import type { UserStore } from '../store/users.js';
import type { LoginThrottle } from './login-throttle.js';

/**
 * What the authorization endpoint reaches of the sandbox's state (the whole state is one): the area
 * takes these from the state the server hands it, and imports nothing of the state's own module,
 * which builds the login throttle.
 */
export interface OAuthState {
  readonly clients: ClientStore;
  readonly users: UserStore;
  readonly codes: CodeStore;
  readonly sessions: SessionStore;
  readonly consents: ConsentMemory;
  readonly loginThrottle: LoginThrottle;
}
