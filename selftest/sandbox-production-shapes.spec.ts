import { expect, test } from '@playwright/test';
import { startChaosSandbox } from './support/chaos-sandbox.js';
import { insertAd, startImportSandbox } from './support/import-sandbox.js';
import { approvedCode } from './support/token-flow.js';
import { actors } from './support/hostile.js';

/**
 * Production's shapes where the field notes and the import documentation show them: 40-character
 * authorization codes, import tokens of 40 hex digits, the one-ad query's `id` a number as in the
 * example, and 7.3's RATE_LIMIT message with its numbers in every format chaos's block answers.
 */

test("an authorization code is 40 characters, as production's are (the PHP client checks it)", async () => {
  const box = await startImportSandbox();
  try {
    for (let turn = 0; turn < 3; turn += 1) {
      const { code } = await approvedCode(box.sandbox, actors(box.sandbox), 'basic_user_info');
      expect(code).toMatch(/^[A-Za-z0-9_-]{40}$/);
    }
  } finally {
    await box.sandbox.close();
  }
});

test('an import token is 40 hex digits; the one-ad query gives a digits id as a number, another as its string', async () => {
  const box = await startImportSandbox();
  try {
    const { token } = box.user();
    const imported = await box.put(token, [insertAd('9999'), insertAd('ab-12'), insertAd('0012')]);
    expect(imported.body.token).toMatch(/^[0-9a-f]{40}$/);
    const status = await box.done(token, imported.body.token as string);
    const ads = status.ads as Record<string, { list_id: string }>;
    const ids: unknown[] = [];
    for (const id of ['9999', 'ab-12', '0012']) {
      const one = await box.call('GET', `/autoupload/ads/${ads[id]?.list_id ?? 'none'}`, { bearer: token });
      expect(one.status).toBe(200);
      expect(typeof one.body.list_id).toBe('string');
      ids.push(one.body.id);
    }
    expect(ids).toEqual([9999, 'ab-12', '0012']);
  } finally {
    await box.sandbox.close();
  }
});

test("chaos's block says RATE_LIMIT with the numbers of 7.3 in every format it answers", async () => {
  const box = await startChaosSandbox();
  try {
    const actor = box.actor(1);
    const token = await box.signIn(actor);
    expect(
      await box.setChaos({
        profiles: ['rate-limit'],
        clients: [actor.clientId],
        seed: 1,
        limit: 3,
        block_seconds: 60,
      }),
    ).toBe(200);
    const apps = box.sandbox.appsUrl;
    const listing = () =>
      actor.client.call(`${apps}/autoupload/v1/published`, { headers: { authorization: `Bearer ${token}` } });
    for (let count = 0; count < 3; count += 1) expect((await listing()).status).toBe(200);
    const blocked = [
      await listing(),
      await actor.client.userInfo(token),
      await actor.client.call(`${apps}/autoupload/car_info`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ access_token: token }),
      }),
    ];
    for (const outcome of blocked) {
      const body = JSON.parse(outcome.body) as { reason: string; message: string };
      expect([outcome.status, body.reason, body.message]).toEqual([
        429,
        'RATE_LIMIT',
        'You have exceeded the 3 requests in 60 seconds limit!',
      ]);
    }
  } finally {
    await box.close();
  }
});
