import type { ServingRules } from '../catalogs/served.js';
import { randomToken, type SecretMaker } from '../store/crypto.js';
import { Deliverer } from '../notifications/delivery.js';
import { DeliveryLog } from '../notifications/delivery-log.js';
import { DeliveryPolicy } from '../notifications/delivery-policy.js';
import { LoginThrottle } from '../oauth/login-throttle.js';
import { PageTokens } from '../resources/page-token.js';
import { RateLimiter } from '../resources/rate-limit.js';
import { AdStore } from '../store/ads.js';
import { ClientStore, type RateLimit } from '../store/clients.js';
import { CodeStore } from '../store/codes.js';
import { ConsentMemory } from '../store/consents.js';
import { NotificationStore } from '../store/notifications.js';
import { SANDBOX_CAPS, type SandboxCaps } from '../store/caps.js';
import { SessionStore } from '../store/sessions.js';
import { TokenStore } from '../store/tokens.js';
import { UserStore } from '../store/users.js';
import { AdImport } from '../import/ad-import.js';
import type { DeliveryRules } from '../notifications/delivery-rules.js';
import type { PageTokenForm } from '../resources/page-token.js';
import { Chaos } from '../chaos/chaos.js';
import { Journal } from '../journal/journal.js';

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
  /** The ad import (outside the spec): its settings, imports, moderation and catalogs in force. */
  adImport: AdImport;
  /** Every request received and delivery made, redacted (journal/). */
  journal: Journal;
  /** The chaos profiles in force, per client (chaos/). */
  chaos: Chaos;
}

/** The rules the state's components read at each use (the rulebook in force holds them). */
export interface ComponentRules {
  readonly authorization: { readonly newClientId: () => string };
  readonly resources: {
    readonly defaultRateLimit: () => RateLimit;
    readonly pageTokenForm: () => PageTokenForm;
    readonly rateLimitMessage: (requests: number, seconds: number) => string;
  };
  readonly notifications: DeliveryRules;
  /** The ad import holds ids against what the lookups serve (catalogs/served.ts). */
  readonly catalogs: ServingRules;
}

export interface StateOptions {
  deliveryPolicy?: DeliveryPolicy;
  caps?: Readonly<SandboxCaps>;
  journal?: Journal;
}

/**
 * `rules` reads the rules in force (rules/in-force.ts: the reference with the faults and variants
 * switched on), which the components read at each use, never keep; `newSecret` makes every secret
 * the sandbox hands out (marked when SANDBOX_SECRET_PREFIX is set);
 * `deliveryPolicy` says where deliveries may go (SANDBOX_WEBHOOK_ALLOW), `caps` what the sandbox holds.
 */
export function createState(
  rules: () => ComponentRules,
  newSecret: SecretMaker = randomToken,
  { deliveryPolicy = new DeliveryPolicy(), caps = SANDBOX_CAPS, journal = new Journal() }: StateOptions = {},
): SandboxState {
  const deliveryLog = new DeliveryLog((value) => journal.fingerprints.fp(value));
  return {
    clients: new ClientStore(
      (bytes) => newSecret(bytes, 'client-secret'),
      () => rules().authorization.newClientId(),
      () => rules().resources.defaultRateLimit(),
    ),
    users: new UserStore((bytes) => newSecret(bytes, 'password')),
    codes: new CodeStore((bytes) => newSecret(bytes, 'code')),
    tokens: new TokenStore((bytes) => newSecret(bytes, 'access-token')),
    sessions: new SessionStore(),
    consents: new ConsentMemory(),
    ads: new AdStore(),
    pageTokens: new PageTokens(() => rules().resources.pageTokenForm()),
    rateLimiter: new RateLimiter((requests, seconds) =>
      rules().resources.rateLimitMessage(requests, seconds),
    ),
    notifications: new NotificationStore(),
    deliverer: new Deliverer(() => rules().notifications, deliveryPolicy, deliveryLog),
    deliveryPolicy,
    deliveryLog,
    loginThrottle: new LoginThrottle(),
    caps,
    adImport: new AdImport({}, () => rules().catalogs),
    journal,
    chaos: new Chaos(),
  };
}
