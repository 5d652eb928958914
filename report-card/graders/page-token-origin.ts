// C4.4-01: a crawl starts without page_token, and every page_token sent is a next_token the
// listing answered before (never one made up, edited, or kept from another session). A page_token
// sent after the crawl's page answered null (the null printed: `page_token=null`) is C4.4-03's
// mistake, not a second one here (same-mistake.ts).
import type { JournalRecord } from '../../spec/journal.js';
import { isPage, listingRequests, nextTokenOf, pageTokenOf } from '../listing.js';
import { failed, passedIf, type GradeContext, type Verdict } from '../verdict.js';

export function gradePageTokenOrigin(
  records: readonly JournalRecord[],
  context: GradeContext = { explained: new Set() },
): Verdict {
  const requests = listingRequests(records);
  const answered = new Set<string>(context.answeredBefore);
  for (const request of requests) {
    const token = pageTokenOf(request);
    if (token !== undefined && !answered.has(token) && !context.explained.has(request.seq))
      return failed(
        `listing request #${request.seq} sent page_token ${token}, which no earlier listing answer gave as next_token${answered.size === 0 ? ' (the first request of a crawl omits page_token)' : ''}`,
        request,
      );
    const next = isPage(request) ? nextTokenOf(request) : undefined;
    if (typeof next === 'string') answered.add(next);
  }
  return passedIf(
    requests.length,
    'listing request(s), each page_token taken from a next_token',
    'no listing request',
  );
}
