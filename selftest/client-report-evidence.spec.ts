import { expect, test } from '@playwright/test';
import { gradeClient } from '../report-card/grade.js';
import type { RequestRecord } from '../spec/journal.js';
import { redemptionForm } from '../helpers/clients/oauth-client.js';
import { startSandbox, type StartedSandbox } from '../sandbox/start.js';
import { failedIds, standingOfId } from './support/card-standings.js';
import { readFileSync } from 'node:fs';
import { Agent } from 'undici';
import { actors, send } from './support/hostile.js';
import { approvedCode } from './support/token-flow.js';
import { fp, JournalBuilder, START } from './broken-clients/journal-builder.js';

/**
 * A mistake made once, right after the answer, is seen when what the sandbox saw ties the request
 * to the answer (report-card/causality.ts reactionTo): the next request on the answer's keep-alive
 * connection, or the first on a connection opened after the answer left, while the client had one
 * request at a time. Each case has its correct twin, which must stay clean: a request pipelined
 * behind the answer, one on a connection opened before the answer left, one of a client with
 * several requests in flight (a parallel worker's, whose request crossed the answer).
 */

/** Where a request came, as the sandbox journals it: the connection, its place, and the order of events. */
interface Arrival {
  connection: string;
  place: number;
  /** When the sandbox accepted the connection, ms after the start. */
  openedMs: number;
  /** False: pipelined behind an answer not yet written. */
  answeredBefore?: boolean;
}

class EvidenceJournal extends JournalBuilder {
  /** A request arriving at `ms`, on `arrival`, with its order of events (read, then answered, in microseconds). */
  arrive(ms: number, arrival: Arrival, fields: Parameters<JournalBuilder['request']>[0]): RequestRecord {
    const read = ms * 1000 + 1;
    return this.at(ms).request({
      ...fields,
      connection: `p0:${arrival.connection}`,
      connection_request: arrival.place,
      connection_opened_at: new Date(START + arrival.openedMs).toISOString(),
      connection_answered_before: arrival.answeredBefore ?? true,
      order: { read, answered: (ms + (fields.duration_ms ?? 5)) * 1000 },
    });
  }
}

function exchange(j: EvidenceJournal, ms: number, arrival: Arrival, status: 200 | 400): RequestRecord {
  return j.arrive(ms, arrival, {
    endpoint: 'token',
    method: 'POST',
    path: '/oauth/token',
    scheme: 'https',
    status,
    ...(status === 400 ? { reason: 'invalid_grant' } : {}),
    credentials: { secret_in: ['body'] },
    duration_ms: 5,
    params: { code: fp('code'), redirect_uri: 'https://client.example/cb', grant_type: 'authorization_code' },
  });
}

function importAds(j: EvidenceJournal, ms: number, arrival: Arrival, refused: boolean): RequestRecord {
  return j.arrive(ms, arrival, {
    endpoint: 'import',
    method: 'PUT',
    path: '/autoupload/import',
    credentials: { body_token: fp('dealer-token') },
    params: { ads: 1, catalog_ids: 'vehicle_brand:5,vehicle_model:123' },
    status: 200,
    duration_ms: 5,
    answer: refused
      ? { statusCode: -4, refused_catalog_ids: 'vehicle_model:123' }
      : { statusCode: 0, import_token: fp('import') },
  });
}

function carBrands(j: EvidenceJournal, ms: number, arrival: Arrival, edge: boolean): RequestRecord {
  return j.arrive(ms, arrival, {
    endpoint: 'catalog',
    method: 'POST',
    path: '/autoupload/car_info',
    credentials: { body_token: fp('dealer-token') },
    status: edge ? 503 : 200,
    duration_ms: 5,
    ...(edge ? { decision: { profile: 'edge', fault: 'html-503' } } : {}),
  });
}

const FIRST = { connection: '1', place: 1, openedMs: -50 };
const NEXT_ON_IT = { connection: '1', place: 2, openedMs: -50 };

