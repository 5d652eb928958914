import { expect, test } from '@playwright/test';
import { gradeClient, standingOf } from '../report-card/grade.js';
import type { RequestRecord } from '../spec/journal.js';
import { fp, JournalBuilder, RATE_LIMITED } from './broken-clients/journal-builder.js';

/**
 * The graders read the facts the sandbox's chaos writes in its own shapes (sandbox/journal/facts.ts):
 * absent parameters as null, a status outside section 3 as the fault `other-status`, a renumbering
 * as `catalog-renumbered` on an import refused -4 whose catalog ids are plain ids, an edge as
 * `html-503`, an authorization refused for its redirect_uri as a 400 page without reason.
 */
function standingsOf(j: JournalBuilder): Record<string, string> {
  const card = gradeClient(j.clientId, j.records);
  return Object.fromEntries(card.lines.map((line) => [line.requirement.id, standingOf(line)]));
}

const STATUSES = { profile: 'statuses', fault: 'other-status' };
const RENUMBERED = { profile: 'catalog-renumber', fault: 'catalog-renumbered' };
/** The listing's asker: the token, and the user the builder writes on every other record of these journals. */
const TOKEN_HOLDER = { bearer: fp('token'), login: 'user_reportcard' };

function listed(j: JournalBuilder, pageToken: string | null, next: string | null, other = false): void {
  j.wait(1000).listing(
    { ...TOKEN_HOLDER, page_token: pageToken },
    { page: { items: 3, next_token: next }, ...(other ? { decision: STATUSES } : {}) },
  );
}

/** A listing page refused RATE_LIMIT; its answer takes `durationMs` (the builder's default when not said). */
function rateLimited(j: JournalBuilder, pageToken: string, durationMs?: number): void {
  j.listing(
    {
      ...TOKEN_HOLDER,
      page_token: pageToken,
      ...(durationMs === undefined ? {} : { duration_ms: durationMs }),
    },
    RATE_LIMITED,
  );
}

function imported(j: JournalBuilder, catalogIds: string, statusCode: number): RequestRecord {
  return j.wait(1000).request({
    endpoint: 'import',
    method: 'PUT',
    path: '/autoupload/import',
    credentials: { body_token: fp('token') },
    params: { ad_count: 1, ad_ids: 'car-1', catalog_ids: catalogIds },
    status: 200,
    answer:
      statusCode === 0 ? { statusCode, import_token: fp('import') } : { statusCode, refused_ids: 'car-1' },
    decision: RENUMBERED,
  });
}

