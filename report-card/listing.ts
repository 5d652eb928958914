import type { JournalRecord, RequestRecord } from '../spec/journal.js';
import { isSection3Status } from '../spec/ad-status.js';
import { OTHER_STATUS } from './deliveries.js';
import { arrivedAfterAnswer, sameConnection, sameParty } from './causality.js';
import { faultsOf, inArrivalOrder, paramOf, requestsOf, textParam } from './records.js';

/** The listing's facts as the journal holds them (page tokens are fingerprints). */

/**
 * A listing request at a path without the version segment: the retired `POST /autoupload/published`
 * (field notes), or the same path with GET. C9-01 names it; the other listing graders do not read
 * it as a page of the v1 listing.
 */
export function isRetiredListing(request: RequestRecord): boolean {
  return request.endpoint === 'listing' && !request.path.split('/').includes('v1');
}

const listingCache = new WeakMap<readonly JournalRecord[], RequestRecord[]>();

/** The requests of the v1 listing (4.4), one array per records array (graders share it, and what is kept by it). */
export function listingRequests(records: readonly JournalRecord[]): RequestRecord[] {
  const cached = listingCache.get(records);
  if (cached !== undefined) return cached;
  const requests = requestsOf(records, 'listing').filter((request) => !isRetiredListing(request));
  listingCache.set(records, requests);
  return requests;
}

export function pageTokenOf(record: RequestRecord): string | undefined {
  return textParam(record, 'page_token');
}

/** A page the listing served: HTTP 200 with no error reason. */
export function isPage(record: RequestRecord): boolean {
  return record.status === 200 && record.reason === undefined;
}

/** The next_token a page answered: a fingerprint, null at the end, undefined when not recorded. */
export function nextTokenOf(record: RequestRecord): string | null | undefined {
  const next = record.answer?.next_token;
  if (next === null) return null;
  return typeof next === 'string' && next !== '' ? next : undefined;
}

/**
 * The statuses on a page outside section 3. The journal's optional answer fact `statuses` holds
 * the page's distinct statuses, comma-separated; absent, chaos's `other-status` fault on the page
 * says it held one.
 */
export function unknownStatusesOf(record: RequestRecord): string[] {
  const statuses = record.answer?.statuses;
  if (typeof statuses !== 'string')
    return faultsOf(record).includes(OTHER_STATUS) ? ['(chaos: other-status)'] : [];
  return statuses
    .split(',')
    .map((status) => status.trim())
    .filter((status) => status !== '' && !isSection3Status(status));
}

/**
 * The crawl each listing request belongs to, by its seq, the requests taken as they came
 * (inArrivalOrder: every page a request may follow is then already booked): a request without
 * page_token starts one;
 * one with a page_token continues a crawl now waiting on that token (its last page answered it),
 * by the same user (else party) and answered before the request arrived where one is (causality.ts). So crawls
 * side by side (two users of one client, two filters, workers sharing a token) stay apart, and so
 * do crawls whose server answers the same tokens in every crawl (an offset), even running at once.
 * A request refused (a block, a refused token, an edge) leaves its crawl waiting on the same token.
 * Where several crawls wait on the token, one it takes forward (a page that did not name itself,
 * of the request's fetch_size) before one going round a cycle: a crawl that stopped at a page
 * naming itself is not charged with another crawl's next page.
 * A token no crawl waits on (a page fetched again, a cycle) goes to the crawl that last sent or
 * answered it; one no page answered (C4.4-01's concern), to the last crawl of the user and filter.
 */
const crawlsCache = new WeakMap<readonly RequestRecord[], Map<number, number>>();

export function crawlsOf(requests: readonly RequestRecord[]): Map<number, number> {
  const cached = crawlsCache.get(requests);
  if (cached !== undefined) return cached;
  const crawlOfSeq = bookCrawls(requests);
  crawlsCache.set(requests, crawlOfSeq);
  return crawlOfSeq;
}

function bookCrawls(requests: readonly RequestRecord[]): Map<number, number> {
  const crawlOfSeq = new Map<number, number>();
  const crawls = new CrawlBook();
  for (const request of inArrivalOrder(requests)) {
    const token = pageTokenOf(request);
    const userAndFilter = JSON.stringify([request.login, textParam(request, 'ads_status') ?? null]);
    const crawl =
      token === undefined
        ? request.seq
        : (crawls.take(token, request) ?? crawls.lastOf(userAndFilter) ?? request.seq);
    crawlOfSeq.set(request.seq, crawl);
    crawls.answered(crawl, userAndFilter, request, token);
  }
  return crawlOfSeq;
}

/**
 * Whether two listing requests may be of one crawl: the same user's (a crawl goes on with the token
 * the dealer's new consent gave), or, without a user, the same party's.
 */
