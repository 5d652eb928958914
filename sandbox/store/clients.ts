import type { AuthorizationErrorCode } from '../../spec/errors.js';
import { Clock } from './clock.js';
import { randomId, randomToken, sameSecret, type SecretMaker } from './crypto.js';
import { NO_JOURNAL, type KeptRow, type KeptStore, type RowJournal } from '../persist/journal.js';

export interface RateLimit {
  requests: number;
  seconds: number;
}

export interface Client {
  clientId: string;
  name: string;
  redirectUris: readonly string[];
  clock: Clock;
  rateLimit: RateLimit;
  /** Failures injected by the failures helper, consumed one per request. */
  injected: { authorize: { count: number; error: AuthorizationErrorCode }; published: number };
}

/** Generous by default: only a test that sets its own limit ever meets RATE_LIMIT. */
export const DEFAULT_RATE_LIMIT: RateLimit = { requests: 1000, seconds: 1 };

interface StoredClient extends Client {
  secret: string;
}

/** A client as kept across restarts (its injected failures are not: they are consumed per request). */
interface KeptClient {
  clientId: string;
  secret: string;
  name: string;
  redirectUris: string[];
  clockOffsetSeconds: number;
  rateLimit: RateLimit;
}

export class ClientStore implements KeptStore {
  private readonly clients = new Map<string, StoredClient>();
  journal: RowJournal = NO_JOURNAL;

  constructor(
    private readonly newSecret: SecretMaker = randomToken,
    /** The rule newClientId in force (oauth/registration.ts). */
    private readonly newClientId: () => string = () => randomId('cl_', 16),
    /** The rule defaultRateLimit in force (resources/rules.ts). */
    private readonly defaultRateLimit: () => RateLimit = () => DEFAULT_RATE_LIMIT,
  ) {}

  get size(): number {
    return this.clients.size;
  }

  /** `given`: the id and secret of a client the standalone sandbox re-creates from its seed (seed.ts). */
  register(
    redirectUris: readonly string[],
    name: string,
    given?: { clientId: string; secret: string },
  ): { client: Client; secret: string } {
    const stored: StoredClient = {
      clientId: given?.clientId ?? this.newClientId(),
      secret: given?.secret ?? this.newSecret(32),
      name,
      redirectUris: [...redirectUris],
      clock: new Clock(),
      rateLimit: { ...this.defaultRateLimit() },
      injected: { authorize: { count: 0, error: 'temporarily_unavailable' }, published: 0 },
    };
    this.clients.set(stored.clientId, stored);
    this.changed(stored);
    return { client: stored, secret: stored.secret };
  }

  /** To be called after a client's clock or rate limit was changed in place: the change is kept. */
  changed(client: Client): void {
    const stored = this.clients.get(client.clientId);
    if (stored === undefined) return;
    const kept: KeptClient = {
      clientId: stored.clientId,
      secret: stored.secret,
      name: stored.name,
      redirectUris: [...stored.redirectUris],
      clockOffsetSeconds: stored.clock.offsetSeconds(),
      rateLimit: { ...stored.rateLimit },
    };
    this.journal.put(stored.clientId, kept);
  }

  loadRows(rows: readonly KeptRow[]): void {
    for (const [, value] of rows) {
      const kept = value as KeptClient;
      const clock = new Clock();
      clock.advance(kept.clockOffsetSeconds);
      this.clients.set(kept.clientId, {
        ...kept,
        clock,
        injected: { authorize: { count: 0, error: 'temporarily_unavailable' }, published: 0 },
      });
    }
  }

  find(clientId: string): Client | undefined {
    return this.clients.get(clientId);
  }

  /** Only for the fault authz-client-id-case-insensitive: ids must match exactly (4.1). */
  findIgnoringCase(clientId: string): Client | undefined {
    const wanted = clientId.toLowerCase();
    for (const client of this.clients.values()) if (client.clientId.toLowerCase() === wanted) return client;
    return undefined;
  }

  /** The client when id and secret match; the secret is compared in constant time. */
  authenticate(clientId: string, secret: string): Client | undefined {
    const stored = this.clients.get(clientId);
    const matches = sameSecret(secret, stored?.secret ?? 'no client: compare anyway, same cost');
    return stored !== undefined && matches ? stored : undefined;
  }
}
