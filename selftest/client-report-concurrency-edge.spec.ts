import { expect, test } from '@playwright/test';
import { failedIds, standingOfId } from './support/card-standings.js';
import { fp, JournalBuilder, LISTING } from './broken-clients/journal-builder.js';

/**
 * CFN-01 for crawls of one filter side by side behind the edge (report-card/graders/edge-retries.ts):
 * a page asked for while a page named it is a crawl's next page, whichever crawl sent it; only a
 * page asked for beyond is a retry, however the edge held, refused or delayed the requests.
 */
test("crawl W's page held by the edge, then refused; crawl X, named that page just now, asks for it 230 ms after the refusal: X's next page, no retry of W's (CFN-01)", () => {
  const j = new JournalBuilder('client-side-by-side-held');
  const token = fp('shared-token');
  const page = (
    at: number,
    connection: string,
    pageToken: string | null,
    next: string | null,
    status: number,
  ) =>
    j.at(at).request({
      ...LISTING,
      login: 'dealer-a',
      connection,
      credentials: { bearer: token },
      params: { fetch_size: 10, ads_status: 'published', page_token: pageToken },
      status,
      duration_ms: status === 0 ? 8000 : 1,
      ...(status === 200 ? { answer: { items: 10, next_token: next, statuses: 'published' } } : {}),
      ...(status === 0 ? { decision: { profile: 'edge', fault: 'timeout' } } : {}),
      ...(status === 403 ? { decision: { profile: 'edge', fault: 'html-403' } } : {}),
    });
  page(-9000, 'p:18', null, fp('page-p'), 200);
  page(-8990, 'p:18', fp('page-p'), null, 0);
  page(200, 'p:24', null, fp('page-q'), 200);
  page(0, 'p:21', fp('page-p'), null, 403);
  page(228, 'p:24', fp('page-q'), fp('page-p'), 200);
  page(230, 'p:22', fp('page-p'), null, 200);
  page(420, 'p:23', fp('page-p'), null, 200);
  expect(failedIds(j)).toEqual([]);
  expect(standingOfId(j, 'CFN-01')).toBe('passed');
});

/** Two crawls refused the same page by the edge, each retrying it 400 ms after its own refusal; `storm`: A again 160 ms on. */
function twoRetrying(storm: boolean): JournalBuilder {
  const j = new JournalBuilder('client-two-retrying');
  const token = fp('shared-token');
  const ask = (
    at: number,
    connection: string,
    pageToken: string | null,
    status: number,
    next: string | null = null,
  ) =>
    j.at(at).request({
      ...LISTING,
      login: 'dealer-a',
      connection,
      credentials: { bearer: token },
      params: { fetch_size: 10, ads_status: null, page_token: pageToken },
      status,
      duration_ms: 1,
      ...(status === 200 ? { answer: { items: 10, next_token: next, statuses: 'published' } } : {}),
      ...(status === 502 ? { decision: { profile: 'edge', fault: 'html-502' } } : {}),
    });
  ask(-20, 'p:1', null, 200, fp('page-p'));
  ask(-19, 'p:2', null, 200, fp('page-p'));
  ask(0, 'p:1', fp('page-p'), 502);
  ask(70, 'p:2', fp('page-p'), 502);
  ask(400, 'p:1', fp('page-p'), 502);
  // B's retry on the connection A's second refusal came back on, free again.
  ask(470, 'p:1', fp('page-p'), 200);
  if (storm) ask(560, 'p:3', fp('page-p'), 200, null);
  return j;
}

test('two crawls refused the same page, each retrying it 400 ms after its own refusal: no retry too soon (CFN-01); one of them again 160 ms on is', () => {
  expect(failedIds(twoRetrying(false))).toEqual([]);
  expect(standingOfId(twoRetrying(false), 'CFN-01')).toBe('passed');
  expect(failedIds(twoRetrying(true))).toEqual(['CFN-01']);
});
