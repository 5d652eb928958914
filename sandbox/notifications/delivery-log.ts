import { maskedMentions, maskedWebhookUrl, type Mask } from './url-credentials.js';

/**
 * What became of each delivery attempt, per user, readable through the test helper
 * `GET /test_helpers/v1/users/{login}/deliveries` (an addition to the contract). Never the token.
 */
export interface DeliveryLogEntry {
  at: string;
  configuration_id: string;
  url: string;
  /** 1 for the first attempt, then one more per retry; 0 when no attempt was made. */
  attempt: number;
  outcome: 'delivered' | 'failed' | 'refused' | 'dropped' | 'cancelled';
  /** Who refused: the receiver (a 4xx answer) or the sandbox's delivery policy (where it may go). */
  refused_by?: 'receiver' | 'delivery-policy';
  /** The receiver's HTTP status, when it answered. */
  status?: number;
  /** The network error or timeout, the policy's reason for a refusal, or why a delivery was dropped. */
  error?: string;
  /** Where the attempt carried the token (spec/observed-forms.ts's words), never the token. */
  token_header?: string;
}

/** Entries kept per user (the newest) and users whose log is kept (the most recently written). */
export const DELIVERY_LOG_LIMITS = { entriesPerUser: 100, users: 1000 } as const;

export class DeliveryLog {
  private readonly byUser = new Map<string, DeliveryLogEntry[]>();

  /**
   * `mask`: what stands for a credential of the URL (the journal's fingerprint): the log is an
   * output too, and shows the URL's userinfo and query values masked (url-credentials.ts). A log
   * of its own (a self-test's) masks every one alike.
   */
  constructor(private readonly mask: Mask = () => 'masked') {}

  record(login: string, given: Omit<DeliveryLogEntry, 'at'>): void {
    const entry = {
      ...given,
      url: maskedWebhookUrl(given.url, this.mask),
      ...(given.error === undefined ? {} : { error: maskedMentions(given.error, given.url, this.mask) }),
    };
    const entries = this.byUser.get(login) ?? [];
    // Re-inserted on every write, so the map's head is the user written to longest ago.
    this.byUser.delete(login);
    this.byUser.set(login, entries);
    entries.push({ at: new Date().toISOString(), ...entry });
    if (entries.length > DELIVERY_LOG_LIMITS.entriesPerUser) entries.shift();
    if (this.byUser.size > DELIVERY_LOG_LIMITS.users) {
      const oldest = this.byUser.keys().next().value;
      if (oldest !== undefined) this.byUser.delete(oldest);
    }
  }

  of(login: string): readonly DeliveryLogEntry[] {
    return this.byUser.get(login) ?? [];
  }
}
