import type { ChaosDecision, DeliveryRecord, JournalRecord, RequestRecord } from '../../spec/journal.js';

/**
 * Writes journal records as the sandbox would, for the report card's own tests: a clock the
 * caller moves, increasing seq numbers, the client and its chaos set-up on every record, and
 * fingerprints made from readable names (`fp('page-2')`), so a test reads what the client did.
 */
export const CHAOS = { profiles: ['hostile-marketplace'], seed: 7 };
export const START = Date.parse('2026-11-27T06:00:00.000Z');
/** A listing request's endpoint, method and path, as the journal names them. */
export const LISTING = { endpoint: 'listing', method: 'GET', path: '/autoupload/v1/published' } as const;

/** A fingerprint as the journal writes one: `fp:` and 16 hex characters, the same for the same name. */
export function fp(name: string): string {
  let hash = 2166136261;
  for (const character of name) hash = Math.imul(hash ^ character.charCodeAt(0), 16777619) >>> 0;
  return `fp:${hash.toString(16).padStart(8, '0')}${(hash ^ 0x5bd1e995).toString(16).padStart(8, '0')}`;
}

type RequestFields = Pick<RequestRecord, 'endpoint' | 'method' | 'path' | 'status'> &
  Partial<Omit<RequestRecord, 'kind' | 'seq' | 'at' | 'client_id' | 'chaos'>>;

/** Who asks for a listing page, and with what: the request's half of its record. */
export interface ListingAsk {
  /** The Bearer token's fingerprint. */
  bearer: string;
  /** The token's user: `DEALER` unless said. */
  login?: string;
  connection?: string;
  /** The builder's `http` unless said. */
  scheme?: RequestRecord['scheme'];
  /** Null unless said: the journal writes a parameter absent from the query as null. */
  fetch_size?: number | null;
  ads_status?: string | null;
  /** Null for a crawl's first page. */
  page_token: string | null;
  /** How long the answer took; the builder's default unless said. */
  duration_ms?: number;
}

/** A page of ads, as the journal keeps its answer. */
export interface ListingPage {
  items: number;
  next_token: string | null;
  statuses?: string;
}

/** A page that got through, with the chaos decision that changed or delayed it, if any. */
export interface ListingPageMet {
  page: ListingPage;
  decision?: ChaosDecision;
}

/** The edge's own HTML error pages, each journaled with its status. */
const EDGE_PAGE_STATUS = { 'html-403': 403, 'html-502': 502, 'html-503': 503 } as const;
type EdgePage = keyof typeof EDGE_PAGE_STATUS;
/**
 * A connection the edge closed unanswered, journaled status 0. The sandbox writes the fault's name
 * as the reason too; a test says so where its journal has it (`{ edge: 'timeout', reason: 'timeout' }`).
 */
type EdgeUnanswered = 'reset' | 'timeout';

/**
 * What a listing request met, as the journal writes it: a page (200, perhaps with the chaos
 * decision that let it through changed or late), a refusal by its status and reason (the API's
 * 401 ACCESS_DENIED, 429 RATE_LIMIT; or a status the journal holds with no chaos decision), or an
 * edge fault (its status and `decision: { profile: 'edge', fault }`).
 */
export type ListingMet =
  | ListingPageMet
  | { status: number; reason?: string }
  | { edge: EdgePage }
  | { [Fault in EdgeUnanswered]: { edge: Fault; reason?: Fault } }[EdgeUnanswered];

/** The dealer a listing request acts for unless a test says another. */
export const DEALER = 'dealer-a';
/** The edge's latency: a page that got through late. */
export const EDGE_LATENCY: ChaosDecision = { profile: 'edge', fault: 'latency' };

/** A page of `items` published ads naming `next`: a crawl's page in the concurrency tests. */
export function publishedPage(items: number, next: string | null): ListingPageMet {
  return { page: { items, next_token: next, statuses: 'published' } };
}

/** The API's refusals of a listing request, as the journal writes them. */
export const ACCESS_DENIED = { status: 401, reason: 'ACCESS_DENIED' } as const satisfies ListingMet;
export const RATE_LIMITED = { status: 429, reason: 'RATE_LIMIT' } as const satisfies ListingMet;

