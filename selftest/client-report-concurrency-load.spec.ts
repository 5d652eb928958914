import { expect, test } from '@playwright/test';
import { gradeClient } from '../report-card/grade.js';
import type { RequestRecord } from '../spec/journal.js';
import { failedIds, standingOfId } from './support/card-standings.js';
import { fp, JournalBuilder, LISTING, START } from './broken-clients/journal-builder.js';

/**
 * A client that does several things at once, graded from a loaded sandbox's journal
 * (report-card/causality.ts): what the sandbox proves of a request already on its way when an
 * answer left (the connection it came on, accepted before; the sandbox's own lateness in between)
 * spares a correct client, and a mistaken one that goes on is still seen.
 */
/** A listing page request of one of the workers, refused 401 or served its last page. */
function listing(
  j: JournalBuilder,
  arrivedMs: number,
  token: string,
  filter: string,
  status: 401 | 200,
): RequestRecord {
  return j.at(arrivedMs).request({
    ...LISTING,
    login: 'dealer-a',
    credentials: { bearer: token },
    params: { fetch_size: 100, ads_status: filter, page_token: null },
    status,
    duration_ms: 5,
    ...(status === 200
      ? { answer: { items: 3, next_token: null, statuses: 'published' } }
      : { reason: 'ACCESS_DENIED' }),
  });
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
  const refused = listing(j, 0, old, 'published', 401);
  refused.connection = 'w:1';
  refused.loop_late_ms = { read: 1000, answered: 1000 };
  for (const other of others) {
    const record = listing(j, other.at, old, 'deleted', 401);
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
    listing(j, 1100 + worker, renewed, filter, 200),
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
  const token = fp('shared-token');
  const page = (
    at: number,
    connection: string,
    pageToken: string | null,
    status: 200 | 502,
    next: string | null,
    carried = token,
  ) =>
    j.at(at).request({
      ...LISTING,
      login: 'dealer-a',
      connection,
      credentials: { bearer: carried },
      params: { fetch_size: 10, ads_status: null, page_token: pageToken },
      status,
      duration_ms: 5,
      ...(status === 200
        ? { answer: { items: 10, next_token: next, statuses: 'published' } }
        : { decision: { profile: 'edge', fault: 'html-502' } }),
    });
  page(0, 'p:1', null, 200, fp('page-2'));
  page(2, 'p:2', null, 200, fp('page-2'));
  page(20, 'p:1', fp('page-2'), 502, null);
  if (other) page(45, 'p:1', fp('page-2'), 200, null);
  page(25 + retryAfterMs, 'p:2', fp('page-2'), 200, null, renewed ? fp('renewed-token') : token);
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
  const token = fp('shared-token');
  const page = (
    at: number,
    fetchSize: number,
    pageToken: string | null,
    next: string | null,
    carried = token,
  ) =>
    j.at(at).request({
      ...LISTING,
      login: 'dealer-a',
      credentials: { bearer: carried },
      params: { fetch_size: fetchSize, ads_status: null, page_token: pageToken },
      status: 200,
      duration_ms: 5,
      answer: { items: fetchSize, next_token: next, statuses: 'published' },
    });
  page(0, 10, null, fp('offset-10'));
  page(1, 10, null, fp('offset-10'));
  page(20, 10, fp('offset-10'), fp('offset-20'));
  page(40, 10, fp('offset-20'), fp('offset-20'));
  page(50, 10, fp('offset-10'), fp('offset-20'));
  page(70, 10, fp('offset-20'), null, renewed ? fp('renewed-token') : token);
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
  const token = fp('shared-token');
  const page = (
    at: number,
    connection: string,
    pageToken: string | null,
    next: string | null,
    status = 200,
  ) =>
    j.at(at).request({
      ...LISTING,
      login: 'dealer-a',
      connection,
      credentials: { bearer: token },
      params: { fetch_size: 10, ads_status: null, page_token: pageToken },
      status,
      duration_ms: 5,
      ...(status === 200
        ? { answer: { items: 10, next_token: next, statuses: 'published' } }
        : { decision: { profile: 'edge', fault: 'html-502' } }),
    });
  page(0, 'p:1', null, fp('page-p'));
  page(1, 'p:2', null, fp('page-q'));
  page(20, 'p:1', fp('page-p'), null, 502);
  page(22, 'p:2', fp('page-q'), fp('page-p'));
  page(425, 'p:2', fp('page-p'), null);
  // B's request for page P, on the connection A's 502 came back on, held by the edge's latency.
  j.at(30).request({
    ...LISTING,
    login: 'dealer-a',
    connection: 'p:1',
    credentials: { bearer: token },
    params: { fetch_size: 10, ads_status: null, page_token: fp('page-p') },
    status: 200,
    duration_ms: 600,
    answer: { items: 10, next_token: null, statuses: 'published' },
    decision: { profile: 'edge', fault: 'latency' },
  });
  expect(failedIds(j)).toEqual([]);
  expect(standingOfId(j, 'CFN-01')).toBe('passed');
});

test("crawl W's page reset by the edge; crawl X asks for the same page 190 ms on, its own next page (its page named it just before): no retry of W's (CFN-01); W retrying it 100 ms on is", () => {
  const journal = (wRetryAfterMs: number): JournalBuilder => {
    const j = new JournalBuilder('client-side-by-side-reset');
    const token = fp('shared-token');
    const page = (
      at: number,
      connection: string,
      pageToken: string | null,
      next: string | null,
      status = 200,
    ) =>
      j.at(at).request({
        endpoint: 'listing',
        method: 'GET',
        path: '/autoupload/v1/published',
        login: 'dealer-a',
        connection,
        credentials: { bearer: token },
        params: { fetch_size: 10, ads_status: 'published', page_token: pageToken },
        status,
        duration_ms: 1,
        ...(status === 200
          ? { answer: { items: 10, next_token: next, statuses: 'published' } }
          : { decision: { profile: 'edge', fault: status === 0 ? 'reset' : 'html-502' } }),
      });
    page(-10, 'p:13', null, fp('page-p'));
    page(-1, 'p:13', fp('page-p'), null, 0);
    page(180, 'p:4', null, fp('page-x'));
    page(188, 'p:14', fp('page-x'), fp('page-p'));
    page(190, 'p:4', fp('page-p'), null, 502);
    page(wRetryAfterMs, 'p:13', fp('page-p'), null);
    page(600, 'p:4', fp('page-p'), null);
    return j;
  };
  expect(failedIds(journal(400))).toEqual([]);
  expect(failedIds(journal(100))).toEqual(['CFN-01']);
});
