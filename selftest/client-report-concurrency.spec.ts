import { expect, test } from '@playwright/test';
import { TRAVEL_ALLOWANCE_MS } from '../report-card/causality.js';
import type { RequestRecord } from '../spec/journal.js';
import { failedIds, standingOfId } from './support/card-standings.js';
import {
  ACCESS_DENIED,
  fp,
  JournalBuilder,
  type ListingMet,
  publishedPage,
  RATE_LIMITED,
} from './broken-clients/journal-builder.js';

/**
 * A client that does several things at once (report-card/causality.ts): a request is held against
 * an answer only when the same party sent it after it could have read that answer. Each journal
 * is written in the order the sandbox answers (numbers) the requests, each request placed at the
 * millisecond it arrived.
 */
const FILTERS = ['published', 'pending_review', 'deleted', 'refused', 'published,refused', 'deleted,refused'];

/** A worker's listing request (a filter, fetch_size 100), placed when it arrived. */
function listing(
  j: JournalBuilder,
  arrivedMs: number,
  token: string,
  filter: string,
  pageToken: string | null,
  met: ListingMet,
): RequestRecord {
  const ask = { bearer: token, fetch_size: 100, ads_status: filter, page_token: pageToken, duration_ms: 5 };
  return j.at(arrivedMs).listing(ask, met);
}

/**
 * Six workers sharing one token, one crawl a filter side by side. The first of their second pages
 * is refused RATE_LIMIT; the other five were on their way and arrive 0 to 5 ms after that answer
 * left (refused too: the block is the client's). All wait, then resume. `stormer`, when given,
 * retries its refused page every 20 ms for 200 ms.
 */
function sixCrawls(stormer?: number): JournalBuilder {
  const j = new JournalBuilder('client-six-workers');
  const token = fp('shared-token');
  FILTERS.forEach((filter, worker) =>
    listing(j, worker, token, filter, null, publishedPage(3, fp(`${filter}-2`))),
  );
  FILTERS.forEach((filter, worker) =>
    listing(j, 20 + worker, token, filter, fp(`${filter}-2`), RATE_LIMITED),
  );
  if (stormer !== undefined) {
    const filter = FILTERS[stormer] ?? '';
    for (let at = 45; at < 250; at += 20)
      listing(j, at + stormer, token, filter, fp(`${filter}-2`), RATE_LIMITED);
  }
  FILTERS.forEach((filter, worker) =>
    listing(j, 1600 + worker * 40, token, filter, fp(`${filter}-2`), publishedPage(3, null)),
  );
  return j;
}

/**
 * Three workers sharing one token: the first is refused ACCESS_DENIED, the other two were on their
 * way (0 and 7 ms after the refusal left) and are refused too; the client consents once anew and
 * every worker goes on with the new token. `late`: a worker uses the old token again 600 ms on.
 */
function sharedReconsent(late: boolean): JournalBuilder {
  const j = new JournalBuilder('client-reconsent');
  const old = fp('token-1');
  listing(j, 0, old, 'published', null, ACCESS_DENIED);
  listing(j, 5, old, 'deleted', null, ACCESS_DENIED);
  listing(j, 12, old, 'refused', null, ACCESS_DENIED);
  j.at(300).request({
    endpoint: 'authorize',
    method: 'GET',
    path: '/oauth',
    scheme: 'https',
    status: 302,
    params: { redirect_uri: 'https://client.example/cb', state_present: true },
  });
  j.at(900).request({
    endpoint: 'consent',
    method: 'POST',
    path: '/oauth/consent',
    scheme: 'https',
    status: 302,
    answer: { code: fp('code-2') },
  });
  j.at(1000).request({
    endpoint: 'token',
    method: 'POST',
    path: '/oauth/token',
    scheme: 'https',
    status: 200,
    credentials: { secret_in: ['body'] },
    params: {
      code: fp('code-2'),
      redirect_uri: 'https://client.example/cb',
      grant_type: 'authorization_code',
    },
  });
  if (late) listing(j, 612, old, 'refused', null, ACCESS_DENIED);
  const renewed = fp('token-2');
  ['published', 'deleted', 'refused'].forEach((filter, worker) =>
    listing(j, 1100 + worker, renewed, filter, null, publishedPage(3, null)),
  );
  return j;
}

const CATALOG = { endpoint: 'catalog', method: 'POST', path: '/autoupload/car_info' } as const;
const EDGE = { profile: 'edge', fault: 'html-503' };

function carBrands(j: JournalBuilder, arrivedMs: number, login: string, status: 200 | 503): RequestRecord {
  return j.at(arrivedMs).request({
    ...CATALOG,
    login,
    credentials: { body_token: fp(`token-${login}`) },
    status,
    duration_ms: 5,
    ...(status === 503 ? { decision: EDGE } : {}),
  });
}

