import { randomToken, type SecretMaker } from './crypto.js';
import { Deliverer } from './notifications/delivery.js';
import { DeliveryLog } from './notifications/delivery-log.js';
import { DeliveryPolicy } from './notifications/delivery-policy.js';
import { LoginThrottle } from './oauth/login-throttle.js';
import { PageTokens } from './resources/page-token.js';
import { RateLimiter } from './resources/rate-limit.js';
import { AdStore } from './store/ads.js';
import { ClientStore } from './store/clients.js';
import { CodeStore } from './store/codes.js';
import { ConsentMemory } from './store/consents.js';
import { NotificationStore } from './store/notifications.js';
import { SANDBOX_CAPS, type SandboxCaps } from './store/caps.js';
import { SessionStore } from './store/sessions.js';
import { TokenStore } from './store/tokens.js';
import { UserStore } from './store/users.js';
import { AdImport } from './import/ad-import.js';
import type { Rulebook } from './rules/book.js';
import { Chaos } from './chaos/chaos.js';
import { Journal } from './journal/journal.js';

/** Everything the sandbox remembers, in memory, for the life of the process. */
export interface SandboxState {
  clients: ClientStore;
  users: UserStore;
  codes: CodeStore;
  tokens: TokenStore;
  sessions: SessionStore;
  /** Approvals given, per user and client (consulted by the rule consentAsked). */
  consents: ConsentMemory;
  ads: AdStore;
  pageTokens: PageTokens;
  rateLimiter: RateLimiter;
  notifications: NotificationStore;
  deliverer: Deliverer;
  deliveryPolicy: DeliveryPolicy;
  deliveryLog: DeliveryLog;
  loginThrottle: LoginThrottle;
  caps: Readonly<SandboxCaps>;
  /** The rules in force: the reference with this process's faults and variants applied. */
  rules: Rulebook;
  /** The ad import (outside the spec): its settings, imports, moderation and catalogs in force. */
  adImport: AdImport;
  /** Every request received and delivery made, redacted (journal/). */
  journal: Journal;
  /** The chaos profiles in force, per client (chaos/). */
  chaos: Chaos;
}

export interface StateOptions {
  deliveryPolicy?: DeliveryPolicy;
  caps?: Readonly<SandboxCaps>;
  journal?: Journal;
}

/**
 * `rules` are the rules in force (rules/in-force.ts: the reference with the process's faults and
 * variants applied); `newSecret` makes every secret the sandbox hands out (marked when SANDBOX_SECRET_PREFIX is set);
 * `deliveryPolicy` says where deliveries may go (SANDBOX_WEBHOOK_ALLOW), `caps` what the sandbox holds.
 */
export function createState(
  rules: Rulebook,
  newSecret: SecretMaker = randomToken,
  { deliveryPolicy = new DeliveryPolicy(), caps = SANDBOX_CAPS, journal = new Journal() }: StateOptions = {},
): SandboxState {
  const deliveryLog = new DeliveryLog();
  return {
    clients: new ClientStore(
      (bytes) => newSecret(bytes, 'client-secret'),
      () => rules.authorization.newClientId(),
      () => rules.resources.defaultRateLimit(),
    ),
    users: new UserStore((bytes) => newSecret(bytes, 'password')),
    codes: new CodeStore((bytes) => newSecret(bytes, 'code')),
    tokens: new TokenStore((bytes) => newSecret(bytes, 'access-token')),
    sessions: new SessionStore(),
    consents: new ConsentMemory(),
    ads: new AdStore(),
    pageTokens: new PageTokens(rules.resources.pageTokenForm()),
    rateLimiter: new RateLimiter(rules.resources.rateLimitMessage),
    notifications: new NotificationStore(),
    deliverer: new Deliverer(rules.notifications, deliveryPolicy, deliveryLog),
    deliveryPolicy,
    deliveryLog,
    loginThrottle: new LoginThrottle(),
    caps,
    rules,
    adImport: new AdImport(),
    journal,
    chaos: new Chaos(),
  };
}
