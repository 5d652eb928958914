import type { JournalRecord, RequestRecord } from '../spec/journal.js';
import { isSection3Status } from '../spec/ad-status.js';
import { OTHER_STATUS } from './deliveries.js';
import { faultsOf, requestsOf, textParam } from './records.js';

/** The listing's facts as the journal holds them (page tokens are fingerprints). */

export function listingRequests(records: readonly JournalRecord[]): RequestRecord[] {
  return requestsOf(records, 'listing');
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

/** Crawls with different filters run apart: a crawl is keyed by its ads_status. */
export function crawlKeyOf(record: RequestRecord): string {
  return textParam(record, 'ads_status') ?? '';
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
