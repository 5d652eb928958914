import { expect, test } from '@playwright/test';
import { gradeClient } from '../report-card/grade.js';
import { failedIds, standingOfId } from './support/card-standings.js';
import {
  ACCESS_DENIED,
  EDGE_LATENCY,
  fp,
  JournalBuilder,
  type ListingMet,
  publishedPage,
  START,
} from './broken-clients/journal-builder.js';

/**
 * A client that does several things at once, graded from a loaded sandbox's journal
 * (report-card/causality.ts): what the sandbox proves of a request already on its way when an
 * answer left (the connection it came on, accepted before; the sandbox's own lateness in between)
 * spares a correct client, and a mistaken one that goes on is still seen.
 */
/** A worker's request for its filter's first page (fetch_size 100), placed when it arrived. */
function listing(j: JournalBuilder, arrivedMs: number, token: string, filter: string, met: ListingMet) {
  const ask = { bearer: token, fetch_size: 100, ads_status: filter, page_token: null, duration_ms: 5 };
  return j.at(arrivedMs).listing(ask, met);
}

/**
 * What the sandbox proves of a request on its way (causality.ts): workers sharing one token, the
 * first refused ACCESS_DENIED (its answer left at 5 ms). `others` are the other workers' requests
 * with the old token: when they arrived, the connection each came on (accepted at `opened` ms,
 * the request's `place` there) and how long the sandbox's loop ran late between the refusal leaving
 * and the request being read (`late`, ms; on one process, named by the connections). The client then
 * consents once anew and every worker goes on with the new token.
 */
interface OnItsWay {
  at: number;
  connection: string;
  opened?: number;
  place?: number;
  late?: number;
}

function reconsentUnderLoad(others: OnItsWay[]): JournalBuilder {
  const j = new JournalBuilder('client-reconsent-under-load');
  const old = fp('token-1');
  const at = (ms: number) => new Date(START + ms).toISOString();
  const refused = listing(j, 0, old, 'published', ACCESS_DENIED);
  refused.connection = 'w:1';
  refused.loop_late_ms = { read: 1000, answered: 1000 };
  for (const other of others) {
    const record = listing(j, other.at, old, 'deleted', ACCESS_DENIED);
    record.connection = other.connection;
    if (other.opened !== undefined) record.connection_opened_at = at(other.opened);
    if (other.place !== undefined) record.connection_request = other.place;
    if (other.late !== undefined)
      record.loop_late_ms = { read: 1000 + other.late, answered: 1000 + other.late };
  }
  const renewed = fp('token-2');
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
  ['published', 'deleted', 'refused'].forEach((filter, worker) =>
    listing(j, 1100 + worker, renewed, filter, publishedPage(3, null)),
  );
  return j;
}

test.describe('what the sandbox proves of a request on its way (C7.3-03 under load)', () => {
  test('the first requests on connections accepted before the refusal left, arriving 180 and 270 ms after it (TLS handshakes on a loaded machine): on their way, no reuse', () => {
    const j = reconsentUnderLoad([
      { at: 180, connection: 'w:2', opened: 2, place: 1 },
      { at: 270, connection: 'w:3', opened: 4, place: 1 },
    ]);
    expect(failedIds(j)).toEqual([]);
    expect(standingOfId(j, 'C7.3-03')).toBe('passed');
  });

  test("a request on another worker's connection read 300 ms after the refusal left, the sandbox's loop 250 ms late in between: on its way, no reuse", () => {
    const j = reconsentUnderLoad([{ at: 305, connection: 'w:2', opened: -500, place: 3, late: 250 }]);
    expect(failedIds(j)).toEqual([]);
    expect(standingOfId(j, 'C7.3-03')).toBe('passed');
  });

  // A bounded pool (Node's maxSockets, OkHttp's five a host, Python's pool_maxsize): a worker's
  // request waits for a free connection and goes out on the refusal's own one the moment its
  // answer is in, before the worker that sent the refused request has read it.
  test("a request queued in a bounded pool, sent on the refusal's own connection 1 ms after it left: on its way, no reuse", () => {
    const j = reconsentUnderLoad([{ at: 6, connection: 'w:1', opened: -500, place: 2 }]);
    expect(failedIds(j)).toEqual([]);
    expect(standingOfId(j, 'C7.3-03')).toBe('passed');
  });

  test('the first request on a connection accepted after the refusal left, 180 ms on: a reuse (C7.3-03 alone)', () => {
    expect(failedIds(reconsentUnderLoad([{ at: 180, connection: 'w:2', opened: 150, place: 1 }]))).toEqual([
      'C7.3-03',
    ]);
  });

  test('a worker that goes on sending the refused token, from a connection opened before the refusal left: its second use fails C7.3-03 alone', () => {
    const loop = Array.from({ length: 8 }, (_, attempt) => ({
      at: 150 + attempt * 60,
      connection: 'w:2',
      opened: 2,
      place: attempt + 1,
    }));
    const j = reconsentUnderLoad(loop);
    expect(failedIds(j)).toEqual(['C7.3-03']);
    const line = gradeClient(j.clientId, j.records).lines.find((one) => one.requirement.id === 'C7.3-03');
    const evidence = line?.verdict.outcome === 'failed' ? line.verdict.evidence : [];
    const reuse = evidence.at(-1);
    expect(reuse?.kind === 'request' ? reuse.connection_request : undefined).toBe(2);
  });

  test('a worker that goes on sending the refused token while the sandbox runs late half the time: its uses past the allowance and the lateness fail C7.3-03 alone', () => {
    const loop = Array.from({ length: 8 }, (_, attempt) => ({
      at: 150 + attempt * 60,
      connection: 'w:2',
      opened: -500,
      place: attempt + 2,
      late: (145 + attempt * 60) / 2,
    }));
    expect(failedIds(reconsentUnderLoad(loop))).toEqual(['C7.3-03']);
  });

  test("the sandbox's lateness is credited only between records of one process (a restart between them counts none)", () => {
    const j = reconsentUnderLoad([{ at: 305, connection: 'v:2', opened: -500, place: 3, late: 250 }]);
    expect(failedIds(j)).toEqual(['C7.3-03']);
  });
});

