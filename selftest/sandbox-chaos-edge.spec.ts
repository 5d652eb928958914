import { expect, test } from '@playwright/test';
import { API_ENDPOINTS } from '../sandbox/chaos/profiles.js';
import {
  CHAOS_TEST_SEED,
  countFault,
  expectRate,
  expectUntouched,
  repeat,
  seen,
  statedRate,
} from './support/chaos-checks.js';
import {
  requestsOf,
  chaosSandboxForEachTest,
  type Actor,
  type ChaosSandbox,
} from './support/chaos-sandbox.js';
import { patient } from '../helpers/target/patience.js';

/**
 * Chaos profiles at the request stage (docs/sandbox-chaos.md): the edge's pages, resets, timeouts
 * and latency at their stated rates; production's rate block; basic_user_info gone; the catalog
 * renumbered. Each on for one client: a bystander's requests meanwhile are never touched.
 */

const SEED = CHAOS_TEST_SEED;

let box: ChaosSandbox;
chaosSandboxForEachTest((started) => {
  box = started;
});

function listing(actor: Actor, token: string): Promise<unknown> {
  return actor.client.call(`${box.sandbox.appsUrl}/autoupload/v1/published?fetch_size=5`, {
    headers: { authorization: `Bearer ${token}` },
  });
}

function rateOf(profile: string, fault: string, endpoint = 'listing'): number {
  return statedRate(profile, fault, (entry) => entry.endpoints?.includes(endpoint as never) ?? true);
}

test.describe('edge: a CDN in front of the API', () => {
  test('HTML 403/502/503 pages, resets, timeouts and latency at their rates; the client saw each; a bystander none', async () => {
    test.setTimeout(patient(120_000));
    const [actor, bystander] = [box.actor(5), box.actor(5)];
    const [token, otherToken] = [await box.signIn(actor), await box.signIn(bystander)];
    await box.setChaos({
      profiles: ['edge'],
      clients: [actor.clientId],
      seed: SEED,
      timeout_ms: 100,
      latency_ms: 1,
    });
    const calls = 1000;
    await Promise.all([
      repeat(calls, 4, () => listing(actor, token)),
      repeat(200, 2, () => listing(bystander, otherToken)),
    ]);
    const records = requestsOf(
      (await box.journal({ client_id: actor.clientId, endpoint: 'listing' })).records,
    );
    expect(records.length).toBe(calls);
    for (const fault of ['html-403', 'html-502', 'html-503', 'reset', 'timeout', 'latency'])
      expectRate(`edge ${fault}`, countFault(records, fault), calls, rateOf('edge', fault));
    const saw = seen(actor.client.outcomes.slice(-calls));
    expect(saw['html-403']).toBe(countFault(records, 'html-403'));
    expect(saw['html-502']).toBe(countFault(records, 'html-502'));
    expect(saw['html-503']).toBe(countFault(records, 'html-503'));
    expect(saw.none).toBe(countFault(records, 'reset') + countFault(records, 'timeout'));
    expect(records.filter((record) => record.status === 0).length).toBe(saw.none);
    expect(records.every((record) => record.chaos?.seed === SEED)).toBe(true);
    expectUntouched((await box.journal({ client_id: bystander.clientId, endpoint: 'listing' })).records);
    expect(seen(bystander.client.outcomes.slice(-200))).toEqual({ 'api-200': 200 });
    expect(API_ENDPOINTS).toContain('listing');
  });
});

test.describe('rate-limit: production rule, per client', () => {
  test('past the limit every request of the client is 429 RATE_LIMIT in its endpoint’s format, for the block; a bystander goes on', async () => {
    const [actor, bystander] = [box.actor(5), box.actor(5)];
    const [token, otherToken] = [await box.signIn(actor), await box.signIn(bystander)];
    await box.setChaos({
      profiles: ['rate-limit'],
      clients: [actor.clientId],
      seed: SEED,
      limit: 40,
      block_seconds: 1,
    });
    await repeat(40, 1, () => listing(actor, token));
    const apps = box.sandbox.appsUrl;
    const blocked = [
      await actor.client.call(`${apps}/autoupload/v1/published`, {
        headers: { authorization: `Bearer ${token}` },
      }),
      await actor.client.userInfo(token),
      await actor.client.call(`${apps}/autoupload/car_info`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ access_token: token }),
      }),
    ];
    expect(
      blocked.map((outcome) => [outcome.status, (JSON.parse(outcome.body) as { reason: string }).reason]),
    ).toEqual([
      [429, 'RATE_LIMIT'],
      [429, 'RATE_LIMIT'],
      [429, 'RATE_LIMIT'],
    ]);
    expect((JSON.parse(blocked[2]?.body ?? '{}') as { status: string }).status).toBe('error');
    await repeat(60, 2, () => listing(bystander, otherToken));
    expect(seen(bystander.client.outcomes.slice(-60))).toEqual({ 'api-200': 60 });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await actor.client.userInfo(token)).status).toBe(200);
    const records = requestsOf((await box.journal({ client_id: actor.clientId })).records).filter(
      (record) => record.chaos !== undefined,
    );
    expect(records.map((record) => record.reason === 'RATE_LIMIT' || record.status === 429)).toEqual([
      ...Array<boolean>(40).fill(false),
      true,
      true,
      true,
      false,
    ]);
    expect(countFault(records, 'rate-limit')).toBe(3);
    expectUntouched((await box.journal({ client_id: bystander.clientId, endpoint: 'listing' })).records);
  });
});