function sameCrawler(a: RequestRecord, b: RequestRecord): boolean {
  return a.login !== null && b.login !== null ? a.login === b.login : sameParty(a, b);
}

/** Which crawl waits on which token, and which last sent or answered each. */
class CrawlBook {
  private readonly waiting = new Map<string, Array<{ crawl: number; page: RequestRecord }>>();
  private readonly lastWith = new Map<string, number>();
  private readonly lastOfUserAndFilter = new Map<string, number>();
  /** The page tokens each crawl has sent. */
  private readonly sent = new Map<number, Set<string>>();
  /** The crawls that met a null next_token. */
  private readonly ended = new Set<number>();

  /**
   * The crawl `request` continues with `token`, taken off the waiting list. Workers sharing a
   * token may wait on the same token (the same listing crawled twice, an offset token): the
   * request goes to a crawl going forward (not one whose page named itself, its fetch_size the
   * same) before one that stopped at a cycle; among those, to one that has not sent this token yet,
   * on the request's own connection first (HTTP/1.1: one worker's requests in turn), so that a
   * crawl is never charged with another's page. A crawl that keeps going round still is: once
   * every waiting crawl has sent the token, any further request with it is a re-fetch.
   */
  take(token: string, request: RequestRecord): number | undefined {
    const candidates = this.waiting.get(token) ?? [];
    const readable = candidates.filter(
      ({ page }) => sameCrawler(page, request) && arrivedAfterAnswer(page, request),
    );
    // A page that answered its own token is a cycle; a refused request waits on its token still.
    const forward = readable.filter(
      ({ page }) =>
        !(isPage(page) && pageTokenOf(page) === token) &&
        String(paramOf(page, 'fetch_size')) === String(paramOf(request, 'fetch_size')),
    );
    const unsent = (waiting: typeof candidates): typeof candidates =>
      waiting.filter(({ crawl }) => !(this.sent.get(crawl)?.has(token) ?? false));
    const onItsConnection = (waiting: typeof candidates): (typeof candidates)[number] | undefined =>
      waiting.find(({ page }) => sameConnection(page, request));
    const forwardUnsent = unsent(forward);
    const readableUnsent = unsent(readable);
    const found =
      onItsConnection(forwardUnsent) ??
      forwardUnsent[0] ??
      forward[0] ??
      onItsConnection(readableUnsent) ??
      readableUnsent[0] ??
      readable[0] ??
      candidates[0];
    if (found !== undefined) candidates.splice(candidates.indexOf(found), 1);
    return found?.crawl ?? this.lastWith.get(token);
  }

  lastOf(userAndFilter: string): number | undefined {
    return this.lastOfUserAndFilter.get(userAndFilter);
  }

  /**
   * After a request of `crawl`: it waits on the page's next_token, or still on its own token (a
   * refusal, a request the sandbox held past the client's patience); a crawl that met a null
   * next_token waits on nothing.
   */
  answered(crawl: number, userAndFilter: string, request: RequestRecord, token: string | undefined): void {
    this.lastOfUserAndFilter.set(userAndFilter, crawl);
    if (token !== undefined) {
      this.lastWith.set(token, crawl);
      this.sent.set(crawl, (this.sent.get(crawl) ?? new Set<string>()).add(token));
    }
    const next = isPage(request) ? nextTokenOf(request) : token;
    if (next === null) this.ended.add(crawl);
    if (typeof next !== 'string' || this.ended.has(crawl)) return;
    if (isPage(request)) this.lastWith.set(next, crawl);
    this.waiting.set(next, [...(this.waiting.get(next) ?? []), { crawl, page: request }]);
  }
}

/** The first page answered with each non-null next_token, in journal order. */
export function firstAnswersOfNextTokens(pages: readonly RequestRecord[]): Map<string, RequestRecord> {
  const first = new Map<string, RequestRecord>();
  for (const page of pages) {
    const next = nextTokenOf(page);
    if (typeof next === 'string' && !first.has(next)) first.set(next, page);
  }
  return first;
}

const lastSendsCache = new WeakMap<readonly RequestRecord[], Map<string, number>>();

/** The highest seq of a request sending each page_token (one pass, kept per requests array). */
function lastSendsOf(requests: readonly RequestRecord[]): Map<string, number> {
  const cached = lastSendsCache.get(requests);
  if (cached !== undefined) return cached;
  const last = new Map<string, number>();
  for (const request of requests) {
    const token = pageTokenOf(request);
    if (token !== undefined) last.set(token, Math.max(last.get(token) ?? -Infinity, request.seq));
  }
  lastSendsCache.set(requests, last);
  return last;
}

/** Whether a request after `answer` sent `token` as page_token. */
export function followedLater(
  requests: readonly RequestRecord[],
  answer: RequestRecord,
  token: string,
): boolean {
  return (lastSendsOf(requests).get(token) ?? -Infinity) > answer.seq;
}
