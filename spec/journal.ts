/**
 * The sandbox's journal: every request it receives and every delivery it makes, one record each.
 * The sandbox writes it; the report card grades a client from it. No secret ever appears in a
 * record: tokens, codes, client secrets, passwords, notification tokens and page tokens are
 * replaced by a fingerprint (`fp:` and 16 hex characters of a salted SHA-256), so a reader can see
 * "the same token again" without the value.
 */
export type JournalRecord = RequestRecord | DeliveryRecord;

export interface RequestRecord {
  kind: 'request';
  /** Increasing per journal. */
  seq: number;
  /** ISO 8601 UTC. */
  at: string;
  /** The client the request acts for: from client_id, Basic, or the token's client. */
  client_id: string | null;
  /** The token's user, the login form's user. */
  login: string | null;
  endpoint:
    | 'authorize'
    | 'login'
    | 'consent'
    | 'token'
    | 'basic_user_info'
    | 'listing'
    | 'catalog'
    | 'notification'
    | 'import'
    | 'import_status'
    | 'ad_status'
    | 'other';
  method: string;
  /** Without the query. */
  path: string;
  scheme: 'http' | 'https';
  /** Secrets fingerprinted: {code: 'fp:…', page_token: 'fp:…', client_secret: 'fp:…'}. */
  query: Record<string, string>;
  /** Where the request carried what. */
  credentials: {
    /** Fingerprint of the Authorization Bearer token. */
    bearer?: string;
    /** Fingerprint of a body access_token. */
    body_token?: string;
    /** HTTP Basic client authentication. */
    basic?: boolean;
    /** Where a client_secret appeared. */
    secret_in?: Array<'body' | 'query' | 'header'>;
  };
  /**
   * Endpoint facts: fetch_size, ads_status, page_token (fp), redirect_uri, state_present, scope,
   * code (fp), grant_type, import ad ids and their catalog ids, ...
   */
  params?: Record<string, string | number | boolean | null>;
  /** The HTTP status answered. */
  status: number;
  /** The API's reason / error code answered (RATE_LIMIT, ACCESS_DENIED, invalid_grant, …). */
  reason?: string;
  /**
   * Facts of the answer: next_token (fp or null), items (count), code issued (fp), token issued
   * (fp), import statusCode, refused ids …
   */
  answer?: Record<string, string | number | boolean | null>;
  /** What chaos did to this request, if anything. */
  decision?: { profile: string; fault: string; detail?: string };
  /** What was on for this client. */
  chaos?: { profiles: string[]; seed: number };
  duration_ms: number;
}

export interface DeliveryRecord {
  kind: 'delivery';
  seq: number;
  at: string;
  /** The client whose token created the configuration. */
  client_id: string | null;
  login: string;
  configuration_id: string;
  url: string;
  event_id: string;
  ad_id: string;
  /** The ad status the body carries. */
  status_sent: string;
  attempt: number;
  outcome: 'delivered' | 'failed' | 'refused' | 'dropped' | 'cancelled';
  /** The receiver's answer. */
  http_status?: number;
  duration_ms?: number;
  decision?: {
    profile: string;
    /** 'duplicate', 'out_of_order', 'late', 'forged', 'retry', or another fault's name. */
    fault: string;
    detail?: string;
  };
  chaos?: { profiles: string[]; seed: number };
}
