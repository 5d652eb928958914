// C4.4-03: a null next_token ends the crawl (an empty last page too): the crawl's next request, if
// any, starts again without page_token.
import type { JournalRecord, RequestRecord } from '../../spec/journal.js';
import { arrivedAfterAnswer } from '../causality.js';
import { crawlsOf, isPage, listingRequests, nextTokenOf, pageTokenOf } from '../listing.js';
import { failedAtFirst, passedIf, type Failure, type Verdict } from '../verdict.js';

export function gradeStopAtNull(records: readonly JournalRecord[]): Verdict {
  const requests = listingRequests(records);
  const crawlOf = crawlsOf(requests);
  const lastPageOfCrawl = new Map<number, RequestRecord>();
  let ends = 0;
  const failures: Failure[] = [];
  for (const request of requests) {
    const key = crawlOf.get(request.seq) ?? request.seq;
    const last = lastPageOfCrawl.get(key);
    const token = pageTokenOf(request);
    // A request already on its way when the last page was answered (one the edge held) goes on past nothing.
    if (
      last !== undefined &&
      nextTokenOf(last) === null &&
      token !== undefined &&
      arrivedAfterAnswer(last, request)
    )
      failures.push({
        why: `the page answered at #${last.seq} had next_token null (${String(last.answer?.items ?? '?')} items), and listing request #${request.seq} went on with page_token ${token}`,
        evidence: [last, request],
      });
    if (isPage(request)) {
      lastPageOfCrawl.set(key, request);
      if (nextTokenOf(request) === null) ends += 1;
    }
  }
  return (
    failedAtFirst(failures) ??
    passedIf(ends, 'crawl(s) ended at a null next_token', 'no page answered next_token null')
  );
}
