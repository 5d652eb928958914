import { setTimeout as delay } from 'node:timers/promises';
import { expect, test } from '@playwright/test';
import { TRAVEL_ALLOWANCE_MS } from '../report-card/causality.js';
import type { RequestRecord } from '../spec/journal.js';
import { gradeClient, idsStanding, standingOf, type ReportCard } from '../report-card/grade.js';
import { CHAOS_TEST_SEED } from './support/chaos-checks.js';
import {
  requestsOf,
  signInAfresh,
  startChaosSandbox,
  type Actor,
  type ChaosSandbox,
} from './support/chaos-sandbox.js';

/**
 * C7.3-03 graded from a real sandbox's journal: chaos's token-revoked revokes the client's token
 * under it, the journal keeps the revoked token's later requests with the client (marked
 * revoked). A client that sends the refused token again fails C7.3-03 alone, the second use as
 * evidence; one that stops and asks the user to consent again passes it.
 */

const MOST_CALLS = 300;

function standing(card: ReportCard, id: string): string | undefined {
  const line = card.lines.find((one) => one.requirement.id === id);
  return line === undefined ? undefined : standingOf(line);
}

const failedIds = (card: ReportCard): string[] => idsStanding(card, 'failed');

test.describe('C7.3-03 from the journal, a token revoked under the client', () => {
  let box: ChaosSandbox;
  test.beforeAll(async () => {
    box = await startChaosSandbox();
  });
  test.afterAll(async () => {
    await box.close();
  });

  /** basic_user_info with the token until it is refused (set-up: the profile's draw). */
  async function untilRefused(actor: Actor, token: string): Promise<void> {
    for (let call = 0; call < MOST_CALLS; call += 1)
      if ((await actor.client.userInfo(token)).status === 401) return;
    throw new Error(`set-up: token-revoked never fired in ${MOST_CALLS} calls`);
  }

  test('a client that sends the refused token again fails C7.3-03 alone, the second use as evidence', async () => {
    const actor = box.actor(1);
    const token = await box.signIn(actor);
    await box.setChaos({ profiles: ['token-revoked'], clients: [actor.clientId], seed: CHAOS_TEST_SEED });
    await untilRefused(actor, token);
    // The client comes back to the token later, past the travel allowance (causality.ts): a
    // request sent after it could have read the refusal, not one already on its way.
    await delay(2 * TRAVEL_ALLOWANCE_MS);
    await actor.client.userInfo(token);
    const { records } = await box.journal({ client_id: actor.clientId });
    const card = gradeClient(actor.clientId, records);
    expect(failedIds(card)).toEqual(['C7.3-03']);
    const reuse = requestsOf(records).at(-1) as RequestRecord;
    expect(reuse.credentials.revoked).toBe(true);
    const line = card.lines.find((one) => one.requirement.id === 'C7.3-03');
    const evidence = line?.verdict.outcome === 'failed' ? line.verdict.evidence : [];
    expect(evidence.map((record) => record.seq)).toContain(reuse.seq);
    expect(evidence.some((record) => record.decision?.fault === 'token-revoked')).toBe(true);
  });

  test('a client that stops and consents again passes C7.3-03, and fails nothing', async () => {
    const actor = box.actor(1);
    let token = await box.signIn(actor);
    await box.setChaos({ profiles: ['token-revoked'], clients: [actor.clientId], seed: CHAOS_TEST_SEED + 1 });
    await untilRefused(actor, token);
    token = await signInAfresh(box, actor);
    for (let call = 0; call < 10; call += 1)
      if ((await actor.client.userInfo(token)).status === 401) token = await signInAfresh(box, actor);
    const { records } = await box.journal({ client_id: actor.clientId });
    const card = gradeClient(actor.clientId, records);
    expect(failedIds(card)).toEqual([]);
    expect(standing(card, 'C7.3-03')).toBe('passed');
    expect(requestsOf(records).some((record) => record.credentials.revoked === true)).toBe(false);
  });
});
