// C4.4-04 (advisory): a crawl fetches each page once. A server that answers a next_token naming a
// page the crawl already fetched would keep a literal client looping for ever.
import type { JournalRecord, RequestRecord } from '../../spec/journal.js';
import { arrivedAfterAnswer } from '../causality.js';
import { crawlsOf, isPage, listingRequests, nextTokenOf, pageTokenOf } from '../listing.js';
import { failed, passed, notExercised, type Verdict } from '../verdict.js';

interface Crawl {
  fetched: Map<string, RequestRecord>;
  last?: RequestRecord;
}

export function gradePageCycle(records: readonly JournalRecord[]): Verdict {
  const requests = listingRequests(records);
  const crawlOf = crawlsOf(requests);
  const crawls = new Map<number, Crawl>();
  let repeats = 0;
  for (const request of requests) {
    const key = crawlOf.get(request.seq) ?? request.seq;
    const token = pageTokenOf(request);
    const crawl: Crawl = crawls.get(key) ?? { fetched: new Map() };
    crawls.set(key, crawl);
    const earlier = token === undefined ? undefined : crawl.fetched.get(token);
    const endedAtNull = crawl.last !== undefined && nextTokenOf(crawl.last) === null;
    // A request already on its way when the page was answered (a retry of one the edge held) is no re-fetch.
    if (earlier !== undefined && !endedAtNull && arrivedAfterAnswer(earlier, request))
      return failed(
        `listing request #${request.seq} fetched page_token ${String(token)} again, a page the crawl had fetched at #${earlier.seq}: the crawl is going round a cycle`,
        earlier,
        request,
      );
    if (!isPage(request)) continue;
    if (token !== undefined) crawl.fetched.set(token, request);
    const next = nextTokenOf(request);
    if (typeof next === 'string' && crawl.fetched.has(next)) repeats += 1;
    crawl.last = request;
  }
  return repeats > 0
    ? passed(`${repeats} next_token(s) naming a page already fetched, none followed`)
    : notExercised('no page answered a next_token naming a page already fetched');
}