/** The answer's half of a listing record; fields a test left out stay out of the record. */
function metFields(met: ListingMet): Pick<RequestRecord, 'status'> & Partial<RequestRecord> {
  if ('page' in met) {
    const { items, next_token, statuses } = met.page;
    return {
      status: 200,
      answer: { items, next_token, ...(statuses === undefined ? {} : { statuses }) },
      ...(met.decision === undefined ? {} : { decision: met.decision }),
    };
  }
  if ('edge' in met) {
    const status = met.edge === 'reset' || met.edge === 'timeout' ? 0 : EDGE_PAGE_STATUS[met.edge];
    const reason = 'reason' in met ? met.reason : undefined;
    return {
      status,
      ...(reason === undefined ? {} : { reason }),
      decision: { profile: 'edge', fault: met.edge },
    };
  }
  return { status: met.status, ...(met.reason === undefined ? {} : { reason: met.reason }) };
}

/** A v1 listing request's record fields: who asked, with what, and what it met. */
function listingFields(ask: ListingAsk, met: ListingMet): RequestFields {
  return {
    ...LISTING,
    login: ask.login ?? DEALER,
    ...(ask.scheme === undefined ? {} : { scheme: ask.scheme }),
    ...(ask.connection === undefined ? {} : { connection: ask.connection }),
    credentials: { bearer: ask.bearer },
    params: {
      fetch_size: ask.fetch_size ?? null,
      ads_status: ask.ads_status ?? null,
      page_token: ask.page_token,
    },
    ...(ask.duration_ms === undefined ? {} : { duration_ms: ask.duration_ms }),
    ...metFields(met),
  };
}

type DeliveryFields = Pick<DeliveryRecord, 'status_sent' | 'outcome'> &
  Partial<Omit<DeliveryRecord, 'kind' | 'seq' | 'at' | 'client_id' | 'chaos'>>;

export class JournalBuilder {
  readonly records: JournalRecord[] = [];
  /** The seq of the record that holds the client's one mistake, when it made one. */
  mistake: number | undefined;
  private now = START;
  private seq = 0;

  constructor(readonly clientId: string) {}

  /**
   * Sets the clock to `ms` after the start, back or forth: requests on their way at once arrive in
   * one order and are answered (numbered) in another, as a client's parallel workers' are.
   */
  at(ms: number): this {
    this.now = START + ms;
    return this;
  }

  /** Moves the clock on. */
  wait(ms: number): this {
    this.now += ms;
    return this;
  }

  request(fields: RequestFields): RequestRecord {
    const record: RequestRecord = {
      kind: 'request',
      seq: ++this.seq,
      at: new Date(this.now).toISOString(),
      client_id: this.clientId,
      login: 'user_reportcard',
      scheme: 'http',
      query: {},
      credentials: {},
      duration_ms: 5,
      chaos: CHAOS,
      ...fields,
    };
    this.records.push(record);
    this.now += record.duration_ms;
    return record;
  }

  /** A v1 listing request: who asked (`ask`) and what it met, journaled as the sandbox does. */
  listing(ask: ListingAsk, met: ListingMet): RequestRecord {
    return this.request(listingFields(ask, met));
  }

  delivery(fields: DeliveryFields): DeliveryRecord {
    const record: DeliveryRecord = {
      kind: 'delivery',
      seq: ++this.seq,
      at: new Date(this.now).toISOString(),
      client_id: this.clientId,
      login: 'user_reportcard',
      configuration_id: 'b3f1c0de-0000-4000-8000-000000000001',
      url: 'https://receiver.example/hooks/ad-status',
      event_id: `event-${this.seq}`,
      ad_id: 'ad-1',
      attempt: 1,
      duration_ms: 12,
      chaos: CHAOS,
      ...fields,
    };
    this.records.push(record);
    this.now += 50;
    return record;
  }

  /** Marks the record that holds the mistake (the evidence a report card must show). */
  wrong<T extends JournalRecord>(record: T): T {
    this.mistake ??= record.seq;
    return record;
  }
}
