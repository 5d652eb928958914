import type { JournalRecord, RequestRecord } from '../spec/journal.js';
import { answeredAt, timeOf, tokenOf } from './records.js';

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
 * - and it arrived at least TRAVEL_ALLOWANCE_MS after the answer left: the answer's way back to
 *   the client, the client reading it (a loaded event loop), and the request's way to the sandbox.
 *
 * On a loaded machine a client reads late, and what it had on its way arrives as late: the
 * allowance grows to the client's slowest reaction shown around it (allowanceAt), up to 500 ms.
 * What the sandbox proves widens it further (sentAfterReading): the first request on a
 * connection accepted before the answer left was on its way (openedBefore), and a request read
 * after the sandbox's event loop ran late may have come that much earlier (earliestArrival).
 * The price, stated: a mistake made within the allowance and never again (one immediate retry,
 * then nothing) is not seen. A retry loop that goes on is: its attempts pass the allowance.
 */
export const TRAVEL_ALLOWANCE_MS = 100;

/** Who sent a request, as far as the journal proves it: its token, else its user, else the client. */
export function partyOf(request: RequestRecord): string {
  const token = tokenOf(request);
  if (token !== undefined) return `token ${token}`;
  return request.login === null ? 'client' : `user ${request.login}`;
}

export function sameParty(a: RequestRecord, b: RequestRecord): boolean {
  return partyOf(a) === partyOf(b);
}

/** Whether `request` arrived after `answer` had left (it may carry what the answer said). */
export function arrivedAfterAnswer(answer: RequestRecord, request: RequestRecord): boolean {
  return request.seq > answer.seq && timeOf(request) >= answeredAt(answer);
}

/** The most the allowance grows to on a slow client: below C7.3-01's second, CFN-01 still reads a storm. */
export const MOST_ALLOWANCE_MS = 500;
/** How far around an answer the client's reactions are read to size the allowance there. */
const REACTIONS_SPAN_MS = 5000;

interface Reaction {
  at: number;
  gap: number;
}

const reactionsCache = new WeakMap<readonly JournalRecord[], Reaction[]>();

/**
 * The client's own reactions, which show how long it takes to read an answer and send the next
 * request on a loaded machine: each listing request carrying a next_token, from the page that
 * answered it leaving to the request arriving (the same party).
 */
function reactionsOf(records: readonly JournalRecord[]): Reaction[] {
  const cached = reactionsCache.get(records);
  if (cached !== undefined) return cached;
  const pages = new Map<string, RequestRecord>();
  const reactions: Reaction[] = [];
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
 * Whether the client sent `request` after it could have read `answer`: by the same party, and
 * - the first request on a connection the sandbox accepted before the answer left: never (openedBefore);
 * - else: arrived, less the sandbox's lateness since the answer left (earliestArrival), at least the allowance
 *   after the answer left (allowanceAt, given the client's records).
 * The answer's own connection proves no more: a bounded pool (Node's maxSockets, OkHttp's five a
 * host) sends a request it held for a free connection on that one the moment the answer is in,
 * before the code that sent the answered request has read it.
 * Only such a request is a reaction to the answer (a retry, a use of a refused token, the next
 * request after a block).
 */
export function sentAfterReading(
  answer: RequestRecord,
  request: RequestRecord,
  records?: readonly JournalRecord[],
): boolean {
  if (!sameParty(answer, request) || request.seq <= answer.seq) return false;
  if (openedBefore(answer, request)) return false;
  return earliestArrival(answer, request) >= answeredAt(answer) + allowanceAt(records, answer);
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

function processOf(request: RequestRecord): string | undefined {
  return request.connection?.split(':')[0];
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
 * Both on one connection, as the journal names it: likely one worker's requests in turn (HTTP/1.1
 * sends a request on a connection once the answer before it is back), a hint for telling crawls
 * apart, never a proof of having read the answer (a pool hands the connection on at once).
 */
export function sameConnection(a: RequestRecord, b: RequestRecord): boolean {
  return a.connection !== undefined && a.connection === b.connection;
}

/** Milliseconds from the answer leaving to the request arriving. */
export function delayAfter(answer: RequestRecord, request: RequestRecord): number {
  return timeOf(request) - answeredAt(answer);
}