/**
 * Crawls of one filter side by side behind the edge, sharing one token and a pool of connections:
 * their requests are alike page for page. Crawl A's page 2 gets the edge's 502; crawl B asks for
 * the same page 20 ms after that answer left, on the connection it came back on (free again: its
 * own next page, no retry of A's); A retries `retryAfterMs` on, with the token it holds then
 * (`renewed`: the dealer consented anew meanwhile, one token for all workers). Without `other`,
 * crawl B has no page 2 to ask for.
 */
function sideBySideBehindTheEdge(retryAfterMs: number, renewed = false, other = true): JournalBuilder {
  const j = new JournalBuilder('client-side-by-side-edge');
  const ask = { bearer: fp('shared-token'), fetch_size: 10, duration_ms: 5 };
  const retrying = renewed ? fp('renewed-token') : ask.bearer;
  j.at(0).listing({ ...ask, connection: 'p:1', page_token: null }, publishedPage(10, fp('page-2')));
  j.at(2).listing({ ...ask, connection: 'p:2', page_token: null }, publishedPage(10, fp('page-2')));
  j.at(20).listing({ ...ask, connection: 'p:1', page_token: fp('page-2') }, { edge: 'html-502' });
  if (other)
    j.at(45).listing({ ...ask, connection: 'p:1', page_token: fp('page-2') }, publishedPage(10, null));
  j.at(25 + retryAfterMs).listing(
    { ...ask, bearer: retrying, connection: 'p:2', page_token: fp('page-2') },
    publishedPage(10, null),
  );
  return j;
}

test.describe('crawls of one filter side by side behind the edge (CFN-01, CFN-02)', () => {
  test("the other crawl's request for the same page, 20 ms after the edge's answer, is its own next page, no retry; the retry 400 ms on is", () => {
    const j = sideBySideBehindTheEdge(400);
    expect(failedIds(j)).toEqual([]);
    expect(standingOfId(j, 'CFN-01')).toBe('passed');
    expect(standingOfId(j, 'CFN-02')).toBe('passed');
  });

  test("the read retried with the dealer's renewed token is retried (CFN-02)", () => {
    const j = sideBySideBehindTheEdge(400, true, false);
    expect(failedIds(j)).toEqual([]);
    expect(standingOfId(j, 'CFN-02')).toBe('passed');
  });

  test('the crawl that met the edge retrying 100 ms on fails CFN-01 alone', () => {
    expect(failedIds(sideBySideBehindTheEdge(100))).toEqual(['CFN-01']);
  });
});

/**
 * Crawls of one filter side by side whose server answers a cycle: crawl A's page at offset 20
 * names itself and A stops there; crawl B asks for that page after, its own next page, with the
 * token it holds then (`renewed`: the dealer consented anew meanwhile).
 */
