import {
  BROWSER_ENDPOINTS,
  type DeliveryRecord,
  type JournalRecord,
  type RequestRecord,
} from '../spec/journal.js';

/** The readers every grader shares: which records are which, and the facts they carry. */

export function requestsOf(
  records: readonly JournalRecord[],
  ...endpoints: ReadonlyArray<RequestRecord['endpoint']>
): RequestRecord[] {
  return records.filter(
    (record): record is RequestRecord =>
      record.kind === 'request' && (endpoints.length === 0 || endpoints.includes(record.endpoint)),
  );
}

/**
 * The requests the client sent itself: all but the browser's pages. How a browser meets a page is
 * the browser's doing, not the client's: Chromium, for one, sends a request again at once, on its
 * own, when a kept-alive connection closes without an answer.
 */
export function clientRequestsOf(records: readonly JournalRecord[]): RequestRecord[] {
  const pages: ReadonlyArray<RequestRecord['endpoint']> = BROWSER_ENDPOINTS;
  return requestsOf(records).filter((request) => !pages.includes(request.endpoint));
}

export function deliveriesOf(records: readonly JournalRecord[]): DeliveryRecord[] {
  return records.filter((record): record is DeliveryRecord => record.kind === 'delivery');
}

/** The names of every chaos fault applied to a record (its decision, and any further ones). */
export function faultsOf(record: JournalRecord): string[] {
  const further = record.kind === 'request' ? (record.decisions ?? []) : [];
  return [record.decision, ...further].flatMap((decision) =>
    decision === undefined ? [] : [decision.fault],
  );
}

/** Milliseconds since the epoch of a record's `at`. */
export function timeOf(record: JournalRecord): number {
  return Date.parse(record.at);
}

/**
 * Requests as they came, where the journal numbers them as they were answered: a request the
 * edge held (latency, a timeout closed long after the client asked again) is numbered after
 * requests sent later. A client's next request comes after the answer it follows, so in this
 * order every answer a request may follow comes before it.
 */
export function inArrivalOrder(requests: readonly RequestRecord[]): RequestRecord[] {
  return [...requests].sort((a, b) => timeOf(a) - timeOf(b) || a.seq - b.seq);
}

/**
 * A record's time on the client's own clock, the one the sandbox judged it on (a code's lifetime):
 * its `at` plus the clock's offset when the journal names one.
 */
export function clientTimeOf(record: RequestRecord): number {
  return timeOf(record) + (record.client_clock_offset_ms ?? 0);
}

/** When the answer to a request left: its arrival plus its duration. */
export function answeredAt(record: RequestRecord): number {
  return timeOf(record) + record.duration_ms;
}

/** A parameter of the request: its endpoint facts first, then its query. */
export function paramOf(record: RequestRecord, name: string): string | number | boolean | null | undefined {
  return record.params?.[name] ?? record.query[name];
}

/** A string parameter (a fingerprint, a URI), or undefined. */
export function textParam(record: RequestRecord, name: string): string | undefined {
  const value = paramOf(record, name);
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The fingerprint of the token a request carried, wherever it carried it. */
export function tokenOf(record: RequestRecord): string | undefined {
  return record.credentials.bearer ?? record.credentials.body_token;
}

export function isSuccess(status: number | undefined): boolean {
  return status !== undefined && status >= 200 && status < 300;
}

/** An HTTP status the way a reader says it: 2xx, 401, "no answer" when the receiver timed out. */
export function statusText(status: number | undefined): string {
  return status === undefined ? 'no answer in time' : String(status);
}
