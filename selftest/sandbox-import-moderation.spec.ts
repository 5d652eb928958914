import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { AdImport } from '../sandbox/import/ad-import.js';
import { insertAd, startImportSandbox, type ImportSandbox } from './support/import-sandbox.js';

/**
 * The ad import's moderation, owners, token lifetime, catalog renumbering and switches
 * (docs/sandbox-import.md).
 */
let box: ImportSandbox;
test.beforeEach(async () => {
  box = await startImportSandbox();
});
test.afterEach(async () => {
  await box.sandbox.close();
});

type Ads = Record<string, { status: string; message: unknown[] }>;

test.describe('the moderation', () => {
  test("refusals by the ad's ask, by the refused ids, held in review; each in the listing", async () => {
    const { token, login } = box.user();
    box.set('import-refused-ids', ['refuse-me']);
    const answer = await box.put(token, [
      insertAd('price', { params: { sandbox_moderation: 'refuse:REFUSED_SUSPECT_PRICE' } }),
      insertAd('refuse-me'),
      insertAd('review', { params: { sandbox_moderation: 'review' } }),
    ]);
    const ads = (await box.done(token, answer.body.token as string)).ads as Ads;
    expect(ads.price).toMatchObject({ status: 'refused', message: [{ error: 'REFUSED_SUSPECT_PRICE' }] });
    expect(ads['refuse-me']).toMatchObject({ status: 'refused', message: [{ error: 'REFUSED_GENERIC' }] });
    expect(ads.review).toMatchObject({ status: 'pending', message: [] });
    const { ads: store } = box.sandbox.state;
    expect(['price', 'refuse-me', 'review'].map((id) => store.find(login, id)?.status)).toEqual([
      'refused',
      'refused',
      'pending_review',
    ]);
  });

  test("a status asked of the moderation is the ad's: accepted with ad_status, in the listing; an empty ask is ignored", async () => {
    const { token, login } = box.user();
    const answer = await box.put(token, [
      insertAd('sold-one', { params: { sandbox_moderation: 'status:sold' } }),
      insertAd('empty-ask', { params: { sandbox_moderation: 'status:' } }),
    ]);
    const ads = (await box.done(token, answer.body.token as string)).ads as Ads;
    expect(ads['sold-one']).toMatchObject({ status: 'accepted', ad_status: 'sold', message: [] });
    expect(ads['empty-ask']).toMatchObject({ status: 'accepted' });
    expect(ads['empty-ask']).not.toHaveProperty('ad_status');
    const { ads: store } = box.sandbox.state;
    expect(['sold-one', 'empty-ask'].map((id) => store.find(login, id)?.status)).toEqual([
      'sold',
      'published',
    ]);
  });

  test('a refusal rate is drawn from the seed: the same seed, the same decisions', async () => {
    const ids = Array.from({ length: 40 }, (_, index) => `ad-${index}`);
    const decisions = async (on: ImportSandbox, seed: number, login: string): Promise<string[]> => {
      on.set('import-seed', seed);
      on.set('import-refusal-rate', 0.5);
      const { token } = on.user(['autoupload'], login);
      const answer = await on.put(
        token,
        ids.map((id) => insertAd(id)),
      );
      const ads = (await on.done(token, answer.body.token as string)).ads as Ads;
      return ids.map((id) => ads[id]?.status ?? '');
    };
    const first = await decisions(box, 7, 'seeded-user');
    expect(first.filter((status) => status === 'refused').length).toBeGreaterThan(5);
    expect(first.filter((status) => status === 'accepted').length).toBeGreaterThan(5);
    const again = await startImportSandbox();
    try {
      expect(await decisions(again, 7, 'seeded-user')).toEqual(first);
      expect(await decisions(again, 8, 'other-user')).not.toEqual(first);
    } finally {
      await again.sandbox.close();
    }
  });
});

