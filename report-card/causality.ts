import type { JournalRecord, RequestRecord } from '../spec/journal.js';
import { oneAtATime } from './one-at-a-time.js';
import { processOf, readAfterAnswered } from './event-order.js';
import { partyOf, sameParty } from './party.js';
import { answeredAt, timeOf } from './records.js';

export { partyOf, sameParty };

/**
 * When a request can be held against an answer: the one rule every grader that reasons about
 * "after" uses (C2.2-01, C2.6-01, C4.4-*, C7.3-01, C7.3-02, C7.3-03, CFN-01).
 *
 * A client that does several things at once has requests on their way when an answer leaves: a
 * parallel worker's request that arrives a few milliseconds after a 429 or a 401 left was sent
 * before the client could read it, and is no reaction to it. So a request is held against an
 * answer only when
 * - it is by the same party: the same token (wherever carried); without a token, the same user
 *   (the token's or the login form's); without either, the client itself (its secret, its codes).
 *   Another dealer's identical request, with its own token, is that dealer's, not a retry;
 * - and what the sandbox saw shows the client had read the answer when it sent the request
 *   (reactionTo): the next request on the answer's own keep-alive connection, or the first on a
 *   connection opened after the answer left, while the party had one request at a time (evidence,
 *   at any delay: a mistake made once, right after the answer, is seen); else, with nothing to
 *   tie it, it arrived at least TRAVEL_ALLOWANCE_MS after the answer left: the answer's way back
 *   to the client, the client reading it (a loaded event loop), and the request's way back.
 *
 * On a loaded machine a client reads late, and what it had on its way arrives as late: the
 * allowance grows to the client's slowest reaction shown around it (allowanceAt), up to 500 ms.
 * What the sandbox proves widens it further: the first request on a connection accepted before
 * the answer left was on its way (openedBefore), and a request read after the sandbox's event
 * loop ran late may have come that much earlier (earliestArrival).
 * The price, stated: a client with several requests in flight at once whose mistake ties to no
 * connection (a parallel worker's, or one connection per request) and is made within the
 * allowance and never again is not seen; a retry loop that goes on is.
 */
export const TRAVEL_ALLOWANCE_MS = 100;

/** Whether `request` arrived after `answer` had left (it may carry what the answer said). */
export function arrivedAfterAnswer(answer: RequestRecord, request: RequestRecord): boolean {
  return request.seq > answer.seq && readAfterAnswered(answer, request);
}

/** The most the allowance grows to on a slow client: below C7.3-01's second, CFN-01 still reads a storm. */
export const MOST_ALLOWANCE_MS = 500;
/** How far around an answer the client's reactions are read to size the allowance there. */
const REACTIONS_SPAN_MS = 5000;

interface ReactionGap {
  at: number;
  gap: number;
}

const reactionsCache = new WeakMap<readonly JournalRecord[], ReactionGap[]>();

/**
 * The client's own reactions, which show how long it takes to read an answer and send the next
 * request on a loaded machine: each listing request carrying a next_token, from the page that
 * answered it leaving to the request arriving (the same party).
 */
function reactionsOf(records: readonly JournalRecord[]): ReactionGap[] {
  const cached = reactionsCache.get(records);
  if (cached !== undefined) return cached;
  const pages = new Map<string, RequestRecord>();
  const reactions: ReactionGap[] = [];
  for (const record of records) {
    if (record.kind !== 'request' || record.endpoint !== 'listing') continue;
    const token = record.params?.page_token ?? record.query.page_token;
    const page = typeof token === 'string' ? pages.get(token) : undefined;
    // The first request carrying the token only: a retry of it after a pause is no reaction time.
    if (typeof token === 'string') pages.delete(token);
    if (page !== undefined && sameParty(page, record) && arrivedAfterAnswer(page, record))
      reactions.push({ at: timeOf(record), gap: timeOf(record) - answeredAt(page) });
    const next = record.status === 200 ? record.answer?.next_token : undefined;
    if (typeof next === 'string') pages.set(next, record);
  }
  reactionsCache.set(records, reactions);
  return reactions;
}

/**
 * The allowance at an answer: TRAVEL_ALLOWANCE_MS, or the client's slowest reaction within five
 * seconds of the answer leaving when it was slower (a loaded machine reads late, and a request
 * already on its way then arrives as late), at most MOST_ALLOWANCE_MS.
 */
export function allowanceAt(records: readonly JournalRecord[] | undefined, answer: RequestRecord): number {
  if (records === undefined) return TRAVEL_ALLOWANCE_MS;
  const left = answeredAt(answer);
  const slowest = reactionsOf(records)
    .filter((reaction) => Math.abs(reaction.at - left) <= REACTIONS_SPAN_MS)
    .reduce((most, reaction) => Math.max(most, reaction.gap), 0);
  return Math.min(MOST_ALLOWANCE_MS, Math.max(TRAVEL_ALLOWANCE_MS, slowest));
}

/**
 * What shows that the client sent `request` after it had read `answer`, strongest first:
 * - `same connection`: the next request on the answer's keep-alive connection, read once every
 *   request before it there had been answered (HTTP/1.1 answers in order: the client had the
 *   answer before it sent this one, at any delay; a pipelined request is no reaction);
 * - `new connection`: the first request on a connection the sandbox accepted after the answer had
 *   left, at least FRESH_CONNECTION_MS after it (a connection a parallel worker was already
 *   opening is accepted within that);
 * both only while the party had one request at a time around them (oneAtATime): with several
 *   requests in flight, a pool hands an idle connection to whichever worker asks next, so
 *   neither proves whose reading sent it;
 * - `time alone`: no such evidence; arrived at least the allowance after the answer left
 *   (allowanceAt, less the sandbox's lateness: earliestArrival).
 * Undefined when nothing shows it: another party's, or one on its way when the answer left (the
 * first on a connection accepted before then: openedBefore).
 */