function sideBySideCycle(renewed: boolean): JournalBuilder {
  const j = new JournalBuilder('client-side-by-side-cycle');
  const ask = { bearer: fp('shared-token'), fetch_size: 10, duration_ms: 5 };
  j.at(0).listing({ ...ask, page_token: null }, publishedPage(10, fp('offset-10')));
  j.at(1).listing({ ...ask, page_token: null }, publishedPage(10, fp('offset-10')));
  j.at(20).listing({ ...ask, page_token: fp('offset-10') }, publishedPage(10, fp('offset-20')));
  j.at(40).listing({ ...ask, page_token: fp('offset-20') }, publishedPage(10, fp('offset-20')));
  j.at(50).listing({ ...ask, page_token: fp('offset-10') }, publishedPage(10, fp('offset-20')));
  j.at(70).listing(
    { ...ask, bearer: renewed ? fp('renewed-token') : ask.bearer, page_token: fp('offset-20') },
    publishedPage(10, null),
  );
  return j;
}

test.describe('crawls of one filter side by side whose server answers a cycle (C4.4-04)', () => {
  test("one crawl stops at the page naming itself; the other's request for that page after is its own next page", () => {
    const j = sideBySideCycle(false);
    expect(failedIds(j)).toEqual([]);
    expect(standingOfId(j, 'C4.4-04')).toBe('passed');
  });

  test("the other crawl's request for that page with the dealer's renewed token is its own next page too", () => {
    const j = sideBySideCycle(true);
    expect(failedIds(j)).toEqual([]);
    expect(standingOfId(j, 'C4.4-04')).toBe('passed');
  });
});

test("crawl A's retry journaled before crawl B's same page that arrived first (the edge delayed B's answer): each stays with its crawl (CFN-01)", () => {
  const j = new JournalBuilder('client-side-by-side-edge-latency');
  const ask = { bearer: fp('shared-token'), fetch_size: 10, duration_ms: 5 };
  j.at(0).listing({ ...ask, connection: 'p:1', page_token: null }, publishedPage(10, fp('page-p')));
  j.at(1).listing({ ...ask, connection: 'p:2', page_token: null }, publishedPage(10, fp('page-q')));
  j.at(20).listing({ ...ask, connection: 'p:1', page_token: fp('page-p') }, { edge: 'html-502' });
  j.at(22).listing({ ...ask, connection: 'p:2', page_token: fp('page-q') }, publishedPage(10, fp('page-p')));
  j.at(425).listing({ ...ask, connection: 'p:2', page_token: fp('page-p') }, publishedPage(10, null));
  // B's request for page P, on the connection A's 502 came back on, held by the edge's latency.
  j.at(30).listing(
    { ...ask, connection: 'p:1', page_token: fp('page-p'), duration_ms: 600 },
    { ...publishedPage(10, null), decision: EDGE_LATENCY },
  );
  expect(failedIds(j)).toEqual([]);
  expect(standingOfId(j, 'CFN-01')).toBe('passed');
});

test("crawl W's page reset by the edge; crawl X asks for the same page 190 ms on, its own next page (its page named it just before): no retry of W's (CFN-01); W retrying it 100 ms on is", () => {
  const journal = (wRetryAfterMs: number): JournalBuilder => {
    const j = new JournalBuilder('client-side-by-side-reset');
    const ask = { bearer: fp('shared-token'), fetch_size: 10, ads_status: 'published', duration_ms: 1 };
    j.at(-10).listing({ ...ask, connection: 'p:13', page_token: null }, publishedPage(10, fp('page-p')));
    j.at(-1).listing({ ...ask, connection: 'p:13', page_token: fp('page-p') }, { edge: 'reset' });
    j.at(180).listing({ ...ask, connection: 'p:4', page_token: null }, publishedPage(10, fp('page-x')));
    j.at(188).listing(
      { ...ask, connection: 'p:14', page_token: fp('page-x') },
      publishedPage(10, fp('page-p')),
    );
    j.at(190).listing({ ...ask, connection: 'p:4', page_token: fp('page-p') }, { edge: 'html-502' });
    j.at(wRetryAfterMs).listing(
      { ...ask, connection: 'p:13', page_token: fp('page-p') },
      publishedPage(10, null),
    );
    j.at(600).listing({ ...ask, connection: 'p:4', page_token: fp('page-p') }, publishedPage(10, null));
    return j;
  };
  expect(failedIds(journal(400))).toEqual([]);
  expect(failedIds(journal(100))).toEqual(['CFN-01']);
});
