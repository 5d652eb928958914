import { expect, test } from '@playwright/test';
import { REFERENCE_RULES } from '../sandbox/rules/book.js';
import { notifyStatusChange } from '../sandbox/notifications/notify.js';
import { seededAds } from '../sandbox/seed.js';
import { AD_ID_PATTERN } from '../sandbox/import/vocabulary.js';
import { startSandbox, type StartedSandbox } from '../sandbox/start.js';
import {
  changeStatus,
  configureHook,
  CONTROL_KEY,
  DeliveryReceiver,
  hookUser,
  type Arrival,
} from './support/delivery-receiver.js';
import { caller, send } from './support/hostile.js';

/**
 * The embedded sandbox's AD_STATUS body (docs/sandbox-deliveries.md): production's documented event
 * by default, the earlier body and a numeric-ids body as variants. The suite accepts any of them.
 */
test.describe.configure({ mode: 'default' });

const ADS = [
  { id: 'shape-published', list_id: '7000000123', status: 'pending_review' },
  { id: 'shape-new', status: 'pending_review' },
];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** YYYY-MM-DDTHH:mm:ss.SSS, no zone. */
const ZONELESS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}$/;

interface ProductionAd {
  id: string;
  list_id?: string;
  category: string;
  status: string;
  operation: string;
  reason_tag?: string;
  message?: string;
}

function adOf(arrival: Arrival | undefined): ProductionAd {
  const body = JSON.parse(arrival?.body ?? '{}') as { data?: { ad?: ProductionAd } };
  return body.data?.ad ?? ({} as ProductionAd);
}

function seedThroughHelper(
  on: StartedSandbox,
  who: { login: string },
  ads: unknown[],
): ReturnType<typeof send> {
  return send(caller(on), `${on.appsUrl}/test_helpers/v1/users/${who.login}/ads`, {
    method: 'PUT',
    headers: { 'x-sandbox-key': CONTROL_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ ads }),
  });
}

let sandbox: StartedSandbox;
const receiver = new DeliveryReceiver();
let url: string;
test.beforeAll(async () => {
  sandbox = await startSandbox({ controlKey: CONTROL_KEY });
  url = await receiver.start();
});
test.afterAll(async () => {
  await sandbox.close();
  await receiver.stop();
});

