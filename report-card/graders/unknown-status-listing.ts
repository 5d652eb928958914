// C3-01: clients must tolerate unknown statuses: a page holding a status outside section 3 does not
// end the crawl (its next_token is still followed).
import type { JournalRecord } from '../../spec/journal.js';
import { followedLater, isPage, listingRequests, nextTokenOf, unknownStatusesOf } from '../listing.js';
import { failed, passedIf, type Verdict } from '../verdict.js';

export function gradeUnknownStatusListing(records: readonly JournalRecord[]): Verdict {
  const requests = listingRequests(records);
  let tolerated = 0;
  for (const page of requests.filter(isPage)) {
    const unknown = unknownStatusesOf(page);
    const next = nextTokenOf(page);
    if (unknown.length === 0 || typeof next !== 'string') continue;
    if (!followedLater(requests, page, next))
      return failed(
        `the page answered at #${page.seq} held status(es) outside section 3 (${unknown.join(', ')}) and next_token ${next}; no later listing request sent it: the crawl stopped at an unknown status`,
        page,
      );
    tolerated += 1;
  }
  return passedIf(
    tolerated,
    'page(s) with a status outside section 3, the crawl went on',
    'no page held a status outside section 3 with a next page',
  );
}
