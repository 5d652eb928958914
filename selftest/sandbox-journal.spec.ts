import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { Journal } from '../sandbox/journal/journal.js';
import { listingPageFacts } from '../sandbox/journal/listing-facts.js';
import type { JournalRecord } from '../spec/journal.js';
import {
  CONTROL_KEY,
  deliveriesOf,
  eventually,
  requestsOf,
  startChaosSandbox,
  REDIRECT_URI,
  TokenCheckingReceiver,
  type Actor,
  type ChaosSandbox,
} from './support/chaos-sandbox.js';
import { patient } from '../helpers/target/patience.js';

/**
 * The sandbox's journal (spec/journal.ts, docs/sandbox-chaos.md): an integrator's flow, listing
 * crawl and delivery, each request and delivery journaled with who made it, none of the test
 * helpers' own, no secret in any encoding, the control API's filters, and the bound per client.
 */

/** The forms a secret could take in a JSON text: as is, URL-encoded, base64 and base64url. */
function encodings(secret: string): string[] {
  const utf8 = Buffer.from(secret, 'utf8');
  return [secret, encodeURIComponent(secret), utf8.toString('base64'), utf8.toString('base64url')];
}

const NOTIFICATION_TOKEN = 'ntk-journal-selftest-notification-token-42';

/** An integrator's day: a flow (its code kept), basic info, a crawl, a subscription, one delivery. */
async function integratorDay(
  box: ChaosSandbox,
  receiver: TokenCheckingReceiver,
): Promise<{ actor: Actor; records: JournalRecord[]; secrets: string[] }> {
  const actor = box.actor(25);
  const bystander = box.actor(3);
  const code = await actor.client.authorize(actor.clientId, REDIRECT_URI, actor.login, actor.password);
  const token = await actor.client.token(actor.clientId, actor.secret, REDIRECT_URI, code);
  const otherToken = await box.signIn(bystander);
  expect((await actor.client.userInfo(token)).status).toBe(200);
  const crawl = await actor.client.crawl(token, 10);
  expect(crawl.pages).toEqual([10, 10, 5]);
  await bystander.client.crawl(otherToken, 10);
  const subscribed = await actor.client.subscribe(token, await receiver.start(), NOTIFICATION_TOKEN);
  expect(subscribed.status).toBe(201);
  await box.changeStatus(actor.login, 'ad-3', 'deleted');
  const { records } = await eventually(
    'the delivery journaled',
    () => box.journal({ client_id: actor.clientId }),
    (answer) => deliveriesOf(answer.records).some((record) => record.outcome === 'delivered'),
  );
  const secrets = [actor.secret, actor.password, token, otherToken, bystander.secret, bystander.password];
  return { actor, records, secrets: [...secrets, CONTROL_KEY, NOTIFICATION_TOKEN, code, ...crawl.tokens] };
}

function expectJournaled(records: readonly JournalRecord[], actor: Actor): void {
  const requests = requestsOf(records);
  expect(requests.map((record) => record.endpoint)).toEqual([
    ...['authorize', 'login', 'consent', 'token', 'basic_user_info'],
    ...['listing', 'listing', 'listing', 'notification'],
  ]);
  expect(requests.every((record) => record.client_id === actor.clientId)).toBe(true);
  expect(requests.slice(3).every((record) => record.status < 300)).toBe(true);
  expect(requests.some((record) => record.path.includes('test_helpers'))).toBe(false);
  // A grader follows the fingerprints: each page_token is the next_token answered before, the
  // code exchanged is the one the consent issued, the token used is the one issued.
  const listings = requests.filter((record) => record.endpoint === 'listing');
  expect(listings[1]?.params?.page_token).toBe(listings[0]?.answer?.next_token);
  expect(listings[2]?.params?.page_token).toBe(listings[1]?.answer?.next_token);
  expect(listings[2]?.answer).toMatchObject({ items: 5, next_token: null });
  expect(requests[3]?.params?.code).toBe(requests[2]?.answer?.code);
  expect(requests[4]?.credentials.body_token).toBe(requests[3]?.answer?.token);
  expect(requests[5]?.credentials.bearer).toBe(requests[3]?.answer?.token);
  expect(requests[8]?.answer?.configuration_id).toBe(deliveriesOf(records)[0]?.configuration_id);
  expect(deliveriesOf(records)[0]?.duration_ms).toEqual(expect.any(Number));
  expect(deliveriesOf(records)[0]).toMatchObject({
    ...{ login: actor.login, ad_id: 'ad-3', status_sent: 'deleted' },
    ...{ attempt: 1, outcome: 'delivered', http_status: 200 },
  });
}

function expectNoSecret(text: string, where: string, secrets: readonly string[]): void {
  expect(secrets.length).toBeGreaterThan(10);
  for (const secret of secrets.flatMap(encodings))
    expect(text.includes(secret), `a secret in ${where}`).toBe(false);
}