function whyOf(j: JournalBuilder, id: string): string {
  const line = gradeClient(j.clientId, j.records).lines.find((found) => found.requirement.id === id);
  return line?.verdict.outcome === 'failed' ? line.verdict.why : '';
}

test.describe('one mistake, once, right after the answer, is seen on evidence (report-card/causality.ts)', () => {
  test('a code sent again 3 ms after its success, on the same keep-alive connection, fails C2.2-01 on that evidence', () => {
    const j = new EvidenceJournal('client-resend-at-once');
    exchange(j, 0, FIRST, 200);
    exchange(j, 8, NEXT_ON_IT, 400);
    expect(failedIds(j)).toEqual(['C2.2-01']);
    expect(whyOf(j, 'C2.2-01')).toContain('the same connection');
  });

  test('twin: the same code pipelined behind the answer (read before it was written) is no reaction (C2.2-01)', () => {
    const j = new EvidenceJournal('client-pipelined');
    exchange(j, 0, FIRST, 200);
    exchange(j, 8, { ...NEXT_ON_IT, answeredBefore: false }, 400);
    expect(standingOfId(j, 'C2.2-01')).toBe('passed');
  });

  test("twin: with another of the client's requests in flight, a pool may hand the connection to that worker: time alone decides (C2.2-01)", () => {
    const j = new EvidenceJournal('client-parallel-pool');
    exchange(j, 0, FIRST, 200);
    // Another worker's exchange of another code, unanswered while the first came back.
    j.arrive(
      2,
      { connection: '2', place: 1, openedMs: -50 },
      {
        endpoint: 'token',
        method: 'POST',
        path: '/oauth/token',
        scheme: 'https',
        status: 200,
        credentials: { secret_in: ['body'] },
        duration_ms: 30,
        params: {
          code: fp('other-code'),
          redirect_uri: 'https://client.example/cb',
          grant_type: 'authorization_code',
        },
      },
    );
    exchange(j, 8, NEXT_ON_IT, 400);
    expect(standingOfId(j, 'C2.2-01')).toBe('passed');
  });

  test("twin: workers taking turns on connections of their own (never two requests in flight, two connections open): a denied token's reuse 29 ms later is on its way (C7.3-03)", () => {
    const j = new EvidenceJournal('client-workers-in-turn');
    const page = (ms: number, arrival: Arrival, denied: boolean) =>
      j.arrive(ms, arrival, {
        endpoint: 'listing',
        method: 'GET',
        path: '/autoupload/v1/published',
        credentials: { bearer: fp('shared-token') },
        params: { fetch_size: 10, ads_status: null, page_token: null },
        status: denied ? 401 : 200,
        ...(denied ? { reason: 'ACCESS_DENIED' } : { answer: { items: 0, next_token: null } }),
        duration_ms: 2,
      });
    page(0, { connection: '5', place: 1, openedMs: -2 }, false);
    page(60, { connection: '6', place: 1, openedMs: 0 }, false);
    page(270, { connection: '6', place: 2, openedMs: 0 }, true);
    page(299, { connection: '12', place: 1, openedMs: 280 }, true);
    expect(standingOfId(j, 'C7.3-03')).toBe('passed');
  });

  test('a refused catalog id imported again 12 ms later, on a connection opened after the refusal, fails C2.6-01 on that evidence', () => {
    const j = new EvidenceJournal('client-stale-id-at-once');
    importAds(j, 0, FIRST, true);
    importAds(j, 12, { connection: '2', place: 1, openedMs: 10 }, true);
    expect(failedIds(j)).toEqual(['C2.6-01']);
    expect(whyOf(j, 'C2.6-01')).toContain('a new connection');
  });

  test('twin: an import on a connection accepted before the refusal left was on its way (C2.6-01)', () => {
    const j = new EvidenceJournal('client-parallel-batch');
    importAds(j, 0, FIRST, true);
    importAds(j, 12, { connection: '2', place: 1, openedMs: 3 }, true);
    expect(standingOfId(j, 'C2.6-01')).toBe('passed');
  });

  test('twin: a connection accepted within a millisecond of the refusal may be a worker that crossed it (C2.6-01)', () => {
    const j = new EvidenceJournal('client-crossing-batch');
    importAds(j, 0, FIRST, true);
    importAds(j, 7, { connection: '2', place: 1, openedMs: 6 }, true);
    expect(standingOfId(j, 'C2.6-01')).toBe('passed');
  });

  test("an edge's answer retried 5 ms after it, on the same connection, fails CFN-01 on that evidence", () => {
    const j = new EvidenceJournal('client-edge-at-once');
    carBrands(j, 0, FIRST, true);
    carBrands(j, 10, NEXT_ON_IT, false);
    expect(failedIds(j)).toEqual(['CFN-01']);
    expect(whyOf(j, 'CFN-01')).toContain('the same connection');
  });

  test("twin: a retry 300 ms after the edge's answer, on the same connection, passes CFN-01", () => {
    const j = new EvidenceJournal('client-edge-patient');
    carBrands(j, 0, FIRST, true);
    carBrands(j, 305, NEXT_ON_IT, false);
    expect(standingOfId(j, 'CFN-01')).toBe('passed');
  });

  test('without connection facts (another sandbox, an older journal) the card falls back on time alone and says so', () => {
    const j = new JournalBuilder('client-no-facts');
    const plain = (ms: number, status: 200 | 400) =>
      j.at(ms).request({
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
    plain(0, 200);
    plain(8, 400);
    expect(standingOfId(j, 'C2.2-01')).toBe('passed');
    plain(400, 400);
    expect(whyOf(j, 'C2.2-01')).toContain('time alone');
  });
});

test.describe('a real client against the sandbox: a code sent again at once after its success', () => {
  let sandbox: StartedSandbox;
  test.beforeAll(async () => {
    sandbox = await startSandbox({});
  });
  test.afterAll(async () => {
    await sandbox.close();
  });

  async function cardAfterResend(closeEach: boolean): Promise<string> {
    const actor = actors(sandbox);
    const { browser, code } = await approvedCode(sandbox, actor, 'autoupload');
    // One keep-alive connection (a pool of one, as a sequential client's), or a new one each request.
    const agent = new Agent({ connections: 1, connect: { ca: readFileSync(sandbox.caFile, 'utf8') } });
    const form = new URLSearchParams(
      Object.fromEntries(
        redemptionForm({
          code,
          redirectUri: actor.redirectUri,
          clientId: actor.clientId,
          clientSecret: actor.secret,
        }),
      ),
    ).toString();
    const headers = {
      'content-type': 'application/x-www-form-urlencoded',
      ...(closeEach ? { connection: 'close' } : {}),
    };
    const first = await send(agent, `${sandbox.authUrl}/oauth/token`, {
      method: 'POST',
      headers,
      body: form,
    });
    expect(first.status, 'set-up: the first exchange').toBe(200);
    await send(agent, `${sandbox.authUrl}/oauth/token`, { method: 'POST', headers, body: form });
    const { records } = sandbox.state.journal.read({ clientId: actor.clientId });
    const line = gradeClient(actor.clientId, records).lines.find(
      (found) => found.requirement.id === 'C2.2-01',
    );
    await Promise.all([browser.agent.close(), agent.close()]);
    return line?.verdict.outcome === 'failed' ? line.verdict.why : (line?.verdict.outcome ?? 'absent');
  }

  test('on one keep-alive connection: C2.2-01 failed, on the same connection', async () => {
    expect(await cardAfterResend(false)).toContain('the same connection');
  });

  test('a new connection each request: C2.2-01 failed on the new connection, or on time alone when the machine is that fast', async () => {
    expect(await cardAfterResend(true)).toMatch(/a new connection|time alone|passed/);
  });
});
