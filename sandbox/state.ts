import { randomToken, type SecretMaker } from './crypto.js';
import type { FaultSet } from './faults.js';
import type { VariantSet } from './variants.js';
import { Deliverer } from './notifications/delivery.js';
import { PageTokens } from './resources/page-token.js';
import { RateLimiter } from './resources/rate-limit.js';
import { AdStore } from './store/ads.js';
import { ClientStore } from './store/clients.js';
import { CodeStore } from './store/codes.js';
import { NotificationStore } from './store/notifications.js';
import { SessionStore } from './store/sessions.js';
import { TokenStore } from './store/tokens.js';
import { UserStore } from './store/users.js';

/** Everything the sandbox remembers, in memory, for the life of the process. */
export interface SandboxState {
  clients: ClientStore;
  users: UserStore;
  codes: CodeStore;
  tokens: TokenStore;
  sessions: SessionStore;
  ads: AdStore;
  pageTokens: PageTokens;
  rateLimiter: RateLimiter;
  notifications: NotificationStore;
  deliverer: Deliverer;
  faults: FaultSet;
  variants: VariantSet;
}

function rateLimitWording(
  faults: FaultSet,
  variants: VariantSet,
): ((requests: number, seconds: number) => string) | undefined {
  if (faults.has('listing-rate-limit-message-unfilled'))
    return () => 'You have exceeded the X requests in X seconds limit!';
  if (variants.has('listing-rate-limit-grouped'))
    return () => 'You have exceeded the 5.000 requests in 60 seconds limit!';
  return undefined;
}

/** `newSecret` makes every secret the sandbox hands out (marked when SANDBOX_SECRET_PREFIX is set). */
export function createState(
  faults: FaultSet,
  variants: VariantSet,
  newSecret: SecretMaker = randomToken,
): SandboxState {
  return {
    clients: new ClientStore(newSecret, variants.has('clients-other-registration')),
    users: new UserStore(newSecret),
    codes: new CodeStore(newSecret),
    tokens: new TokenStore(newSecret),
    sessions: new SessionStore(),
    ads: new AdStore(),
    pageTokens: new PageTokens(variants.has('listing-hex-page-tokens') ? 'hex' : 'base64url'),
    rateLimiter: new RateLimiter(rateLimitWording(faults, variants)),
    notifications: new NotificationStore(),
    deliverer: new Deliverer(faults, variants),
    faults,
    variants,
  };
}
