// C4.4-02: while next_token is not null, it is sent as page_token: a client that stops before the
// last page (at the first page, at an empty page) leaves ads unread. Pages holding a status
// outside section 3 are graded by C3-01, so that one mistake fails one requirement.
import type { JournalRecord } from '../../spec/journal.js';
import {
  firstAnswersOfNextTokens,
  followedLater,
  isPage,
  listingRequests,
  unknownStatusesOf,
} from '../listing.js';
import { failed, passedIf, type Verdict } from '../verdict.js';

export function gradeFollowNextToken(records: readonly JournalRecord[]): Verdict {
  const requests = listingRequests(records);
  const pages = requests.filter((request) => isPage(request) && unknownStatusesOf(request).length === 0);
  const firstAnswers = firstAnswersOfNextTokens(pages);
  for (const [token, answer] of firstAnswers)
    if (!followedLater(requests, answer, token))
      return failed(
        `the page answered at #${answer.seq} (${String(answer.answer?.items ?? '?')} items) gave next_token ${token}, and no later listing request sent it as page_token: the crawl stopped before the last page`,
        answer,
      );
  return passedIf(
    firstAnswers.size,
    'next_token(s) answered, each sent as page_token',
    'no page answered a next_token',
  );
}