test.describe('AD_STATUS deliveries as production documents them', () => {
  test('every field, in its format: id, topic, created_at in UTC without a zone, data.ad with a numeric list_id and category', async () => {
    const who = hookUser(sandbox, ADS);
    await configureHook(sandbox, who, `${url}/production`, 'shape-token');
    const changedAt = await changeStatus(sandbox, who, 'shape-published', 'published');
    const [arrival] = await receiver.waitFor('/production', 1);
    expect(arrival, 'one delivery').toBeDefined();
    expect(arrival?.headers['content-type']).toBe('application/json');
    expect(arrival?.headers.authorization).toBe('Bearer shape-token');
    const body = JSON.parse(arrival?.body ?? '{}') as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['created_at', 'data', 'id', 'topic']);
    expect(body.id).toMatch(UUID);
    expect(body.topic).toBe('AD_STATUS');
    expect(body.created_at).toMatch(ZONELESS);
    // Read as UTC, the time is that of the change the helper reported.
    const createdAt = Date.parse(`${String(body.created_at)}Z`);
    expect(Math.abs(createdAt - changedAt), 'created_at, read as UTC, against the change').toBeLessThan(
      2_000,
    );
    expect(adOf(arrival)).toEqual({
      id: 'shape-published',
      list_id: '7000000123',
      category: '2020',
      status: 'published',
      operation: 'MODIFY',
    });
    expect(adOf(arrival).list_id).toMatch(/^\d+$/);
  });

  test('a refusal carries reason_tag and message; a deletion is a DELETE; an ad never published has no list_id', async () => {
    const who = hookUser(sandbox, ADS);
    await configureHook(sandbox, who, `${url}/kinds`, 'kinds-token');
    await changeStatus(sandbox, who, 'shape-new', 'refused');
    await changeStatus(sandbox, who, 'shape-published', 'deleted');
    const arrivals = await receiver.waitFor('/kinds', 2);
    const refused = adOf(arrivals.find((one) => adOf(one).status === 'refused'));
    expect(refused).toMatchObject({ id: 'shape-new', operation: 'MODIFY', reason_tag: 'REFUSED_GENERIC' });
    expect(refused.message).toEqual(expect.any(String));
    expect(refused).not.toHaveProperty('list_id');
    const deleted = adOf(arrivals.find((one) => adOf(one).status === 'deleted'));
    expect(deleted).toMatchObject({ id: 'shape-published', list_id: '7000000123', operation: 'DELETE' });
    expect(deleted).not.toHaveProperty('reason_tag');
    expect(deleted).not.toHaveProperty('message');
  });

  test("a change event's own operation, category, reason_tag and message are delivered as given", async () => {
    const who = hookUser(sandbox, ADS);
    await configureHook(sandbox, who, `${url}/imported`, 'import-token');
    notifyStatusChange(sandbox.state, REFERENCE_RULES.notifications, {
      login: who.login,
      adId: 'shape-new',
      listId: '7000000999',
      status: 'refused',
      previousStatus: 'pending_review',
      changedAt: new Date(),
      operation: 'INSERT',
      category: '2060',
      reasonTag: 'ERROR_VEHICLE_MODEL_INVALID',
      message: 'The model is not in the catalog.',
    });
    const [arrival] = await receiver.waitFor('/imported', 1);
    expect(adOf(arrival)).toEqual({
      id: 'shape-new',
      list_id: '7000000999',
      category: '2060',
      status: 'refused',
      operation: 'INSERT',
      reason_tag: 'ERROR_VEHICLE_MODEL_INVALID',
      message: 'The model is not in the catalog.',
    });
  });

  test('a category seeded through the helper is the one delivered', async () => {
    const who = hookUser(sandbox, []);
    const seeded = await seedThroughHelper(sandbox, who, [
      { id: 'moto-1', list_id: '7000000777', status: 'published', category: '2060' },
    ]);
    expect(seeded.status, `set-up: seed with a category: ${seeded.body}`).toBe(200);
    await configureHook(sandbox, who, `${url}/category`, 'category-token');
    await changeStatus(sandbox, who, 'moto-1', 'deleted');
    const [arrival] = await receiver.waitFor('/category', 1);
    expect(adOf(arrival)).toMatchObject({ id: 'moto-1', category: '2060', operation: 'DELETE' });
    const refused = await seedThroughHelper(sandbox, who, [{ id: 'x', status: 'published', category: 2060 }]);
    expect(refused.status, 'a category that is not a string').toBe(400);
  });

  test("a seed's ads have a numeric list_id (none in approval), a category, and the same ids on every start, which the ad import takes", () => {
    const ads = seededAds('seeded-user', 12);
    expect(seededAds('seeded-user', 12)).toEqual(ads);
    for (const ad of ads) {
      expect(ad.id).toMatch(AD_ID_PATTERN);
      expect(ad.category).toMatch(/^\d+$/);
      if (ad.status === 'pending_review') expect(ad).not.toHaveProperty('list_id');
      else expect(ad.list_id).toMatch(/^[1-9]\d{9}$/);
    }
    expect(seededAds('a-login-of-the-longest-kind', 200_000).at(-1)?.id).toMatch(AD_ID_PATTERN);
    const otherIds = new Set(seededAds('another-user', 12).map((ad) => ad.id));
    expect(
      ads.filter((ad) => otherIds.has(ad.id)),
      'ids of two logins',
    ).toEqual([]);
    const other = new Set(seededAds('another-user', 12).map((ad) => ad.list_id));
    expect(
      ads.some((ad) => ad.list_id !== undefined && other.has(ad.list_id)),
      'list ids of two logins',
    ).toBe(false);
  });
});

test.describe('the other bodies, as variants', () => {
  test('notify-minimal-body: the earlier body, RFC 3339 with Z, no category or operation', async () => {
    const variant = await startSandbox({ controlKey: CONTROL_KEY, variants: ['notify-minimal-body'] });
    try {
      const who = hookUser(variant, ADS);
      await configureHook(variant, who, `${url}/minimal`, 'minimal-token');
      await changeStatus(variant, who, 'shape-published', 'published');
      const [arrival] = await receiver.waitFor('/minimal', 1);
      const body = JSON.parse(arrival?.body ?? '{}') as { created_at?: string; topic?: string };
      expect(body.topic).toBe('AD_STATUS');
      expect(body.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expect(adOf(arrival)).toEqual({ id: 'shape-published', list_id: '7000000123', status: 'published' });
    } finally {
      await variant.close();
    }
  });

  test('notify-numeric-ids: list_id and category as JSON numbers', async () => {
    const variant = await startSandbox({ controlKey: CONTROL_KEY, variants: ['notify-numeric-ids'] });
    try {
      const who = hookUser(variant, ADS);
      await configureHook(variant, who, `${url}/numeric`, 'numeric-token');
      await changeStatus(variant, who, 'shape-published', 'published');
      const [arrival] = await receiver.waitFor('/numeric', 1);
      const body = JSON.parse(arrival?.body ?? '{}') as { created_at?: string };
      expect(body.created_at).toMatch(ZONELESS);
      expect(JSON.parse(arrival?.body ?? '{}')).toMatchObject({
        data: { ad: { id: 'shape-published', list_id: 7000000123, category: 2020, operation: 'MODIFY' } },
      });
    } finally {
      await variant.close();
    }
  });
});
