import { NO_JOURNAL, type KeptRow, type KeptStore, type RowJournal } from '../persist/journal.js';

/** The longest url a client may store (a sandbox choice: the sandbox may share a host). */
export const MAX_URL = 2048;

/**
 * What a create or an update stores (2.7): the fields a client sends, and the url parsed once,
 * when the request arrived (or when its row was read back at start), which every delivery reads.
 */
export interface NotificationSettings {
  method: 'POST';
  /** The url as sent: what is stored and answered (2.7), and what the delivery log shows. */
  url: string;
  /**
   * The url parsed: where the deliveries go. Null only where a fault let through a url that is
   * not an absolute http(s) URL with a host: nothing is sent to it.
   */
  target: URL | null;
  media_type: 'application/json';
  token: string;
}

/** Where one configuration's deliveries go: its url as sent and as parsed. */
export type DeliveryUrl = Pick<NotificationSettings, 'url' | 'target'>;

/** A configuration belongs to the user and the client whose token created it. */
export interface Owner {
  login: string;
  clientId: string;
}

/** A configuration as stored: the client's settings, the assigned id and type, and its owner. */
export interface NotificationConfig extends NotificationSettings {
  id: string;
  type: 'AD_STATUS';
  owner: Owner;
}

/** The six fields of 2.7 as sent; `type` is a plain string so that a fault can bend it. */
export type PublicConfig = Omit<NotificationConfig, 'owner' | 'type' | 'target'> & { type: string };

/** A configuration as its row keeps it: the url as text alone, parsed again when the row is read. */
type KeptConfig = Omit<NotificationConfig, 'target'>;

/** Configurations one user and client may hold, and the sandbox in all (README, sandbox choices). */
export const NOTIFICATION_LIMITS = { perUserAndClient: 20, total: 5000 } as const;

/** The row that keeps how many configurations were ever created (no configuration's id is empty). */
const CREATED_KEY = '';

export class NotificationStore implements KeptStore {
  private readonly configs = new Map<string, NotificationConfig>();
  private created = 0;
  journal: RowJournal = NO_JOURNAL;

  /** Why one more configuration of this owner is refused, or null when there is room. */
  refusal(owner: Owner): string | null {
    if (this.configs.size >= NOTIFICATION_LIMITS.total)
      return `The sandbox holds at most ${NOTIFICATION_LIMITS.total} notification configurations.`;
    let owned = 0;
    for (const config of this.configs.values())
      if (config.owner.login === owner.login && config.owner.clientId === owner.clientId) owned += 1;
    return owned >= NOTIFICATION_LIMITS.perUserAndClient
      ? `At most ${NOTIFICATION_LIMITS.perUserAndClient} notification configurations per user and client: delete one first.`
      : null;
  }

  /** `newId` is given how many configurations were created, this one included (R2.7-01: a UUID). */
  create(
    settings: NotificationSettings,
    owner: Owner,
    newId: (sequence: number) => string,
  ): NotificationConfig {
    this.created += 1;
    const config: NotificationConfig = {
      ...settings,
      id: newId(this.created),
      type: 'AD_STATUS',
      owner,
    };
    this.configs.set(config.id, config);
    this.journal.put(CREATED_KEY, this.created);
    this.journal.put(config.id, keptRow(config));
    return config;
  }

  /** A kept row is a value entering the sandbox again: its url is parsed here, once. */
  loadRows(rows: readonly KeptRow[]): void {
    for (const [key, value] of rows)
      if (key === CREATED_KEY) this.created = value as number;
      else {
        const kept = value as KeptConfig;
        this.configs.set(key, { ...kept, target: httpUrl(kept.url) });
      }
  }

  /** The configuration when it exists and belongs to this owner (user and client). */
  owned(id: string, owner: Owner): NotificationConfig | undefined {
    const config = this.configs.get(id);
    return config?.owner.login === owner.login && config.owner.clientId === owner.clientId
      ? config
      : undefined;
  }

  /** Takes effect for the next status change. */
  update(config: NotificationConfig, settings: NotificationSettings): void {
    Object.assign(config, settings);
    this.journal.put(config.id, keptRow(config));
  }

  delete(id: string): void {
    this.configs.delete(id);
    this.journal.delete(id);
  }

  /** Every configuration created with a token of this user, whichever client made it. */
  ofUser(login: string): NotificationConfig[] {
    return this.all().filter((config) => config.owner.login === login);
  }

  all(): NotificationConfig[] {
    return [...this.configs.values()];
  }
}

/** The public view of a configuration: the six fields of 2.7. */
export function publicView(config: NotificationConfig): PublicConfig {
  return {
    id: config.id,
    method: config.method,
    url: config.url,
    media_type: config.media_type,
    token: config.token,
    type: config.type,
  };
}

/** The value as an absolute http(s) URL with a host, of bounded length; null when it is not one. */
export function httpUrl(value: unknown): URL | null {
  if (typeof value !== 'string' || value.length > MAX_URL) return null;
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return null;
  }
  return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== ''
    ? parsed
    : null;
}

/** The row of a configuration: every field but the parsed url, which is kept as its text alone. */
function keptRow({ method, url, media_type, token, id, type, owner }: NotificationConfig): KeptConfig {
  return { method, url, media_type, token, id, type, owner };
}
