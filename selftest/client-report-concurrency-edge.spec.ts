import { expect, test } from '@playwright/test';
import { failedIds, standingOfId } from './support/card-standings.js';
import { ACCESS_DENIED, fp, JournalBuilder, publishedPage } from './broken-clients/journal-builder.js';

/**
 * CFN-01 for crawls of one filter side by side behind the edge (report-card/graders/edge-retries.ts):
 * a page asked for while a page named it is a crawl's next page, whichever crawl sent it; only a
 * page asked for beyond is a retry, however the edge held, refused or delayed the requests.
 */
test("crawl W's page held by the edge, then refused; crawl X, named that page just now, asks for it 230 ms after the refusal: X's next page, no retry of W's (CFN-01)", () => {
  const j = new JournalBuilder('client-side-by-side-held');
  const ask = { bearer: fp('shared-token'), fetch_size: 10, ads_status: 'published', duration_ms: 1 };
  j.at(-9000).listing({ ...ask, connection: 'p:18', page_token: null }, publishedPage(10, fp('page-p')));
  j.at(-8990).listing(
    { ...ask, connection: 'p:18', page_token: fp('page-p'), duration_ms: 8000 },
    { edge: 'timeout' },
  );
  j.at(200).listing({ ...ask, connection: 'p:24', page_token: null }, publishedPage(10, fp('page-q')));
  j.at(0).listing({ ...ask, connection: 'p:21', page_token: fp('page-p') }, { edge: 'html-403' });
  j.at(228).listing(
    { ...ask, connection: 'p:24', page_token: fp('page-q') },
    publishedPage(10, fp('page-p')),
  );
  j.at(230).listing({ ...ask, connection: 'p:22', page_token: fp('page-p') }, publishedPage(10, null));
  j.at(420).listing({ ...ask, connection: 'p:23', page_token: fp('page-p') }, publishedPage(10, null));
  expect(failedIds(j)).toEqual([]);
  expect(standingOfId(j, 'CFN-01')).toBe('passed');
});

/** Two crawls refused the same page by the edge, each retrying it 400 ms after its own refusal; `storm`: A again 160 ms on. */
function twoRetrying(storm: boolean): JournalBuilder {
  const j = new JournalBuilder('client-two-retrying');
  const ask = { bearer: fp('shared-token'), fetch_size: 10, duration_ms: 1 };
  const refused = { edge: 'html-502' } as const;
  j.at(-20).listing({ ...ask, connection: 'p:1', page_token: null }, publishedPage(10, fp('page-p')));
  j.at(-19).listing({ ...ask, connection: 'p:2', page_token: null }, publishedPage(10, fp('page-p')));
  j.at(0).listing({ ...ask, connection: 'p:1', page_token: fp('page-p') }, refused);
  j.at(70).listing({ ...ask, connection: 'p:2', page_token: fp('page-p') }, refused);
  j.at(400).listing({ ...ask, connection: 'p:1', page_token: fp('page-p') }, refused);
  // B's retry on the connection A's second refusal came back on, free again.
  j.at(470).listing({ ...ask, connection: 'p:1', page_token: fp('page-p') }, publishedPage(10, null));
  if (storm)
    j.at(560).listing({ ...ask, connection: 'p:3', page_token: fp('page-p') }, publishedPage(10, null));
  return j;
}

test('two crawls refused the same page, each retrying it 400 ms after its own refusal: no retry too soon (CFN-01); one of them again 160 ms on is', () => {
  expect(failedIds(twoRetrying(false))).toEqual([]);
  expect(standingOfId(twoRetrying(false), 'CFN-01')).toBe('passed');
  expect(failedIds(twoRetrying(true))).toEqual(['CFN-01']);
});

// Workers sharing a token: crawl A's request for page P, on its way with the old token, is held
// by the edge's latency and refused ACCESS_DENIED; the token was renewed meanwhile, and A asks for
// P again at once with the new one. Crawl B, named P too, met the edge's 403 on it 157 ms before.
// A's ask is its crawl's next page still (a refusal of the token serves no page), no retry of B's.
test("a page refused for its token is asked for again at once with the renewed token, while another crawl's ask for it met the edge: no retry too soon (CFN-01)", () => {
  const j = new JournalBuilder('client-renewed-beside-edge');
  const [oldToken, newToken] = [fp('old-token'), fp('new-token')];
  const ask = { fetch_size: 10, ads_status: 'published', duration_ms: 1 };
  j.at(0).listing({ ...ask, bearer: oldToken, page_token: null }, publishedPage(10, fp('page-p')));
  j.at(220).listing({ ...ask, bearer: newToken, page_token: null }, publishedPage(10, fp('page-p')));
  j.at(244).listing({ ...ask, bearer: newToken, page_token: fp('page-p') }, { edge: 'html-403' });
  // Journaled as answered: after the edge's 403.
  j.at(100).listing({ ...ask, bearer: oldToken, page_token: fp('page-p'), duration_ms: 301 }, ACCESS_DENIED);
  j.at(402).listing({ ...ask, bearer: newToken, page_token: fp('page-p') }, publishedPage(10, null));
  j.at(660).listing({ ...ask, bearer: newToken, page_token: fp('page-p') }, publishedPage(10, null));
  expect(failedIds(j)).toEqual([]);
  expect(standingOfId(j, 'CFN-01')).toBe('passed');
});

// A client that starts a crawl of the same listing for each status change it is told of: crawl A's
// first page met the edge; crawl B, started 120 ms later, asks for the same first page; A retries
// 400 ms after its refusal. B's ask is no retry of A's, and A's retry in time shows it.
test("a second crawl of one listing started just after the first one's first page met the edge: its ask is its own while the first crawl retries in time (CFN-01); alone, an ask that soon is a retry too soon", () => {
  const journal = (firstRetries: boolean): JournalBuilder => {
    const j = new JournalBuilder('client-crawl-per-change');
    const ask = { bearer: fp('shared-token'), fetch_size: 10, ads_status: 'published', duration_ms: 1 };
    j.at(0).listing({ ...ask, page_token: null }, { edge: 'html-502' });
    j.at(120).listing({ ...ask, page_token: null }, publishedPage(10, null));
    if (firstRetries) j.at(401).listing({ ...ask, page_token: null }, publishedPage(10, null));
    return j;
  };
  expect(failedIds(journal(true))).toEqual([]);
  expect(standingOfId(journal(true), 'CFN-01')).toBe('passed');
  expect(failedIds(journal(false))).toEqual(['CFN-01']);
});