export type Reaction = 'same connection' | 'new connection' | 'time alone';

export function reactionTo(
  answer: RequestRecord,
  request: RequestRecord,
  records?: readonly JournalRecord[],
): Reaction | undefined {
  if (!sameParty(answer, request) || !arrivedAfterAnswer(answer, request)) return undefined;
  if (openedBefore(answer, request)) return undefined;
  const alone = records !== undefined && oneAtATime(records, answer, request);
  if (alone && nextOnItsConnection(answer, request)) return 'same connection';
  if (alone && openedAfter(answer, request)) return 'new connection';
  return earliestArrival(answer, request) >= answeredAt(answer) + allowanceAt(records, answer)
    ? 'time alone'
    : undefined;
}

/** Whether the client sent `request` after it could have read `answer` (reactionTo says on what evidence). */
export function sentAfterReading(
  answer: RequestRecord,
  request: RequestRecord,
  records?: readonly JournalRecord[],
): boolean {
  return reactionTo(answer, request, records) !== undefined;
}

/** The evidence a verdict rests on, as its line says it. */
export function restsOn(reaction: Reaction | undefined): string {
  switch (reaction) {
    case 'same connection':
      return 'the same connection, after its answer';
    case 'new connection':
      return 'a new connection, opened after the answer, nothing else in flight';
    default:
      return `time alone: at least ${TRAVEL_ALLOWANCE_MS} ms after the answer`;
  }
}

/** A later request on the answer's connection, read once every request before it there was answered. */
function nextOnItsConnection(answer: RequestRecord, request: RequestRecord): boolean {
  return (
    sameConnection(answer, request) &&
    request.connection_answered_before === true &&
    (request.connection_request ?? 0) > (answer.connection_request ?? Infinity)
  );
}

/**
 * How long after an answer left a connection accepted then proves the client opened it after
 * reading the answer: a parallel worker's connect sent before the answer reached it is accepted
 * at the sandbox's next turn of its event loop, within a millisecond or two (and the lateness the
 * loop shows is credited on top); a client's connect after reading the answer comes later.
 */
export const FRESH_CONNECTION_MS = 1;

/** The first request on a connection the sandbox accepted FRESH_CONNECTION_MS (and its lateness) after the answer left. */
function openedAfter(answer: RequestRecord, request: RequestRecord): boolean {
  if (request.connection_request !== 1 || request.connection_opened_at === undefined) return false;
  const opened = Date.parse(request.connection_opened_at) - lateBetween(answer, request);
  // Times are whole milliseconds: one more keeps a rounded answer time from passing for an earlier one.
  return opened >= answeredAt(answer) + FRESH_CONNECTION_MS + 1;
}

/**
 * Whether `request` was the first on a connection the sandbox accepted before `answer` left: the
 * client opened that connection for a request it already held (a pool opens one when all its
 * connections are busy, and sends that request on it), so it was decided before the client could
 * read the answer, however late a TLS handshake on a loaded machine let it arrive.
 * The price, stated: a client whose pool opens connections ahead of need, or gives a connection
 * opened for one request to a later one (Go's and OkHttp's dial racing), may send a request
 * decided after reading the answer as the first on such a connection; that one request is not
 * held against it. Its next one on that connection is no first, and a mistake that goes on is seen.
 */
export function openedBefore(answer: RequestRecord, request: RequestRecord): boolean {
  if (request.connection_request !== 1 || request.connection_opened_at === undefined) return false;
  return Date.parse(request.connection_opened_at) < answeredAt(answer);
}

/** The most of the sandbox's lateness credited to one request: a retry loop that goes on past it is seen. */
export const MOST_LATENESS_CREDIT_MS = 2000;

/**
 * How long the sandbox's event loop ran late between `answer` leaving and `request` being read,
 * when one process journaled both (the journal's `loop_late_ms`, the process named by the
 * connection's first part), at most MOST_LATENESS_CREDIT_MS. A loaded sandbox accepts, reads and
 * parses late what a client had already sent, and on a machine that loaded the client itself
 * reads and sends late: each step of a request on its way waits out the loop.
 */
export function lateBetween(answer: RequestRecord, request: RequestRecord): number {
  const before = answer.loop_late_ms?.answered;
  const after = request.loop_late_ms?.read;
  if (before === undefined || after === undefined || processOf(answer) !== processOf(request)) return 0;
  return Math.min(MOST_LATENESS_CREDIT_MS, Math.max(0, after - before));
}

/**
 * The earliest the request may have come, as far as `answer` is concerned: its `at` less the
 * sandbox's lateness since the answer left (lateBetween).
 * The price, stated: on a loaded sandbox, a request sent after reading the answer that arrived
 * within the allowance plus the sandbox's lateness is not held against the client; a client that
 * goes on (a retry loop) is seen once its attempts pass both (the credit is at most 2 s).
 */
export function earliestArrival(answer: RequestRecord, request: RequestRecord): number {
  return timeOf(request) - lateBetween(answer, request);
}

/**
 * Both on one connection, as the journal names it: one worker's requests in turn when the party
 * had one request at a time (reactionTo); with several in flight, a hint for telling crawls apart,
 * never a proof of having read the answer (a pool hands the connection on at once).
 */
export function sameConnection(a: RequestRecord, b: RequestRecord): boolean {
  return a.connection !== undefined && a.connection === b.connection;
}

/** Milliseconds from the answer leaving to the request arriving. */
export function delayAfter(answer: RequestRecord, request: RequestRecord): number {
  return timeOf(request) - answeredAt(answer);
}
