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
  chaosSandboxForEachTest,
  startChaosSandbox,
  type Actor,
  type ChaosSandbox,
} from './support/chaos-sandbox.js';
import { patient } from '../helpers/target/patience.js';

/**
 * token-revoked (docs/sandbox-chaos.md): the token of a stated share of the API's requests revoked
 * on arrival, refused by the endpoint in its own format, and refused again later; and the journal
 * attributing a revoked token's later requests to its client, the record saying it was revoked.
 */

const SEED = CHAOS_TEST_SEED;

let box: ChaosSandbox;
chaosSandboxForEachTest((started) => {
  box = started;
});

function reasonOf(body: string): string | undefined {
  try {
    return (JSON.parse(body) as { reason?: string }).reason;
  } catch {
    return undefined;
  }
}

/**
 * `calls` listing requests, a new consent after each refusal (as a client must): the tokens
 * revoked, and the places among the calls where the listing refused one.
 */
async function listAndConsentAgain(
  on: ChaosSandbox,
  actor: Actor,
  first: string,
  calls: number,
): Promise<{ revoked: string[]; refusedAt: number[] }> {
  let token = first;
  const revoked: string[] = [];
  const refusedAt: number[] = [];
  for (let call = 0; call < calls; call += 1) {
    const outcome = await actor.client.call(`${on.sandbox.appsUrl}/autoupload/v1/published?fetch_size=5`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (outcome.status === 200) continue;
    expect([outcome.status, reasonOf(outcome.body)]).toEqual([401, 'ACCESS_DENIED']);
    revoked.push(token);
    refusedAt.push(call);
    token = await signInAfresh(on, actor);
  }
  return { revoked, refusedAt };
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
    test.setTimeout(patient(120_000));
    const [actor, bystander] = [box.actor(5), box.actor(5)];
    const token = await box.signIn(actor);
    const otherToken = await box.signIn(bystander);
    await box.setChaos({ profiles: ['token-revoked'], clients: [actor.clientId], seed: SEED });
    const calls = 400;
    const { revoked } = await listAndConsentAgain(box, actor, token, calls);
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

test.describe('token-revoked replays from its seed', () => {
  const CLIENT = { clientId: 'cl_revoked_replay_client', secret: 'revoked-replay-client-secret-0123456789' };

  /** The calls refused, in a sandbox of their own, for the same client id and the same requests. */
  async function refusedCalls(seed: number): Promise<number[]> {
    const own = await startChaosSandbox();
    try {
      const actor = own.actor(5, CLIENT);
      const token = await own.signIn(actor);
      await own.setChaos({ profiles: ['token-revoked'], clients: [CLIENT.clientId], seed });
      return (await listAndConsentAgain(own, actor, token, 150)).refusedAt;
    } finally {
      await own.close();
    }
  }

  test('the same seed and requests revoke at the same calls; another seed at others', async () => {
    test.setTimeout(patient(120_000));
    const first = await refusedCalls(SEED);
    expect(first.length).toBeGreaterThan(0);
    expect(await refusedCalls(SEED)).toEqual(first);
    expect(await refusedCalls(SEED + 1)).not.toEqual(first);
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
