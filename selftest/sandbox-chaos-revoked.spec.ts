import { expect, test } from '@playwright/test';
import { RevokedTokens } from '../sandbox/journal/revoked-tokens.js';
import {
  CHAOS_TEST_SEED,
  countFault,
  expectRate,
  expectUntouched,
  statedRate,
} from './support/chaos-checks.js';
import {
  REDIRECT_URI,
  requestsOf,
  signInAfresh,
  startChaosSandbox,
  type Actor,
  type ChaosSandbox,
} from './support/chaos-sandbox.js';

/**
 * token-revoked (docs/sandbox-chaos.md): the token of a stated share of the API's requests revoked
 * on arrival, refused by the endpoint in its own format, and refused again later; and the journal
 * attributing a revoked token's later requests to its client, the record saying it was revoked.
 */

const SEED = CHAOS_TEST_SEED;

let box: ChaosSandbox;
test.beforeEach(async () => {
  box = await startChaosSandbox();
  console.log(`chaos seed ${SEED} (CHAOS_SEED replays it)`);
});
test.afterEach(async () => {
  await box.close();
});

function reasonOf(body: string): string | undefined {
  try {
    return (JSON.parse(body) as { reason?: string }).reason;
  } catch {
    return undefined;
  }
}

function importStatus(actor: Actor, token: string): Promise<{ status: number; body: string }> {
  return actor.client.call(`${box.sandbox.appsUrl}/autoupload/import/no-such-import`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ access_token: token }),
  });
}

test.describe('token-revoked: a client’s token revoked at its stated rate', () => {
  test('the listing refuses the revoked token 401 ACCESS_DENIED at the rate; later uses are refused too, and journaled as the client’s; a bystander untouched', async () => {
    test.setTimeout(120_000);
    const [actor, bystander] = [box.actor(5), box.actor(5)];
    let token = await box.signIn(actor);
    const otherToken = await box.signIn(bystander);
    await box.setChaos({ profiles: ['token-revoked'], clients: [actor.clientId], seed: SEED });
    const calls = 400;
    const revoked: string[] = [];
    for (let call = 0; call < calls; call += 1) {
      const outcome = await actor.client.call(`${box.sandbox.appsUrl}/autoupload/v1/published?fetch_size=5`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (outcome.status === 200) continue;
      expect([outcome.status, reasonOf(outcome.body)]).toEqual([401, 'ACCESS_DENIED']);
      revoked.push(token);
      token = await signInAfresh(box, actor);
    }
    for (let call = 0; call < 20; call += 1)
      expect((await bystander.client.userInfo(otherToken)).status).toBe(200);
    const listing = requestsOf(
      (await box.journal({ client_id: actor.clientId, endpoint: 'listing' })).records,
    );
    expect(listing.length).toBe(calls);
    const fired = listing.filter((record) => record.decision?.fault === 'token-revoked');
    expectRate(
      'token-revoked',
      fired.length,
      calls,
      statedRate('token-revoked', 'token-revoked', () => true),
    );
    expect(fired.length).toBe(revoked.length);
    expect(fired.every((record) => record.status === 401 && record.reason === 'ACCESS_DENIED')).toBe(true);
    expect(countFault(listing, 'token-revoked')).toBe(revoked.length);
    // Really revoked: the import's status query refuses it in its own format, journaled as the client's.
    const again = await importStatus(actor, revoked[0] ?? '');
    expect([again.status, reasonOf(again.body)]).toEqual([401, 'ACCESS_TOKEN_NOT_FOUND']);
    const [reuse] = requestsOf(
      (await box.journal({ client_id: actor.clientId, endpoint: 'import_status' })).records,
    );
    expect(reuse).toMatchObject({ client_id: actor.clientId, login: actor.login, status: 401 });
    expect(reuse?.credentials.revoked).toBe(true);
    expect(reuse?.decision).toBeUndefined();
    expectUntouched((await box.journal({ client_id: bystander.clientId })).records);
  });

  test('a request without a live token is never drawn for it', async () => {
    const actor = box.actor(1);
    await box.signIn(actor);
    await box.setChaos({ profiles: ['token-revoked'], clients: [actor.clientId], seed: SEED });
    for (let call = 0; call < 100; call += 1) await actor.client.userInfo('not-a-token');
    const records = requestsOf((await box.journal({ endpoint: 'basic_user_info' })).records);
    expect(records.length).toBe(100);
    expect(countFault(records, 'token-revoked')).toBe(0);
  });
});

test.describe('the journal remembers whose a revoked token was', () => {
  test('a token revoked by its code sent twice: its later request is the client’s, marked revoked', async () => {
    const actor = box.actor(1);
    const code = await actor.client.authorize(actor.clientId, REDIRECT_URI, actor.login, actor.password);
    const token = await actor.client.token(actor.clientId, actor.secret, REDIRECT_URI, code);
    await actor.client.token(actor.clientId, actor.secret, REDIRECT_URI, code).catch(() => 'refused');
    expect((await actor.client.userInfo(token)).status).toBe(401);
    const records = requestsOf((await box.journal({ endpoint: 'basic_user_info' })).records);
    expect(records.map((record) => [record.client_id, record.login, record.credentials.revoked])).toEqual([
      [actor.clientId, actor.login, true],
    ]);
    expect(JSON.stringify(records)).not.toContain(token);
  });

  test('the memory is bounded per client and in all, the oldest forgotten first', () => {
    const memory = new RevokedTokens(3, 5);
    for (let index = 0; index < 4; index += 1) memory.remember(`fp:a${index}`, { clientId: 'a', login: 'u' });
    expect(memory.find('fp:a0')).toBeUndefined();
    expect(memory.find('fp:a3')).toEqual({ clientId: 'a', login: 'u' });
    for (let index = 0; index < 3; index += 1) memory.remember(`fp:b${index}`, { clientId: 'b', login: 'v' });
    expect(memory.size).toBe(5);
    expect(memory.find('fp:a1')).toBeUndefined();
    expect(memory.find('fp:b2')?.clientId).toBe('b');
    for (let index = 0; index < 1000; index += 1)
      memory.remember(`fp:c${index}`, { clientId: `c${index}`, login: 'w' });
    expect(memory.size).toBe(5);
  });
});
