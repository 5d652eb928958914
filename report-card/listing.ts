import type { JournalRecord, RequestRecord } from '../spec/journal.js';
import { isSection3Status } from '../spec/ad-status.js';
import { OTHER_STATUS } from './deliveries.js';
import { arrivedAfterAnswer, sameParty } from './causality.js';
import { faultsOf, requestsOf, textParam } from './records.js';

/** The listing's facts as the journal holds them (page tokens are fingerprints). */

/**
 * A listing request at a path without the version segment: the retired `POST /autoupload/published`
 * (field notes), or the same path with GET. C9-01 names it; the other listing graders do not read
 * it as a page of the v1 listing.
 */
export function isRetiredListing(request: RequestRecord): boolean {
  return request.endpoint === 'listing' && !request.path.split('/').includes('v1');
}

/** The requests of the v1 listing (4.4). */
export function listingRequests(records: readonly JournalRecord[]): RequestRecord[] {
  return requestsOf(records, 'listing').filter((request) => !isRetiredListing(request));
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
 * The crawl each listing request belongs to, by its seq: a request without page_token starts one;
 * one with a page_token continues a crawl whose page answered that token as next_token, by the same
 * party, before the request arrived (causality.ts), the latest such crawl not yet continued.
 * So crawls side by side (two users of one client, two filters, workers sharing a token) stay
 * apart, and a server whose tokens repeat from one crawl to the next (an offset), even in crawls
 * running at once, does not join them. A token no page answered (C4.4-01's concern) continues the
 * last crawl of the same user and filter.
 */
export function crawlsOf(requests: readonly RequestRecord[]): Map<number, number> {
  const crawlOfSeq = new Map<number, number>();
  const waiting = new Map<string, Array<{ crawl: number; page: RequestRecord }>>();
  const lastCrawlOf = new Map<string, number>();
  for (const request of requests) {
    const token = pageTokenOf(request);
    const userAndFilter = JSON.stringify([request.login, textParam(request, 'ads_status') ?? null]);
    const crawl =
      token === undefined
        ? request.seq
        : (takeWaiting(waiting, token, request) ?? lastCrawlOf.get(userAndFilter) ?? request.seq);
    crawlOfSeq.set(request.seq, crawl);
    lastCrawlOf.set(userAndFilter, crawl);
    const next = isPage(request) ? nextTokenOf(request) : undefined;
    if (typeof next === 'string') waiting.set(next, [...(waiting.get(next) ?? []), { crawl, page: request }]);
  }
  return crawlOfSeq;
}

/**
 * The crawl the request continues: the latest whose page gave it its token and that it could have
 * read; taken off the list while other crawls wait on the same token (a re-fetch or a cycle keeps
 * the only one).
 */
function takeWaiting(
  waiting: Map<string, Array<{ crawl: number; page: RequestRecord }>>,
  token: string,
  request: RequestRecord,
): number | undefined {
  const candidates = waiting.get(token) ?? [];
  let index = candidates.length - 1;
  while (index >= 0) {
    const page = candidates[index]?.page;
    if (page !== undefined && sameParty(page, request) && arrivedAfterAnswer(page, request)) break;
    index -= 1;
  }
  const found = index >= 0 ? candidates[index] : candidates.at(-1);
  if (index >= 0 && candidates.length > 1) candidates.splice(index, 1);
  return found?.crawl;
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

/** Whether a request after `answer` sent `token` as page_token. */
export function followedLater(
  requests: readonly RequestRecord[],
  answer: RequestRecord,
  token: string,
): boolean {
  return requests.some((request) => request.seq > answer.seq && pageTokenOf(request) === token);
}
