import type { DeliveryRecord, JournalRecord, RequestRecord } from '../../spec/journal.js';

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
