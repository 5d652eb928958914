import { expect, test } from '@playwright/test';
import { insertAd, startImportSandbox, type ImportSandbox } from './support/import-sandbox.js';

/**
 * The ad import's answers (docs/sandbox-import.md): the caller, malformed bodies, and each
 * statusCode the field notes list, where a switch or the account's slots call for it.
 */
let box: ImportSandbox;
test.beforeEach(async () => {
  box = await startImportSandbox();
});
test.afterEach(async () => {
  await box.sandbox.close();
});

test.describe('the ad import refuses a caller it cannot take, in the API JSON', () => {
  test('no token, an unknown one, one without autoupload', async () => {
    const { token } = box.user(['basic_user_info']);
    const unknown = await box.put('not-a-token', [insertAd('a1')]);
    expect([unknown.status, unknown.body.reason]).toEqual([401, 'ACCESS_TOKEN_NOT_FOUND']);
    const none = await box.call('PUT', '/autoupload/import', { body: { ad_list: [] } });
    expect([none.status, none.body.reason]).toEqual([401, 'ACCESS_TOKEN_NOT_FOUND']);
    const scope = await box.put(token, [insertAd('a1')]);
    expect([scope.status, scope.body.reason]).toEqual([403, 'ACCESS_SCOPE_DENIED']);
    const bearer = await box.call('GET', '/autoupload/ads/100000001');
    expect([bearer.status, bearer.body.reason]).toEqual([401, 'ACCESS_TOKEN_NOT_FOUND']);
  });
});

test.describe('malformed bodies are 400, one bad ad cancels the import with -4', () => {
  test('"phone": 0, "type": "null", bad JSON, more than 1 MB', async () => {
    const { token } = box.user();
    for (const fields of [{ phone: 0 }, { type: 'null' }]) {
      const answer = await box.put(token, [insertAd('a1', fields)]);
      expect([answer.status, answer.body.reason]).toEqual([400, 'BAD_REQUEST']);
      expect(answer.body.message).toContain(Object.keys(fields)[0]);
    }
    const badJson = await box.put(token, [], '{"access_token": ');
    expect([badJson.status, badJson.body.reason]).toEqual([400, 'BAD_REQUEST']);
    const large = await box.put(token, [insertAd('a1', { body: 'x'.repeat(1024 * 1024) })]);
    expect(large.status).toBe(413);
    expect(typeof large.body.message).toBe('string');
  });

  test('-3 without an ad; -4 names every bad ad with its categories and imports none', async () => {
    const { token, login } = box.user();
    expect((await box.put(token, [])).body).toMatchObject({
      token: null,
      statusCode: -3,
      statusMessage: 'There is no ad to import',
    });
    const answer = await box.put(token, [
      insertAd('good-1'),
      insertAd('an-id-of-twenty-chr'.padEnd(20, 'x')),
      insertAd('no-region', { zipcode: undefined }),
      { id: 'never-held', operation: 'delete' },
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      token: null,
      statusCode: -4,
      statusMessage: 'An ad had problems on import',
    });
    expect(answer.body.errors).toEqual([
      { id: 'an-id-of-twenty-chrx', status: 'error', messages: [{ category: 'UNDEFINED_AD_ID' }] },
      { id: 'no-region', status: 'error', messages: [{ category: 'NO_REGION' }] },
      { id: 'never-held', status: 'error', messages: [{ category: 'UNDEFINED_AD_ID' }] },
    ]);
    // Well past the moderation's delay: the good ad of the cancelled import never reached the listing.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(box.sandbox.state.ads.find(login, 'good-1')).toBeUndefined();
  });
});

test.describe('the account conditions, as switches', () => {
  test('-5 for everyone, -2 and -6 for the logins named, the others import', async () => {
    const [blocked, denied, free] = [box.user(), box.user(), box.user()];
    box.set('import-blocked', [blocked.login]);
    box.set('import-without-permission', [denied.login]);
    expect((await box.put(blocked.token, [insertAd('a1')])).body).toMatchObject({
      statusCode: -2,
      token: null,
    });
    expect((await box.put(denied.token, [insertAd('a1')])).body).toMatchObject({
      statusCode: -6,
      token: null,
    });
    expect((await box.put(free.token, [insertAd('a1')])).body).toMatchObject({ statusCode: 0 });
    box.set('import-unavailable', true);
    const unavailable = await box.put(free.token, [insertAd('a2')]);
    expect([unavailable.status, unavailable.body.statusCode]).toEqual([200, -5]);
  });

  test('-7 without a free slot, -8 with fewer than the import needs', async () => {
    const { token } = box.user();
    box.set('import-ad-slots', 2);
    expect((await box.put(token, [insertAd('a1'), insertAd('a2'), insertAd('a3')])).body.statusCode).toBe(-8);
    const two = await box.put(token, [insertAd('a1'), insertAd('a2')]);
    await box.done(token, two.body.token as string);
    expect((await box.put(token, [insertAd('a3')])).body).toMatchObject({
      statusCode: -7,
      statusMessage: 'Trying to import 1 ad(s), but user just have slot for 0 more.',
    });
    // An edit of a live ad needs no new slot.
    expect((await box.put(token, [insertAd('a1', { price: 5 })])).body.statusCode).toBe(0);
  });
});
