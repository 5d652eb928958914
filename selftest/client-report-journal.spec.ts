import { setTimeout as delay } from 'node:timers/promises';
import { expect, test } from '@playwright/test';
import { TRAVEL_ALLOWANCE_MS } from '../report-card/causality.js';
import { gradeClient, idsStanding, standingOf, type ReportCard } from '../report-card/grade.js';
import { REDIRECT_URI, startChaosSandbox, type ChaosSandbox } from './support/chaos-sandbox.js';

/**
 * The report card graded from a real sandbox's journal, not from records written by hand: the
 * journal's records and the graders agree. A plain integrator's day (a consent, the token, basic
 * info, a full crawl) fails no requirement; the same day with its code sent a second time fails the
 * code's single use, and that alone, with the second exchange as evidence.
 */
const failedIds = (card: ReportCard): string[] => idsStanding(card, 'failed');

test.describe('the report card of a client, from the sandbox journal', () => {
  let box: ChaosSandbox;
  test.beforeAll(async () => {
    box = await startChaosSandbox();
  });
  test.afterAll(async () => {
    await box.close();
  });

  test('a plain integrator passes, or is not exercised on, every requirement', async () => {
    const actor = box.actor(25);
    const token = await box.signIn(actor);
    expect((await actor.client.userInfo(token)).status).toBe(200);
    const crawl = await actor.client.crawl(token, 10);
    expect(crawl.pages).toEqual([10, 10, 5]);
    const { records, dropped } = await box.journal({ client_id: actor.clientId });
    const card = gradeClient(actor.clientId, records, { dropped });
    expect(failedIds(card)).toEqual([]);
    const passedIds = card.lines.filter((line) => standingOf(line) === 'passed').map((l) => l.requirement.id);
    // What the day did is graded, not left "not exercised": the pagination and the code at least.
    expect(passedIds).toEqual(expect.arrayContaining(['C2.2-01', 'C4.4-01']));
  });

  test('a client that sends its code twice fails the code single use alone, shown by the second exchange', async () => {
    const actor = box.actor(3);
    const code = await actor.client.authorize(actor.clientId, REDIRECT_URI, actor.login, actor.password);
    await actor.client.token(actor.clientId, actor.secret, REDIRECT_URI, code);
    // Sent again later (a reload), past the travel allowance (causality.ts): not a double submit.
    await delay(2 * TRAVEL_ALLOWANCE_MS);
    await actor.client.token(actor.clientId, actor.secret, REDIRECT_URI, code).catch(() => 'refused');
    const { records } = await box.journal({ client_id: actor.clientId });
    const card = gradeClient(actor.clientId, records);
    expect(failedIds(card)).toEqual(['C2.2-01']);
    const line = card.lines.find((one) => one.requirement.id === 'C2.2-01');
    const evidence = line?.verdict.outcome === 'failed' ? line.verdict.evidence : [];
    const tokenRequests = records.filter(
      (record) => record.kind === 'request' && record.endpoint === 'token',
    );
    expect(evidence.map((record) => record.seq)).toContain(tokenRequests.at(-1)?.seq);
  });
});