test.describe('owners and lifetimes', () => {
  test("one user's import never touches another's ads; another's token and list_id are 404", async () => {
    const [alice, bob] = [box.user(), box.user()];
    const first = await box.put(alice.token, [insertAd('same-id')]);
    const aliceAds = (await box.done(alice.token, first.body.token as string)).ads as Record<
      string,
      { list_id: string }
    >;
    const bobs = await box.put(bob.token, [{ id: 'same-id', operation: 'delete' }]);
    expect(bobs.body.statusCode).toBe(-4);
    const other = await box.call('POST', `/autoupload/import/${first.body.token as string}`, {
      token: bob.token,
    });
    expect([other.status, other.body.reason]).toEqual([404, 'NOT_FOUND']);
    const listId = aliceAds['same-id']?.list_id ?? '';
    expect((await box.call('GET', `/autoupload/ads/${listId}`, { bearer: bob.token })).status).toBe(404);
    const own = await box.call('GET', `/autoupload/ads/${listId}`, { bearer: alice.token });
    expect(own.body).toMatchObject({ status: 'accepted', list_id: listId, id: 'same-id' });
    expect(own.body.last_update).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}$/);
    expect(box.sandbox.state.ads.find(alice.login, 'same-id')?.status).toBe('published');
  });

  test('an import token answers 404 after its lifetime (7 days by default, settable)', async () => {
    const { token, clientId } = box.user();
    const answer = await box.put(token, [insertAd('a1')]);
    const path = `/autoupload/import/${answer.body.token as string}`;
    expect((await box.call('POST', path, { token })).status).toBe(200);
    box.sandbox.state.clients.find(clientId)?.clock.advance(6 * 24 * 3600);
    expect((await box.call('POST', path, { token })).status).toBe(200);
    box.set('import-token-lifetime', 3600);
    const expired = await box.call('POST', path, { token });
    expect([expired.status, expired.body.reason]).toEqual([404, 'NOT_FOUND']);
  });
});

test.describe('a catalog renumbering at run time', () => {
  test('after N seconds the stated ids change: the old ones 404 in the lookups, the new ones answer', async () => {
    const { token } = box.user();
    const lookup = (path: string): Promise<{ status: number; body: Record<string, unknown> }> =>
      box.call('POST', `/autoupload/${path}`, { token });
    const brands = (await lookup('moto_info')).body.data as Record<string, number>;
    const [name, id] = Object.entries(brands)[0] ?? ['', 0];
    box.set('catalog-renumbering', { after_seconds: 1, shift: 5000 });
    expect((await lookup(`moto_info/${id}`)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const gone = await lookup(`moto_info/${id}`);
    expect([gone.status, gone.body.status, gone.body.reason]).toEqual([404, 'error', 'NOT_FOUND']);
    expect(((await lookup('moto_info')).body.data as Record<string, number>)[name]).toBe(id + 5000);
    expect((await lookup(`moto_info/${id + 5000}`)).status).toBe(200);
    box.set('catalog-renumbering', false);
    expect((await lookup(`moto_info/${id}`)).status).toBe(200);
  });
});

test.describe('the switches', () => {
  test('kebab-case unique names, settings, and a bad value says what is accepted', () => {
    const switches = box.sandbox.state.adImport.switches();
    const names = switches.map((one) => one.name);
    expect(new Set(names).size).toBe(names.length);
    for (const one of switches) {
      expect(one.name).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(one.kind).toBe('setting');
      // A value read can be written back.
      one.set(one.get());
    }
    expect(() => {
      box.set('import-moderation-delay', -1);
    }).toThrow(/import-moderation-delay takes a number from 0 to 86400/);
    expect(() => {
      box.set('import-refused-ids', ['not an id']);
    }).toThrow(/\[A-Za-z0-9_\{\}-\]\{1,19\}/);
    expect(() => {
      box.set('catalog-renumbering', 'soon');
    }).toThrow(/catalog-renumbering takes false, true/);
  });

  test('docs/sandbox-import.md lists every switch, and no other', () => {
    const doc = readFileSync(resolve(__dirname, '../docs/sandbox-import.md'), 'utf8');
    const documented = [...doc.matchAll(/^\| `([a-z-]+)` +\|/gm)].map((match) => match[1]);
    const names = box.sandbox.state.adImport.switches().map((one) => one.name);
    expect(documented.sort()).toEqual([...names].sort());
  });

  test('dump and load: plain data that gives back the switches and the imports', async () => {
    const { token, login } = box.user();
    box.set('import-refused-ids', ['a1']);
    box.set('catalog-renumbering', { after_seconds: 60, shift: 7 });
    const answer = await box.put(token, [insertAd('a1')]);
    await box.done(token, answer.body.token as string);
    const { adImport } = box.sandbox.state;
    const data = JSON.parse(JSON.stringify(adImport.dump())) as unknown;
    const restored = new AdImport();
    restored.load(data);
    const values = (one: AdImport): unknown[] => one.switches().map((each) => [each.name, each.get()]);
    expect(values(restored)).toEqual(values(adImport));
    expect(restored.store.find(answer.body.token as string)?.items[0]).toMatchObject({
      id: 'a1',
      status: 'refused',
    });
    expect(restored.store.ad(login, 'a1')?.status).toBe('refused');
    expect(() => {
      restored.load({ switches: { 'import-seed': 'x' } });
    }).toThrow(/import-seed takes an integer/);
  });
});
