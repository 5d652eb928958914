import { expect, test } from '@playwright/test';
import type { RequestRecord } from '../spec/journal.js';
import {
  CHAOS_TEST_SEED,
  countFault,
  decisionsOfRecord,
  expectRate,
  expectUntouched,
  statedRate,
} from './support/chaos-checks.js';
import { requestsOf, chaosSandboxForEachTest, type ChaosSandbox } from './support/chaos-sandbox.js';
import { patient } from '../helpers/target/patience.js';

/**
 * Chaos on the listing's answers (docs/sandbox-chaos.md): statuses outside section 3, pages
 * shorter than fetch_size, page tokens of another form, an empty last page; a client that crawls
 * still gets every ad exactly once, and a bystander's crawl is untouched.
 */

const SEED = CHAOS_TEST_SEED;
const OUTSIDE = new Set(['expired', 'sold', 'deleted_sold']);

let box: ChaosSandbox;
chaosSandboxForEachTest((started) => {
  box = started;
});

function rateOf(profile: string, fault: string): number {
  return statedRate(profile, fault, (entry) => entry.stage !== 'delivery');
}

const servedEmpty = (record: RequestRecord): boolean =>
  decisionsOfRecord(record).some((decision) => decision.detail === 'the empty last page served');
const handedEmpty = (record: RequestRecord): boolean =>
  decisionsOfRecord(record).some((decision) => decision.detail === 'a next_token to an empty last page');

test.describe('pages: short pages, tokens of other forms, an empty last page', () => {
  test('every crawl gets every ad once; each fault at its rate; the bystander’s crawl is plain', async () => {
    test.setTimeout(patient(120_000));
    const [actor, bystander] = [box.actor(95), box.actor(95)];
    const [token, otherToken] = [await box.signIn(actor), await box.signIn(bystander)];
    await box.setChaos({ profiles: ['pages'], clients: [actor.clientId], seed: SEED });
    const crawls = 30;
    const tokens: string[] = [];
    for (let crawl = 0; crawl < crawls; crawl += 1) {
      const result = await actor.client.crawl(token, 10);
      expect(new Set(result.ads.map((ad) => ad.id)).size).toBe(95);
      expect(result.ads.length).toBe(95);
      tokens.push(...result.tokens);
    }
    expect(tokens.some((given) => /[+/=]/.test(given))).toBe(true);
    const plain = await bystander.client.crawl(otherToken, 10);
    expect(plain.pages).toEqual([10, 10, 10, 10, 10, 10, 10, 10, 10, 5]);
    const records = requestsOf(
      (await box.journal({ client_id: actor.clientId, endpoint: 'listing' })).records,
    );
    const served = records.filter((record) => !servedEmpty(record));
    expectRate('short pages', countFault(served, 'short-page'), served.length, rateOf('pages', 'short-page'));
    const withNext = served.filter((record) => record.answer?.next_token !== null && !handedEmpty(record));
    expectRate(
      'token forms',
      countFault(withNext, 'token-form'),
      withNext.length,
      rateOf('pages', 'token-form'),
    );
    expectRate(
      'empty last pages',
      records.filter(handedEmpty).length,
      crawls,
      rateOf('pages', 'empty-last-page'),
    );
    expect(records.filter(servedEmpty).length).toBe(records.filter(handedEmpty).length);
    expectUntouched((await box.journal({ client_id: bystander.clientId, endpoint: 'listing' })).records);
  });
});

test.describe('statuses: listed ads outside section 3', () => {
  test('expired, sold and deleted_sold at the stated share of listed ads; none for the bystander', async () => {
    const [actor, bystander] = [box.actor(200), box.actor(200)];
    const [token, otherToken] = [await box.signIn(actor), await box.signIn(bystander)];
    await box.setChaos({ profiles: ['statuses'], clients: [actor.clientId], seed: SEED });
    let items = 0;
    let outside = 0;
    for (let crawl = 0; crawl < 5; crawl += 1) {
      const result = await actor.client.crawl(token, 50);
      items += result.ads.length;
      outside += result.ads.filter((ad) => OUTSIDE.has(ad.status)).length;
    }
    expectRate('other statuses', outside, items, rateOf('statuses', 'other-status'));
    const records = requestsOf(
      (await box.journal({ client_id: actor.clientId, endpoint: 'listing' })).records,
    );
    const journaled = records
      .flatMap(decisionsOfRecord)
      .filter((decision) => decision.fault === 'other-status')
      .reduce((sum, decision) => sum + Number(/^(\d+) of/.exec(decision.detail ?? '')?.[1] ?? 0), 0);
    expect(journaled).toBe(outside);
    const plain = await bystander.client.crawl(otherToken, 50);
    expect(plain.ads.filter((ad) => OUTSIDE.has(ad.status))).toEqual([]);
    expectUntouched((await box.journal({ client_id: bystander.clientId, endpoint: 'listing' })).records);
  });
});

const cycled = (record: RequestRecord): boolean =>
  decisionsOfRecord(record).some((decision) => decision.fault === 'page-cycle');

test.describe('page-cycle: a next_token naming the page just fetched', () => {
  test('a literal crawl is sent round the page it fetched, at the stated rate; the bystander’s crawl is plain', async () => {
    test.setTimeout(patient(120_000));
    const [actor, bystander] = [box.actor(95), box.actor(95)];
    const [token, otherToken] = [await box.signIn(actor), await box.signIn(bystander)];
    await box.setChaos({ profiles: ['page-cycle'], clients: [actor.clientId], seed: SEED });
    let repeated = 0;
    for (let crawl = 0; crawl < 20; crawl += 1) {
      // Followed to the letter: every ad once, and once more for each page a cycle sent it back to.
      const result = await actor.client.crawl(token, 10);
      expect(new Set(result.ads.map((ad) => ad.id)).size).toBe(95);
      repeated += result.ads.length - 95;
    }
    const records = requestsOf(
      (await box.journal({ client_id: actor.clientId, endpoint: 'listing' })).records,
    );
    const eligible = records.filter(
      (record) => record.params?.page_token != null && record.answer?.next_token != null,
    );
    const cycles = records.filter(cycled);
    expectRate('cycles', cycles.length, eligible.length, rateOf('page-cycle', 'page-cycle'));
    expect(repeated, 'ads listed again by following the cycles').toBe(cycles.length * 10);
    for (const record of cycles) {
      expect(record.answer?.next_token, `#${record.seq}: the next_token names the page fetched`).toBe(
        record.params?.page_token,
      );
      const next = records.find((later) => later.seq > record.seq);
      expect(next?.params?.page_token, `#${record.seq}: the crawl asked that page again`).toBe(
        record.params?.page_token,
      );
    }
    expect(records.filter((record) => record.params?.page_token == null).some(cycled)).toBe(false);
    const plain = await bystander.client.crawl(otherToken, 10);
    expect(plain.pages).toEqual([10, 10, 10, 10, 10, 10, 10, 10, 10, 5]);
    expectUntouched((await box.journal({ client_id: bystander.clientId, endpoint: 'listing' })).records);
  });
});
