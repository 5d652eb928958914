import { BROWSER_ENDPOINTS, type JournalRecord, type RequestRecord } from '../spec/journal.js';
import { readAfterAnswered } from './event-order.js';
import { partyOf } from './party.js';
import { answeredAt, timeOf } from './records.js';

/**
 * Whether a party sent one request at a time: then its next request was sent by the code that
 * had read the answer before it, and what ties the two (the same keep-alive connection, a new
 * one opened after the answer) proves a reaction at any delay (causality.ts reactionTo).
 *
 * Parallel workers do not always show as requests in flight at once: on a loaded machine a
 * client's answers are short beside the time its workers take to send, so six workers sharing a
 * token may reach the sandbox one after another. What they cannot hide is their connections: a
 * client that sends one request at a time needs one connection at a time (kept alive, or a new
 * one per request), where workers side by side hold several open. So a party is one at a time
 * around an answer when neither two of its requests nor two of its connections (each from its
 * accept to its last answer to the party) overlap from ONE_AT_A_TIME_SPAN_MS before the answer's
 * request to the later request's answer. A journal without connection facts proves nothing.
 */
export const ONE_AT_A_TIME_SPAN_MS = 5000;

const BROWSER_PAGES: ReadonlySet<string> = new Set(BROWSER_ENDPOINTS);

/** A stretch of time [from, to] in which a party had two requests, or two connections, at once. */
interface Overlap {
  from: number;
  to: number;
}

interface Span {
  from: number;
  to: number;
}

const cache = new WeakMap<readonly JournalRecord[], Map<string, Overlap[]>>();

/** The client's own requests (not the browser's pages) by party. */
function byParty(records: readonly JournalRecord[]): Map<string, RequestRecord[]> {
  const parties = new Map<string, RequestRecord[]>();
  for (const record of records) {
    if (record.kind !== 'request' || BROWSER_PAGES.has(record.endpoint)) continue;
    const party = partyOf(record);
    const requests = parties.get(party);
    if (requests === undefined) parties.set(party, [record]);
    else requests.push(record);
  }
  return parties;
}

/** Where two of the requests were in flight at once (read before another was answered). */
function requestOverlaps(requests: readonly RequestRecord[]): Overlap[] {
  const overlaps: Overlap[] = [];
  let latest: RequestRecord | undefined;
  for (const request of [...requests].sort((a, b) => timeOf(a) - timeOf(b) || a.seq - b.seq)) {
    if (latest !== undefined && !readAfterAnswered(latest, request))
      overlaps.push({ from: timeOf(request), to: Math.min(answeredAt(request), answeredAt(latest)) });
    if (latest === undefined || answeredAt(request) > answeredAt(latest)) latest = request;
  }
  return overlaps;
}

/**
 * Each connection's span for the party: from its accept when the party's request was its first
 * (opened for it), else from the party's first request there (a connection another's requests
 * opened, the browser's pages among them), to its last answer to the party.
 */
function connectionSpans(requests: readonly RequestRecord[]): Span[] {
  const spans = new Map<string, Span>();
  for (const request of requests) {
    if (request.connection === undefined) continue;
    const opened =
      request.connection_request === 1 && request.connection_opened_at !== undefined
        ? Date.parse(request.connection_opened_at)
        : timeOf(request);
    const span = spans.get(request.connection);
    if (span === undefined) spans.set(request.connection, { from: opened, to: answeredAt(request) });
    else {
      span.from = Math.min(span.from, opened);
      span.to = Math.max(span.to, answeredAt(request));
    }
  }
  return [...spans.values()];
}

/** Where two of the spans overlap. */
function spanOverlaps(spans: readonly Span[]): Overlap[] {
  const overlaps: Overlap[] = [];
  let latestEnd = -Infinity;
  for (const span of [...spans].sort((a, b) => a.from - b.from)) {
    if (span.from < latestEnd) overlaps.push({ from: span.from, to: Math.min(span.to, latestEnd) });
    latestEnd = Math.max(latestEnd, span.to);
  }
  return overlaps;
}

function overlapsOf(records: readonly JournalRecord[]): Map<string, Overlap[]> {
  const cached = cache.get(records);
  if (cached !== undefined) return cached;
  const overlaps = new Map<string, Overlap[]>();
  for (const [party, requests] of byParty(records))
    overlaps.set(party, [...requestOverlaps(requests), ...spanOverlaps(connectionSpans(requests))]);
  cache.set(records, overlaps);
  return overlaps;
}

/** Whether the party of `answer` had one request and one connection at a time around `answer` and `request`. */
export function oneAtATime(
  records: readonly JournalRecord[],
  answer: RequestRecord,
  request: RequestRecord,
): boolean {
  if (answer.connection === undefined || request.connection === undefined) return false;
  const from = timeOf(answer) - ONE_AT_A_TIME_SPAN_MS;
  const to = answeredAt(request);
  const overlaps = overlapsOf(records).get(partyOf(answer)) ?? [];
  return !overlaps.some((overlap) => overlap.to >= from && overlap.from <= to);
}
