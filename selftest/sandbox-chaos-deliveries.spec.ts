import { expect, test } from '@playwright/test';
import type { DeliveryRecord } from '../spec/journal.js';
import { CHAOS_TEST_SEED, expectRate, expectUntouched, statedRate } from './support/chaos-checks.js';
import {
  deliveriesOf,
  eventually,
  chaosSandboxForEachTest,
  TokenCheckingReceiver,
  type Actor,
  type ChaosSandbox,
} from './support/chaos-sandbox.js';
import { patient } from '../helpers/target/patience.js';

/**
 * Chaos on deliveries (docs/sandbox-chaos.md), `deliveries` composed with `statuses`: duplicates,
 * out of order, late, retried after a lost answer, a forged copy the receiver refuses, statuses
 * outside section 3; each at its rate over the events, each seen by the receiver as the journal
 * says; a bystander's deliveries untouched.
 */

const SEED = CHAOS_TEST_SEED;
const EVENTS = 150;
const DELAY_MS = 300;

let box: ChaosSandbox;
chaosSandboxForEachTest((started) => {
  box = started;
});

function rateOf(profile: string, fault: string): number {
  return statedRate(profile, fault, (entry) => entry.stage === 'delivery');
}

interface Subscribed {
  actor: Actor;
  receiver: TokenCheckingReceiver;
  changedAt: Map<string, number>;
}

async function subscribed(name: string): Promise<Subscribed> {
  const actor = box.actor(EVENTS);
  const token = await box.signIn(actor);
  const receiver = new TokenCheckingReceiver(`ntk-${name}-chaos-selftest-0123456789`);
  const answer = await actor.client.subscribe(
    token,
    await receiver.start(),
    `ntk-${name}-chaos-selftest-0123456789`,
  );
  expect(answer.status).toBe(201);
  return { actor, receiver, changedAt: new Map() };
}

async function changeAll(who: Subscribed): Promise<void> {
  for (let index = 0; index < EVENTS; index += 1) {
    who.changedAt.set(`ad-${index}`, Date.now());
    await box.changeStatus(who.actor.login, `ad-${index}`, 'deleted');
  }
}

async function settled(who: Subscribed): Promise<DeliveryRecord[]> {
  await eventually(
    `every event of ${who.actor.login} delivered`,
    async () => deliveriesOf((await box.journal({ client_id: who.actor.clientId })).records),
    (records) =>
      new Set(records.filter((record) => record.outcome === 'delivered').map((record) => record.ad_id))
        .size === EVENTS,
    30_000,
  );
  // The second arrival of each copied, retried or forged delivery, however slow the machine.
  await eventually(
    `every copy of ${who.actor.login}'s deliveries arrived`,
    async () => deliveriesOf((await box.journal({ client_id: who.actor.clientId })).records),
    (records) =>
      ['duplicate', 'retry', 'forged'].every((fault) =>
        [...adsWith(records, fault)].every(
          (adId) => who.receiver.arrivals.filter((arrival) => adOf(arrival) === adId).length >= 2,
        ),
      ),
  );
  // Then a quiet while: a copy too many would arrive in it.
  await new Promise((resolve) => setTimeout(resolve, DELAY_MS + 700));
  return deliveriesOf((await box.journal({ client_id: who.actor.clientId })).records);
}

/** The ads whose deliveries carry this fault. */
function adsWith(records: readonly DeliveryRecord[], fault: string): Set<string> {
  return new Set(records.filter((record) => record.decision?.fault === fault).map((record) => record.ad_id));
}

const adOf = (arrival: { body: Record<string, unknown> }): string =>
  (arrival.body.data as { ad: { id: string } }).ad.id;

/** Duplicates, retries and forged copies: the receiver got each event twice, as the journal says. */
function expectCopies(records: readonly DeliveryRecord[], who: Subscribed): void {
  const arrivals = (adId: string): number =>
    who.receiver.arrivals.filter((arrival) => adOf(arrival) === adId).length;
  for (const adId of adsWith(records, 'duplicate')) expect(arrivals(adId)).toBe(2);
  for (const adId of adsWith(records, 'retry')) {
    const attempts = records.filter((record) => record.ad_id === adId);
    expect(attempts.map((record) => [record.attempt, record.outcome])).toEqual([
      [1, 'failed'],
      [2, 'delivered'],
    ]);
    expect(arrivals(adId)).toBe(2);
  }
  const lost = records.filter((record) => record.decision?.fault === 'retry' && record.attempt === 1);
  expect(new Set(lost.map((record) => record.decision?.detail))).toEqual(
    new Set(['the first answer lost (timeout)', 'the first answer lost (5xx)']),
  );
  for (const adId of adsWith(records, 'forged')) {
    expect(arrivals(adId)).toBe(2);
    const forged = records.find(
      (record) => record.ad_id === adId && record.decision?.detail?.startsWith('the forged'),
    );
    expect([forged?.outcome, forged?.http_status]).toEqual(['refused', 401]);
  }
}

/** Late ones wait the delay; one held back arrives after the next of its configuration not held too. */
function expectTiming(records: readonly DeliveryRecord[], who: Subscribed): void {
  for (const adId of adsWith(records, 'late')) {
    const first = who.receiver.arrivals.find((arrival) => adOf(arrival) === adId);
    expect((first?.atMs ?? 0) - (who.changedAt.get(adId) ?? 0)).toBeGreaterThanOrEqual(DELAY_MS - 20);
  }
  const order = who.receiver.arrivals.map(adOf);
  const held = adsWith(records, 'out_of_order');
  for (const adId of held) {
    let next = Number(adId.slice(3)) + 1;
    while (held.has(`ad-${next}`)) next += 1;
    if (next < EVENTS) expect(order.indexOf(adId)).toBeGreaterThan(order.indexOf(`ad-${next}`));
  }
}

test.describe('deliveries, with statuses: what the spec leaves open, at stated rates', () => {
  test('each fault at its rate, as the receiver saw it; the bystander’s deliveries once each, untouched', async () => {
    test.setTimeout(patient(120_000));
    const [actor, bystander] = [await subscribed('actor'), await subscribed('bystander')];
    const clients = [actor.actor.clientId];
    await box.setChaos({ profiles: ['deliveries', 'statuses'], clients, seed: SEED, delay_ms: DELAY_MS });
    await Promise.all([changeAll(actor), changeAll(bystander)]);
    const records = await settled(actor);
    for (const fault of ['duplicate', 'out_of_order', 'late', 'retry', 'forged'])
      expectRate(`deliveries ${fault}`, adsWith(records, fault).size, EVENTS, rateOf('deliveries', fault));
    expectCopies(records, actor);
    expectTiming(records, actor);
    const outside = records.filter(
      (record) => record.attempt <= 1 && ['expired', 'sold', 'deleted_sold'].includes(record.status_sent),
    );
    const outsideEvents = new Set(outside.map((record) => record.ad_id)).size;
    expectRate('statuses outside section 3', outsideEvents, EVENTS, rateOf('statuses', 'other-status'));
    expectUntouched(await settled(bystander));
    expect(bystander.receiver.arrivals.length).toBe(EVENTS);
    await actor.receiver.close();
    await bystander.receiver.close();
  });
});
