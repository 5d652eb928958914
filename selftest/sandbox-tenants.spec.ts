import { expect, test } from '@playwright/test';
import { Chaos } from '../sandbox/chaos/chaos.js';
import { chaosSwitches } from '../sandbox/chaos/switches.js';
import { Deliverer, type Delivery } from '../sandbox/notifications/delivery.js';
import { DELIVERY_POLICY, DELIVERY_RULES } from '../sandbox/notifications/delivery-rules.js';
import { DeliveryLog } from '../sandbox/notifications/delivery-log.js';
import { DeliveryPolicy } from '../sandbox/notifications/delivery-policy.js';
import type { AttemptEnd } from '../sandbox/notifications/attempt.js';
import { IntegratorClient } from './support/integrator-client.js';
import { requestsOf, startChaosSandbox, type ChaosSandbox } from './support/chaos-sandbox.js';
import { patient } from '../helpers/target/patience.js';

/**
 * Tenants apart on a shared sandbox (docs/sandbox-chaos.md, "Tenants"): chaos's blocks and replay
 * sequences move only with a client's proven requests; a team's chaos switch changes its own
 * chaos only; the delivery queue is fair per owner, so one user's flood neither delays nor
 * drops another's delivery.
 */

const SEED = 4242;

/** A third party's requests naming `clientId`, none carrying a credential of it. */
async function neighbour(box: ChaosSandbox, clientId: string, count: number): Promise<void> {
  const client = new IntegratorClient(box.sandbox.authUrl, box.sandbox.appsUrl, box.sandbox.caFile, 5000);
  const apps = box.sandbox.appsUrl;
  const basic = `Basic ${Buffer.from(`${clientId}:guessed`).toString('base64')}`;
  const kinds = [
    () => client.call(`${apps}/autoupload/v1/published?client_id=${clientId}&fetch_size=5`),
    () => client.call(`${apps}/autoupload/v1/published?access_token=forged&client_id=${clientId}`),
    () =>
      client.call(`${apps}/oauth_api/basic_user_info`, { method: 'POST', headers: { authorization: basic } }),
    () =>
      client.call(`${box.sandbox.authUrl}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `grant_type=authorization_code&code=guessed&client_id=${clientId}&client_secret=guessed`,
      }),
  ];
  try {
    for (let sent = 0; sent < count; sent += 4) await Promise.all(kinds.map((one) => one()));
  } finally {
    await client.close();
  }
}

test.describe('chaos moves only with a client’s proven requests', () => {
  test('a third party naming a client cannot start its rate-limit block', async () => {
    const box = await startChaosSandbox();
    try {
      const team = box.actor(5);
      const token = await box.signIn(team);
      expect(
        await box.setChaos({
          profiles: ['rate-limit'],
          clients: [team.clientId],
          seed: SEED,
          limit: 5,
          block_seconds: 600,
        }),
      ).toBe(200);
      await neighbour(box, team.clientId, 200);
      // Five requests of its own are within its limit: none is refused.
      for (let index = 0; index < 5; index += 1) {
        const answer = await team.client.call(`${box.sandbox.appsUrl}/autoupload/v1/published?fetch_size=5`, {
          headers: { authorization: `Bearer ${token}` },
        });
        expect(answer.status, `request ${index + 1} of the team's own`).toBe(200);
      }
      // Its sixth starts its block: the limit counts its own requests, and binds.
      const sixth = await team.client.call(`${box.sandbox.appsUrl}/autoupload/v1/published?fetch_size=5`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(sixth.status).toBe(429);
    } finally {
      await box.close();
    }
  });

  test('a third party naming a client cannot shift its seeded replay', async () => {
    test.setTimeout(patient(120_000));
    const decisionsOf = async (withNeighbour: boolean, given?: { clientId: string; secret: string }) => {
      const box = await startChaosSandbox();
      try {
        const team = box.actor(40, given);
        const token = await box.signIn(team);
        expect(
          await box.setChaos({
            profiles: ['pages', 'edge'],
            clients: [team.clientId],
            seed: SEED,
            timeout_ms: 10,
            latency_ms: 0,
          }),
        ).toBe(200);
        const noise = withNeighbour ? neighbour(box, team.clientId, 400) : Promise.resolve();
        if (withNeighbour) await neighbour(box, team.clientId, 100);
        await team.client.crawl(token, 5);
        await team.client.crawl(token, 3);
        await noise;
        const { records } = await box.journal({ client_id: team.clientId });
        const api = requestsOf(records).filter((record) => record.endpoint === 'listing');
        return {
          team,
          decisions: api.map((record) =>
            (record.decisions ?? (record.decision === undefined ? [] : [record.decision]))
              .map((one) => one.fault)
              .join('+'),
          ),
        };
      } finally {
        await box.close();
      }
    };
    const quiet = await decisionsOf(false);
    const crowded = await decisionsOf(true, { clientId: quiet.team.clientId, secret: quiet.team.secret });
    expect(
      quiet.decisions.some((decision) => decision !== ''),
      'set-up: chaos took decisions',
    ).toBe(true);
    expect(crowded.decisions).toEqual(quiet.decisions);
  });
});