test.describe('user-info-gone and catalog-renumber: what production did once, for one client', () => {
  test('basic_user_info answers 404 to the client, 200 to a bystander', async () => {
    const [actor, bystander] = [box.actor(), box.actor()];
    const [token, otherToken] = [await box.signIn(actor), await box.signIn(bystander)];
    await box.setChaos({ profiles: ['user-info-gone'], clients: [actor.clientId], seed: SEED });
    const gone = await actor.client.userInfo(token);
    // As production's origin answered: its web server's HTML 404, not the API's JSON.
    expect([gone.status, gone.body.includes('<h1>404 Not Found</h1>')]).toEqual([404, true]);
    expect((await bystander.client.userInfo(otherToken)).status).toBe(200);
    const records = requestsOf((await box.journal({ endpoint: 'basic_user_info' })).records);
    expect(
      records.map((record) => [record.client_id, record.status, record.decision?.fault ?? null]),
    ).toEqual([
      [actor.clientId, 404, 'user-info-gone'],
      [bystander.clientId, 200, null],
    ]);
  });

  test('catalog ids change for the client: its old ids 404 and are refused by the import, the new ones answer; a bystander keeps the old', async () => {
    const [actor, bystander] = [box.actor(), box.actor()];
    const [token, otherToken] = [await box.signIn(actor), await box.signIn(bystander)];
    const lookup = async (
      who: Actor,
      accessToken: string,
      path: string,
    ): Promise<[number, Record<string, number>]> => {
      const outcome = await who.client.call(`${box.sandbox.appsUrl}/autoupload/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ access_token: accessToken }),
      });
      return [outcome.status, (JSON.parse(outcome.body) as { data?: Record<string, number> }).data ?? {}];
    };
    const [, brands] = await lookup(actor, token, 'car_info');
    const brandId = Object.values(brands)[0] ?? 0;
    await box.setChaos({ profiles: ['catalog-renumber'], clients: [actor.clientId], seed: SEED });
    expect((await lookup(actor, token, `car_info/${brandId}`))[0]).toBe(404);
    const [, renumbered] = await lookup(actor, token, 'car_info');
    expect(Object.values(renumbered)[0]).toBe(brandId + 1_000_000);
    expect((await lookup(actor, token, `car_info/${brandId + 1_000_000}`))[0]).toBe(200);
    expect((await lookup(bystander, otherToken, `car_info/${brandId}`))[0]).toBe(200);
    const car = { id: 'car-1', operation: 'insert', category: '2020', subject: 'Car', body: 'A car.' };
    const imported = async (who: Actor, accessToken: string): Promise<unknown> => {
      const ad = {
        ...car,
        phone: '11987654321',
        type: 's',
        zipcode: '01310100',
        params: { vehicle_brand: brandId },
      };
      const outcome = await who.client.call(`${box.sandbox.appsUrl}/autoupload/import`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ access_token: accessToken, ad_list: [ad] }),
      });
      return (JSON.parse(outcome.body) as { errors: unknown[] }).errors;
    };
    const refused = { id: 'car-1', status: 'error', messages: [{ category: 'ERROR_VEHICLE_BRAND_INVALID' }] };
    expect(await imported(actor, token)).toEqual([refused]);
    expect(await imported(bystander, otherToken)).not.toContainEqual(refused);
    expectUntouched((await box.journal({ client_id: bystander.clientId, endpoint: 'catalog' })).records);
    const records = (await box.journal({ client_id: actor.clientId })).records;
    expect(countFault(records, 'catalog-renumbered')).toBe(4);
    expect(requestsOf(records).find((record) => record.endpoint === 'import')?.answer).toMatchObject({
      statusCode: -4,
      refused_ids: 'car-1',
    });
  });
});

test.describe('realistic, and "all clients" as an explicit choice', () => {
  test('a production night: a tenth of the edge on every client when asked for all', async () => {
    test.setTimeout(patient(120_000));
    const [first, second] = [box.actor(5), box.actor(5)];
    const [firstToken, secondToken] = [await box.signIn(first), await box.signIn(second)];
    await box.setChaos({
      profiles: ['realistic'],
      clients: 'all',
      seed: SEED,
      timeout_ms: 100,
      latency_ms: 1,
    });
    await Promise.all([
      repeat(1000, 3, () => listing(first, firstToken)),
      repeat(1000, 3, () => listing(second, secondToken)),
    ]);
    for (const actor of [first, second]) {
      const records = requestsOf(
        (await box.journal({ client_id: actor.clientId, endpoint: 'listing' })).records,
      );
      const edge = ['html-403', 'html-502', 'html-503', 'reset', 'timeout'].reduce(
        (sum, fault) => sum + countFault(records, fault),
        0,
      );
      expectRate('realistic edge failures', edge, 1000, 0.012);
      expectRate('realistic latency', countFault(records, 'latency'), 1000, rateOf('realistic', 'latency'));
      expect(records.every((record) => record.chaos?.profiles.join() === 'realistic')).toBe(true);
    }
  });
});