/**
 * Two dealers synced at once behind the edge: dealer A's catalog request gets the edge's 503; A's
 * second worker's identical request arrived before that answer left; dealer B's identical request,
 * with its own token, 3 ms after it. Dealer A retries `retryAfterMs` after the edge's answer.
 */
function twoDealersAtTheEdge(retryAfterMs: number): JournalBuilder {
  const j = new JournalBuilder('client-two-dealers-edge');
  carBrands(j, 0, 'dealer-a', 503);
  carBrands(j, 3, 'dealer-a', 200);
  carBrands(j, 8, 'dealer-b', 200);
  carBrands(j, 5 + retryAfterMs, 'dealer-a', 200);
  return j;
}

test.describe('the report card grades a client that does several things at once', () => {
  test(`six workers sharing a token: another worker's request 0-5 ms after a RATE_LIMIT answer left is not "the next request" (C7.3-01, allowance ${TRAVEL_ALLOWANCE_MS} ms)`, () => {
    const j = sixCrawls();
    expect(failedIds(j)).toEqual([]);
    expect(standingOfId(j, 'C7.3-01')).toBe('passed');
    expect(standingOfId(j, 'C4.4-03')).toBe('passed');
  });

  test('one of the six workers retrying its refused page every 20 ms fails C7.3-01 alone', () => {
    expect(failedIds(sixCrawls(3))).toEqual(['C7.3-01']);
  });

  test('workers sharing one token, consenting once anew after ACCESS_DENIED: the requests on their way are no reuse (C7.3-03)', () => {
    const j = sharedReconsent(false);
    expect(failedIds(j)).toEqual([]);
    expect(standingOfId(j, 'C7.3-03')).toBe('passed');
  });

  test('a worker that uses the denied token again after the refusal could be read fails C7.3-03 alone', () => {
    expect(failedIds(sharedReconsent(true))).toEqual(['C7.3-03']);
  });

  test("two dealers behind the edge: the other dealer's identical request with its own token, and a worker's sent before the answer left, are no retries (CFN-01)", () => {
    const j = twoDealersAtTheEdge(400);
    expect(failedIds(j)).toEqual([]);
    expect(standingOfId(j, 'CFN-01')).toBe('passed');
  });

  test("a dealer retrying the edge's answer 150 ms after it left fails CFN-01 alone", () => {
    expect(failedIds(twoDealersAtTheEdge(150))).toEqual(['CFN-01']);
  });

  test('a second exchange of a code on its way when the first succeeded is no reuse; one sent after is (C2.2-01)', () => {
    const exchange = (j: JournalBuilder, at: number, status: 200 | 400) =>
      j.at(at).request({
        endpoint: 'token',
        method: 'POST',
        path: '/oauth/token',
        scheme: 'https',
        status,
        credentials: { secret_in: ['body'] },
        duration_ms: 5,
        params: {
          code: fp('code'),
          redirect_uri: 'https://client.example/cb',
          grant_type: 'authorization_code',
        },
      });
    const doubled = new JournalBuilder('client-double-submit');
    exchange(doubled, 0, 200);
    exchange(doubled, 2, 400);
    expect(standingOfId(doubled, 'C2.2-01')).toBe('passed');
    const reused = new JournalBuilder('client-reuse');
    exchange(reused, 0, 200);
    exchange(reused, 400, 400);
    expect(failedIds(reused)).toEqual(['C2.2-01']);
  });

  // A pool of one connection holds the second submit until the first's answer is in, then sends
  // it on that same connection at once: on its way as much as on another connection.
  test('a code sent again 5 ms after its success, on the connection that success came back on or on another: on its way (C2.2-01)', () => {
    const exchange = (j: JournalBuilder, at: number, status: 200 | 400, connection: string) =>
      j.at(at).request({
        endpoint: 'token',
        method: 'POST',
        path: '/oauth/token',
        scheme: 'https',
        status,
        credentials: { secret_in: ['body'] },
        duration_ms: 5,
        connection,
        params: {
          code: fp('code'),
          redirect_uri: 'https://client.example/cb',
          grant_type: 'authorization_code',
        },
      });
    const sameConnection = new JournalBuilder('client-resend-same-connection');
    exchange(sameConnection, 0, 200, 'a:1');
    exchange(sameConnection, 10, 400, 'a:1');
    expect(standingOfId(sameConnection, 'C2.2-01')).toBe('passed');
    const otherConnection = new JournalBuilder('client-double-submit-two-connections');
    exchange(otherConnection, 0, 200, 'a:1');
    exchange(otherConnection, 10, 400, 'a:2');
    expect(standingOfId(otherConnection, 'C2.2-01')).toBe('passed');
  });

  test('crawls of one filter side by side whose server repeats its tokens stay apart (C4.4-03, C4.4-04)', () => {
    const j = new JournalBuilder('client-offset-parallel');
    const token = fp('shared-token');
    listing(j, 0, token, 'published', null, publishedPage(3, fp('offset-100')));
    listing(j, 1, token, 'published', null, publishedPage(3, fp('offset-100')));
    listing(j, 20, token, 'published', fp('offset-100'), publishedPage(3, null));
    listing(j, 21, token, 'published', fp('offset-100'), publishedPage(3, null));
    expect(failedIds(j)).toEqual([]);
    expect(standingOfId(j, 'C4.4-03')).toBe('passed');
  });
});