test.describe('a team’s chaos switch changes its own chaos only', () => {
  test('switching one team’s chaos leaves another’s, its sequence included; "all" and false are global and say so', () => {
    const chaos = new Chaos();
    const [chaosSwitch] = chaosSwitches(chaos);
    expect(chaosSwitch?.summary).toContain('"clients": "all" and false are global');
    chaos.set({ profiles: ['edge'], clients: ['cl_a'], seed: 1 });
    const first = chaos.turn('cl_a', 'request');
    chaos.turn('cl_a', 'request');
    chaos.set({ profiles: ['user-info-gone'], clients: ['cl_b'], seed: 2 });
    expect(chaos.inForceFor('cl_a')).toEqual({ profiles: ['edge'], seed: 1 });
    expect(chaos.inForceFor('cl_b')).toEqual({ profiles: ['user-info-gone'], seed: 2 });
    // cl_a's sequence went on where it was: another team's switch restarted nothing of it.
    expect(chaos.turn('cl_a', 'request')?.place).toBe(2);
    expect(first?.place).toBe(0);
    // cl_b switching its chaos off leaves cl_a's on.
    chaos.set({ profiles: [], clients: ['cl_b'] });
    expect(chaos.inForceFor('cl_b')).toBeUndefined();
    expect(chaos.inForceFor('cl_a')).toEqual({ profiles: ['edge'], seed: 1 });
    // The switch reads every setting in force, and the value read sets the same again.
    chaos.set({ profiles: ['pages'], clients: ['cl_c'], seed: 3 });
    const read = chaosSwitch?.get();
    expect(read).toMatchObject({
      each: [
        { clients: ['cl_a'], seed: 1 },
        { clients: ['cl_c'], seed: 3 },
      ],
    });
    const again = new Chaos();
    again.set(read);
    expect([again.inForceFor('cl_a'), again.inForceFor('cl_c'), again.inForceFor('cl_b')]).toEqual([
      { profiles: ['edge'], seed: 1 },
      { profiles: ['pages'], seed: 3 },
      undefined,
    ]);
    // The global values: off for every client.
    chaos.set(false);
    expect([chaos.active, chaos.inForceFor('cl_a')]).toEqual([false, undefined]);
  });

  test('through the control API: one team’s PUT leaves the other team’s chaos answering as before', async () => {
    const box = await startChaosSandbox();
    try {
      const one = box.actor(1);
      const other = box.actor(1);
      const oneToken = await box.signIn(one);
      expect(await box.setChaos({ profiles: ['user-info-gone'], clients: [one.clientId], seed: SEED })).toBe(
        200,
      );
      expect(
        await box.setChaos({ profiles: ['rate-limit'], clients: [other.clientId], seed: SEED, limit: 1000 }),
      ).toBe(200);
      expect((await one.client.userInfo(oneToken)).status).toBe(404);
      expect(await box.setChaos({ profiles: [], clients: [other.clientId] })).toBe(200);
      expect((await one.client.userInfo(oneToken)).status).toBe(404);
    } finally {
      await box.close();
    }
  });
});

/** Every flood attempt hangs (a dead receiver); the bystander's is answered at once, and says it started. */
function hangingFloods(deliverer: Deliverer): {
  held: Array<() => void>;
  bystanderStart: Promise<void>;
  dropped: string[];
} {
  const held: Array<() => void> = [];
  let bystanderStarted: () => void = () => undefined;
  const bystanderStart = new Promise<void>((resolve) => {
    bystanderStarted = resolve;
  });
  const dropped: string[] = [];
  deliverer.observer = (_config, delivery, entry) => {
    if (entry.outcome === 'dropped') dropped.push(delivery.login);
  };
  // Every flood attempt hangs (a dead receiver); the bystander's is answered at once.
  deliverer.attempt = (_tools, _values, delivery) =>
    new Promise<AttemptEnd>((resolve) => {
      const done = () => {
        resolve({ record: { attempt: 1, outcome: 'delivered', status: 200 }, next: 'done' });
      };
      if (delivery.login === 'bystander') {
        bystanderStarted();
        done();
      } else held.push(done);
    });
  return { held, bystanderStart, dropped };
}

test.describe('the delivery queue is fair per owner', () => {
  test('two users flooding their queues neither delay nor drop a bystander’s delivery', async () => {
    const limits = {
      ...DELIVERY_POLICY,
      totalConcurrency: 8,
      userConcurrency: 4,
      reservedSlots: 2,
      queueLimit: 50,
      userQueueLimit: 80,
      totalQueueLimit: 120,
    };
    const log = new DeliveryLog();
    const deliverer = new Deliverer(() => DELIVERY_RULES, new DeliveryPolicy(), log, undefined, limits);
    const { held, bystanderStart, dropped } = hangingFloods(deliverer);
    const delivery = (login: string, index: number): Delivery => ({
      login,
      token: 't',
      body: `{"id":"${index}"}`,
      url: 'http://127.0.0.1:9/hook',
      target: new URL('http://127.0.0.1:9/hook'),
    });
    try {
      for (let index = 0; index < 200; index += 1) {
        deliverer.enqueue(`flood-a-${index % 3}`, delivery('flood-a', index));
        deliverer.enqueue(`flood-b-${index % 3}`, delivery('flood-b', index));
      }
      expect(held.length, 'set-up: the floods hold every slot a user may').toBe(
        limits.totalConcurrency - limits.reservedSlots,
      );
      expect(dropped.length, 'set-up: the floods passed the bounds').toBeGreaterThan(0);
      deliverer.enqueue('bystander-config', delivery('bystander', 0));
      // Started at once, with every flood's attempt still hanging: nothing of the floods delayed it.
      await bystanderStart;
      expect(held.length).toBe(limits.totalConcurrency - limits.reservedSlots);
      expect(dropped.filter((login) => login === 'bystander')).toEqual([]);
      expect(log.of('bystander').map((entry) => entry.outcome)).toEqual(['delivered']);
    } finally {
      for (const done of held) done();
      await deliverer.close();
    }
  });
});
