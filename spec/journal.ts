/**
 * The sandbox's journal: every request it receives and every delivery it makes, as records a
 * grader reads (through the control API, or the JSON lines of the data folder). Secrets never
 * appear: a token, code, client secret, password, notification token or page token is replaced
 * by its fingerprint `fp:` + the first 16 hex characters of SHA-256 over a per-journal salt and
 * the value, so "the same token again" stays visible without the value. Imports nothing.
 */

/** The authorization server's pages, which the user's browser requests: the client only sends it there. */
export const BROWSER_ENDPOINTS = ['authorize', 'login', 'consent'] as const;
/** The authorization server's endpoints: the browser's pages and the token endpoint. */
export const AUTH_ENDPOINTS = [...BROWSER_ENDPOINTS, 'token'] as const;
/** The API's endpoints, on the resource server. */
export const API_ENDPOINTS = [
  'basic_user_info',
  'listing',
  'catalog',
  'notification',
  'import',
  'import_status',
  'ad_status',
] as const;
/** Every endpoint a record may name: the two servers', and any other path. */
export const JOURNAL_ENDPOINTS = [...AUTH_ENDPOINTS, ...API_ENDPOINTS, 'other'] as const;
export type JournalEndpoint = (typeof JOURNAL_ENDPOINTS)[number];

/** A fact of a request or its answer: a fingerprint, a count, a flag or a plain value. */
export type JournalFacts = Record<string, string | number | boolean | null>;

/** What chaos did to a request or a delivery. */
export interface ChaosDecision {
  profile: string;
  fault: string;
  detail?: string;
}

/** What chaos had on for the client, with the seed its decisions are drawn from. */
export interface ChaosInForce {
  profiles: string[];
  seed: number;
}

export interface RequestRecord {
  kind: 'request';
  /** Increasing per journal. */
  seq: number;
  /** ISO 8601, UTC. */
  at: string;
  /**
   * The client the request acts for, by proof: its token's client, the client whose secret it
   * carried, or (the authorization request, sign-in and consent) the client that exchanged the
   * code they issued. Null when no proof was given.
   */
  client_id: string | null;
  /**
   * Optional addition: the client the request named (client_id, HTTP Basic's user) without
   * proving it, on a record whose `client_id` is null. Never counted for or against that client.
   */
  claimed_client_id?: string;
  /** The token's user, or the login form's user. */
  login: string | null;
  endpoint: JournalEndpoint;
  method: string;
  /** Without the query. */
  path: string;
  scheme: 'http' | 'https';
  /** The query's parameters, secrets fingerprinted. */
  query: Record<string, string>;
  /** Where the request carried what. */
  credentials: {
    bearer?: string;
    body_token?: string;
    /**
     * Optional addition: a token sent in the query string (`?access_token=`, or any parameter's
     * name or value equal to a token), its fingerprint; the request is that token's client's.
     */
    query_token?: string;
    /** Optional addition: a token sent as a segment of the path, its fingerprint. */
    path_token?: string;
    basic?: boolean;
    /** `path` (an addition): the secret as a segment of the path. */
    secret_in?: Array<'body' | 'query' | 'header' | 'path'>;
    /**
     * Optional addition: true when the token carried had been issued to this client and was
     * revoked before the request came (a code sent twice, a client and user's 101st token, chaos's
     * token-revoked): the request is still the client's, its token no longer live.
     */
    revoked?: boolean;
  };
  params?: JournalFacts;
  status: number;
  /** The API's reason or error code answered (RATE_LIMIT, ACCESS_DENIED, invalid_grant, ...). */
  reason?: string;
  answer?: JournalFacts;
  decision?: ChaosDecision;
  /** Optional addition: every decision when chaos took more than one (the first is `decision`). */
  decisions?: ChaosDecision[];
  chaos?: ChaosInForce;
  duration_ms: number;
  /** Optional addition: true when the record passed its size and lost its query and facts. */
  cut?: true;
  /**
   * Optional addition: how far the client's own clock (the one the sandbox judges its codes'
   * lifetime and its rate limit on, moved by the clock helper) ran ahead of real time when the
   * request came, in milliseconds; absent, zero. The report card grades on the same clock.
   */
  client_clock_offset_ms?: number;
  /**
   * Optional addition: the connection the request came on (opaque; equal for requests on one
   * connection). A request on the answer's connection that arrived after the answer left was sent
   * once the client had it.
   */
  connection?: string;
  /**
   * Optional addition: when the sandbox accepted that connection (ISO 8601, UTC; the TCP accept,
   * before any TLS handshake). A connection accepted before an answer left was opened by a client
   * that had not read it.
   */
  connection_opened_at?: string;
  /** Optional addition: the request's place on its connection, 1 for the first. */
  connection_request?: number;
  /**
   * Optional addition: how long the sandbox's event loop had run late, summed since its process
   * started (ms; compare only records of one process, as `connection` names it), when it read the
   * request and when the answer left. Between two records the difference is how long the sandbox
   * could not run on time in between: a request read then may have come up to that much earlier.
   */
  loop_late_ms?: { read: number; answered: number };
  /**
   * Optional addition: the order of events in the sandbox's process (one counter, compare only
   * records of one process, as `connection` names it): when the request was read, and when its
   * answer had been written. Exact where times are rounded to the millisecond: a request whose
   * `read` is above another's `answered` was read after that answer was written.
   */
  order?: { read: number; answered: number };
  /**
   * Optional addition: true when every earlier request on the connection had been answered when
   * this one was read (HTTP/1.1 without pipelining: the client had those answers before it sent
   * this one); false when it came pipelined behind one not yet answered.
   */
  connection_answered_before?: boolean;
}

export type DeliveryOutcome = 'delivered' | 'failed' | 'refused' | 'dropped' | 'cancelled';

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
  outcome: DeliveryOutcome;
  /** The receiver's answer. */
  http_status?: number;
  duration_ms?: number;
  decision?: ChaosDecision;
  chaos?: ChaosInForce;
  /** Optional addition: why a failed or refused attempt ended so (never a secret). */
  error?: string;
  /**
   * Optional addition: where the attempt carried the notification token, named as an observed
   * profile names it (spec/observed-forms.ts: `x-notification-token`, `authorization (Bearer)`,
   * `(none)`); never the token. What a receiver that accepted or refused it relied on.
   */
  token_header?: string;
}

export type JournalRecord = RequestRecord | DeliveryRecord;

/** The control API's answer to `GET {control}/test_helpers/v1/journal`. */
export interface JournalAnswer {
  records: JournalRecord[];
  dropped: number;
  /** Optional addition, with a client_id filter: the records that named that client without proof. */
  claimed?: number;
  /**
   * Optional addition (paging): the cursor to give as `after` for the records after this page
   * (opaque; valid until the sandbox restarts). Records kept meanwhile come after it.
   */
  next?: string;
  /** Optional addition (paging): true when the page stopped at its limit and records may follow now. */
  more?: boolean;
}

/**
 * The most records one page of the journal holds (`limit`), and the number when none is given:
 * a client's ring (5,000 records) is one page, so an unpaged read of one client is whole.
 */
export const JOURNAL_PAGE_RECORDS = 5000;

/** The control API's path, below the test helpers' prefix. */
export const JOURNAL_HELPER_PATH = '/journal';