test.describe('crawls side by side whose server answers the same tokens in each', () => {
  test('one crawl ahead of the other, one refused RATE_LIMIT and sent again: each request stays with its crawl (C4.4-03, C4.4-04)', () => {
    const j = new JournalBuilder('client-crawls-apart');
    const token = fp('shared-token');
    listing(j, 0, token, 'published', null, publishedPage(3, fp('offset-10')));
    listing(j, 1, token, 'published', null, publishedPage(3, fp('offset-10')));
    listing(j, 20, token, 'published', fp('offset-10'), publishedPage(3, fp('offset-20')));
    listing(j, 40, token, 'published', fp('offset-20'), publishedPage(3, null));
    listing(j, 41, token, 'published', fp('offset-10'), RATE_LIMITED);
    listing(j, 1700, token, 'published', fp('offset-10'), publishedPage(3, fp('offset-20')));
    listing(j, 1720, token, 'published', fp('offset-20'), publishedPage(3, null));
    expect(failedIds(j)).toEqual([]);
    expect(standingOfId(j, 'C4.4-03')).toBe('passed');
  });
});

test.describe('the report card reads a refusal for what it says', () => {
  function catalogRequest(
    j: JournalBuilder,
    at: number,
    credentials: RequestRecord['credentials'],
    status: number,
  ) {
    return j.at(at).request({
      ...CATALOG,
      credentials,
      status,
      ...(status === 401 ? { reason: 'ACCESS_DENIED' } : {}),
    });
  }

  test('a token sent in the header to the catalog, refused for its missing body token: C4-01 alone, its valid token used after is no reuse (C7.3-03)', () => {
    const j = new JournalBuilder('client-header-catalog');
    const token = fp('valid-token');
    catalogRequest(j, 0, { bearer: token }, 401);
    catalogRequest(j, 1000, { body_token: token }, 200);
    expect(failedIds(j)).toEqual(['C4-01']);
    expect(standingOfId(j, 'C7.3-03')).toBe('not exercised');
  });

  test('a token refused where the endpoint reads it, then sent again: C7.3-03', () => {
    const j = new JournalBuilder('client-refused-token');
    const token = fp('revoked-token');
    catalogRequest(j, 0, { body_token: token }, 401);
    catalogRequest(j, 1000, { body_token: token }, 401);
    expect(failedIds(j)).toEqual(['C7.3-03']);
  });
});

test("a RATE_LIMIT answered to the browser's consent page is the user's to read: the client's token request just after is not held against it (C7.3-01)", () => {
  const j = new JournalBuilder('client-browser-blocked');
  j.at(0).request({
    endpoint: 'consent',
    method: 'POST',
    path: '/oauth/consent',
    scheme: 'https',
    status: 429,
    reason: 'RATE_LIMIT',
  });
  j.at(300).request({
    endpoint: 'token',
    method: 'POST',
    path: '/oauth/token',
    scheme: 'https',
    credentials: { secret_in: ['body'] },
    params: { code: fp('code'), redirect_uri: 'https://client.example/cb', grant_type: 'authorization_code' },
    status: 200,
  });
  expect(standingOfId(j, 'C7.3-01')).toBe('not exercised');
});

test('a page request the edge held, answered after its retry was served, is no re-fetch of that page, nor a crawl past its end (C4.4-04, C4.4-03)', () => {
  const j = new JournalBuilder('client-held-page');
  const token = fp('token');
  listing(j, 0, token, 'published', null, publishedPage(3, fp('page-2')));
  // The retry, sent when the client gave up on the held request at 3 s, is answered first.
  listing(j, 3020, token, 'published', fp('page-2'), publishedPage(3, null));
  j.at(10).listing(
    { bearer: token, fetch_size: 100, ads_status: 'published', page_token: fp('page-2'), duration_ms: 8000 },
    { edge: 'timeout' },
  );
  expect(failedIds(j)).toEqual([]);
});