test.describe("the report card reads the chaos journal's own facts", () => {
  test('a page with a status of another set ends a crawl: C3-01 alone; null parameters are absent ones', () => {
    const j = new JournalBuilder('client-chaos');
    listed(j, null, fp('p2'));
    listed(j, fp('p2'), fp('p3'), true);
    const standings = standingsOf(j);
    expect(standings['C3-01']).toBe('failed');
    expect(standings['C4.4-02']).toBe('passed');
    expect(standings['C4.4-05']).toBe('passed');
    listed(j, fp('p3'), null);
    expect(standingsOf(j)['C3-01']).toBe('passed');
  });

  test('a renumbering: the same plain catalog id refused twice fails C2.6-01, refreshed ids pass', () => {
    const kept = new JournalBuilder('client-kept');
    imported(kept, '5,123', -4);
    imported(kept, '5,123', -4);
    expect(standingsOf(kept)['C2.6-01']).toBe('failed');
    const refreshed = new JournalBuilder('client-refreshed');
    imported(refreshed, '5,123', -4);
    imported(refreshed, '1000005,1000123', 0);
    expect(standingsOf(refreshed)['C2.6-01']).toBe('passed');
  });

  test('an import already on its way when another was refused is not held against the client (C2.6-01)', () => {
    const j = new JournalBuilder('client-parallel-imports');
    const first = imported(j, '5,123', -4);
    const parallel = imported(j, '5,123', -4);
    // The second batch left 2 ms after the first, before the first's refusal came back.
    parallel.at = new Date(Date.parse(first.at) + 2).toISOString();
    expect(Date.parse(parallel.at)).toBeLessThan(Date.parse(first.at) + first.duration_ms);
    expect(standingsOf(j)['C2.6-01']).toBe('passed');
    imported(j, '5,123', -4);
    expect(standingsOf(j)['C2.6-01']).toBe('failed');
  });

  test('a 400 page at the authorization endpoint, an edge retried too soon, an other-status delivery refused', () => {
    const j = new JournalBuilder('client-pages');
    j.request({
      endpoint: 'authorize',
      method: 'GET',
      path: '/oauth',
      scheme: 'https',
      params: { redirect_uri: 'https://elsewhere.example/cb', scope: 'autoupload', state_present: true },
      status: 400,
    });
    const edge = { profile: 'edge', fault: 'html-503' };
    j.request({
      endpoint: 'catalog',
      method: 'POST',
      path: '/autoupload/car_info',
      credentials: { body_token: fp('token') },
      status: 503,
      decision: edge,
    });
    j.wait(150).request({
      endpoint: 'catalog',
      method: 'POST',
      path: '/autoupload/car_info',
      credentials: { body_token: fp('token') },
      status: 200,
      decision: { profile: 'edge', fault: 'latency' },
    });
    j.delivery({ status_sent: 'sold', outcome: 'failed', http_status: 500, decision: STATUSES });
    const standings = standingsOf(j);
    expect([standings['C4.1-01'], standings['CFN-01'], standings['C3-02'], standings['C6-01']]).toEqual([
      'failed',
      'failed',
      'failed',
      'not exercised',
    ]);
  });

  test("a retry's first attempt, whose answer chaos lost, is not the receiver's: C6-03 grades the attempts after it", () => {
    const retry = { profile: 'deliveries', fault: 'retry' };
    const lost = {
      status_sent: 'published',
      attempt: 1,
      outcome: 'failed',
      http_status: 502,
      decision: retry,
    } as const;
    const answered = new JournalBuilder('client-retry');
    answered.delivery(lost);
    answered.wait(100).delivery({
      status_sent: 'published',
      attempt: 2,
      outcome: 'delivered',
      http_status: 204,
      decision: retry,
    });
    expect(standingsOf(answered)['C6-03']).toBe('passed');
    const refused = new JournalBuilder('client-retry-refused');
    refused.delivery(lost);
    refused.wait(100).delivery({
      status_sent: 'published',
      attempt: 2,
      outcome: 'refused',
      http_status: 409,
      decision: retry,
    });
    expect(standingsOf(refused)['C6-03']).toBe('failed');
  });

  test('the genuine delivery beside a forged copy is a valid one: answered 2xx it passes, the copy answered 2xx fails C6-02', () => {
    const genuine = { profile: 'deliveries', fault: 'forged', detail: 'the genuine one' };
    const copy = { profile: 'deliveries', fault: 'forged', detail: 'the forged copy (a wrong token)' };
    const refusing = new JournalBuilder('client-forged');
    refusing.delivery({
      status_sent: 'published',
      outcome: 'delivered',
      http_status: 204,
      decision: genuine,
    });
    refusing.delivery({ status_sent: 'published', outcome: 'refused', http_status: 403, decision: copy });
    expect([standingsOf(refusing)['C6-01'], standingsOf(refusing)['C6-02']]).toEqual(['passed', 'passed']);
    const accepting = new JournalBuilder('client-forged-accepted');
    accepting.delivery({
      status_sent: 'published',
      outcome: 'delivered',
      http_status: 204,
      decision: genuine,
    });
    accepting.delivery({ status_sent: 'published', outcome: 'delivered', http_status: 204, decision: copy });
    expect([standingsOf(accepting)['C6-01'], standingsOf(accepting)['C6-02']]).toEqual(['passed', 'failed']);
  });
  test('a request answered just before a RATE_LIMIT answer, in the same millisecond, was on its way: C7.3-01 passes', () => {
    const j = new JournalBuilder('client-concurrent');
    listed(j, null, fp('page-2'));
    // The import went out beside the crawl: answered first (the lower seq), started the same millisecond.
    j.wait(1000).request({
      endpoint: 'import',
      method: 'PUT',
      path: '/autoupload/import',
      credentials: { body_token: fp('token') },
      params: { ad_count: 1, ad_ids: 'car-1', catalog_ids: 'c1' },
      status: 200,
      answer: { statusCode: 0, import_token: fp('import') },
      duration_ms: 0,
    });
    rateLimited(j, fp('page-2'), 0);
    j.wait(1500);
    listed(j, fp('page-2'), null);
    expect(standingsOf(j)['C7.3-01']).toBe('passed');
  });

  test("the browser's own resend of a page the edge left unanswered is not the client's: CFN-01 grades the client's requests", () => {
    const timedOut = { profile: 'edge', fault: 'timeout' };
    const consent = { endpoint: 'consent', method: 'POST', path: '/oauth/consent', scheme: 'https' } as const;
    const browser = new JournalBuilder('client-browser');
    browser.request({ ...consent, status: 0, duration_ms: 8000, decision: timedOut });
    browser.wait(4).request({ ...consent, status: 302 });
    expect(standingsOf(browser)['CFN-01']).toBe('not exercised');
    const token = { endpoint: 'token', method: 'POST', path: '/oauth/token', scheme: 'https' } as const;
    const client = new JournalBuilder('client-resends');
    client.request({ ...token, status: 0, duration_ms: 8000, decision: timedOut });
    client.wait(150).request({ ...token, status: 200 });
    expect(standingsOf(client)['CFN-01']).toBe('failed');
  });

  test("the browser's page fetched within a RATE_LIMIT block is the user's, not the client's: C7.3-01 grades the client's next request", () => {
    const j = new JournalBuilder('client-user-browsing');
    listed(j, null, fp('page-2'));
    rateLimited(j.wait(1000), fp('page-2'));
    j.wait(10).request({
      endpoint: 'authorize',
      method: 'GET',
      path: '/oauth',
      scheme: 'https',
      status: 200,
    });
    j.wait(1500);
    listed(j, fp('page-2'), null);
    expect(standingsOf(j)['C7.3-01']).toBe('passed');
  });

  test("the next import batch sent just after an edge's answer is another request, not a retry: CFN-01 holds only the same batch against the client", () => {
    const edge = { profile: 'edge', fault: 'html-502' };
    const batch = (j: JournalBuilder, adIds: string, status: number) =>
      j.request({
        endpoint: 'import',
        method: 'PUT',
        path: '/autoupload/import',
        credentials: { body_token: fp('token') },
        params: { ad_count: 1, ad_ids: adIds, catalog_ids: 'c1' },
        status,
        ...(status === 502 ? { decision: edge } : { answer: { statusCode: 0, import_token: fp(adIds) } }),
      });
    const parallel = new JournalBuilder('client-batches');
    batch(parallel, 'car-1', 502);
    batch(parallel.wait(5), 'car-2', 200);
    batch(parallel.wait(400), 'car-1', 200);
    expect(standingsOf(parallel)['CFN-01']).toBe('passed');
    const storming = new JournalBuilder('client-same-batch');
    batch(storming, 'car-1', 502);
    batch(storming.wait(150), 'car-1', 200);
    expect(standingsOf(storming)['CFN-01']).toBe('failed');
  });
});
