import type { AdStore } from '../store/ads.js';
import type { ClientStore } from '../store/clients.js';
import type { TokenStore } from '../store/tokens.js';
import type { UserStore } from '../store/users.js';
import type { PageTokens } from './page-token.js';
import type { RateLimiter } from './rate-limit.js';

/**
 * What the listing and basic user info reach of the sandbox's state (the whole state is one): the
 * area takes these from the state the server hands it, and imports nothing of the state's own
 * module, which builds the page tokens and the rate limiter.
 */
export interface ResourcesState {
  readonly clients: ClientStore;
  readonly tokens: TokenStore;
  readonly users: UserStore;
  readonly ads: AdStore;
  readonly pageTokens: PageTokens;
  readonly rateLimiter: RateLimiter;
}