test.describe('the journal records what a client did, and no secret', () => {
  test('a flow, a listing crawl and a delivery are journaled; helpers are not; no secret in the answer or the file', async () => {
    test.setTimeout(patient(60_000));
    const folder = mkdtempSync(join(tmpdir(), 'journal-selftest-'));
    const journalFile = join(folder, 'journal.jsonl');
    const box = await startChaosSandbox({ journalFile });
    const receiver = new TokenCheckingReceiver(NOTIFICATION_TOKEN);
    try {
      const day = await integratorDay(box, receiver);
      expectJournaled(day.records, day.actor);
      const answer = await box.journal();
      await receiver.close();
      await box.close();
      const fileText = readFileSync(journalFile, 'utf8');
      expectNoSecret(JSON.stringify(answer), 'the control API answer', day.secrets);
      expectNoSecret(fileText, 'the journal file', day.secrets);
      // The file holds the same records, one JSON line each; the flow's pages, claimed-only when
      // they came, are written again with their client once the code they issued was exchanged.
      const lines = fileText.trim().split('\n');
      const proven = lines
        .map((line) => JSON.parse(line) as JournalRecord)
        .filter((record) => record.client_id !== null || record.kind === 'delivery')
        .sort((a, b) => a.seq - b.seq);
      expect(proven.map((record) => record.seq)).toEqual(answer.records.map((record) => record.seq));
      const claimedFirst = lines.slice(0, 3).map((line) => JSON.parse(line) as JournalRecord);
      expect(
        claimedFirst.map((record) => [
          record.client_id,
          record.kind === 'request' && record.claimed_client_id,
        ]),
      ).toEqual([
        [null, day.actor.clientId],
        [null, day.actor.clientId],
        [null, day.actor.clientId],
      ]);
    } finally {
      await receiver.close();
      await box.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });

  test('the control API filters by client, endpoint and time, and refuses an unknown endpoint', async () => {
    const box = await startChaosSandbox();
    try {
      const first = box.actor(5);
      const second = box.actor(5);
      const firstToken = await box.signIn(first);
      await new Promise((resolve) => setTimeout(resolve, 20));
      const beforeSecond = new Date().toISOString();
      await new Promise((resolve) => setTimeout(resolve, 20));
      const secondToken = await box.signIn(second);
      await first.client.crawl(firstToken, 2);
      await second.client.crawl(secondToken, 5);
      const firstListings = await box.journal({ client_id: first.clientId, endpoint: 'listing' });
      expect(firstListings.records.length).toBe(3);
      const all = await box.journal({ endpoint: 'listing' });
      expect(all.records.length).toBe(4);
      const since = await box.journal({ since: beforeSecond, endpoint: 'token' });
      expect(requestsOf(since.records).map((record) => record.client_id)).toEqual([second.clientId]);
      const until = await box.journal({ until: beforeSecond, endpoint: 'token' });
      expect(requestsOf(until.records).map((record) => record.client_id)).toEqual([first.clientId]);
      const none = await box.journal({ client_id: 'nobody' });
      expect(none.records).toEqual([]);
      const bad = await fetch(`${box.sandbox.controlUrl}/test_helpers/v1/journal?endpoint=nope`, {
        headers: { 'x-sandbox-key': CONTROL_KEY },
      });
      expect(bad.status).toBe(400);
      const keyless = await fetch(`${box.sandbox.controlUrl}/test_helpers/v1/journal`);
      expect(keyless.status).toBe(401);
    } finally {
      await box.close();
    }
  });

  test('each client has a bounded ring; what it drops is counted, another client keeps its records', () => {
    const journal = new Journal(true, null, { ringSize: 5 });
    const request = (clientId: string) => ({
      kind: 'request' as const,
      client_id: clientId,
      login: null,
      endpoint: 'listing' as const,
      method: 'GET',
      path: '/autoupload/v1/published',
      scheme: 'http' as const,
      query: {},
      credentials: {},
      status: 200,
      duration_ms: 1,
    });
    journal.add(request('quiet'));
    for (let index = 0; index < 8; index += 1) journal.add(request('busy'));
    const busy = journal.read({ clientId: 'busy' });
    expect(busy.records.map((record) => record.seq)).toEqual([5, 6, 7, 8, 9]);
    expect(busy.dropped).toBe(3);
    expect(journal.read({ clientId: 'quiet' }).records.map((record) => record.seq)).toEqual([1]);
    // Claimed-only records share one ring of their own: made-up ids cannot multiply the rings,
    // and no client's filter reads them.
    for (let index = 0; index < 7; index += 1) journal.add(request(`made-up-${index}`), null);
    expect(journal.read({ clientId: 'made-up-6' }).records).toEqual([]);
    expect(journal.read({ clientId: 'busy' }).records.map((record) => record.seq)).toEqual([5, 6, 7, 8, 9]);
    expect(journal.read().dropped).toBe(5);
  });
});

test.describe('the journal reads a large listing page without parsing it whole', () => {
  test('the item count and next_token read agree with a full parse, whatever the items hold', () => {
    const awkward = [
      'plain',
      'a,b',
      'quote " inside',
      'brackets ] } [ {',
      'back\\slash',
      'next_token":"x',
      'ünï',
    ];
    for (const count of [0, 1, 37, 200]) {
      for (const next of [null, 'opaque+/=', 'with "quotes" and \\']) {
        const data = Array.from({ length: count }, (_, index) => ({
          id: `ad-${index}-${awkward[index % awkward.length] ?? ''}`,
          status: 'published',
          nested: { list: [1, { deeper: awkward }] },
        }));
        const text = JSON.stringify({ data, current_token: 'c', next_token: next }).padEnd(2048, ' ');
        expect(listingPageFacts(text), `${count} items, next ${String(next)}`).toEqual({
          items: count,
          next_token: next,
        });
      }
    }
    expect(listingPageFacts('{"reason":"BAD_REQUEST","message":"short"}')).toBeUndefined();
  });
});
