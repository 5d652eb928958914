import { setTimeout as delay } from 'node:timers/promises';
import { expect, test } from '@playwright/test';
import { gradeClient, idsStanding } from '../report-card/grade.js';
import { MOST_ALLOWANCE_MS, MOST_LATENESS_CREDIT_MS } from '../report-card/causality.js';
import { signInAfresh, startChaosSandbox, type ChaosSandbox } from './support/chaos-sandbox.js';
import { ConcurrentClient, SharedToken } from './support/concurrent-client.js';
import { patient } from '../helpers/target/patience.js';

/**
 * The other side of what the card forgives a client under load (report-card/causality.ts): six
 * workers share a token that is revoked under them; five consent anew once for all, as a correct
 * client does, and one goes on sending the refused token. However loaded the machine, its uses
 * pass the allowance and the sandbox's lateness credited at most, and the card fails C7.3-03 alone.
 */

const GAP_MS = 300;
/** Attempts enough that the last comes past the most the card forgives (the credit and the allowance). */
const ATTEMPTS = Math.ceil((MOST_LATENESS_CREDIT_MS + MOST_ALLOWANCE_MS) / GAP_MS) + 2;

/** The mistaken worker's token: the refused one sent again, GAP_MS apart, ATTEMPTS times, then given up. */
class StubbornToken extends SharedToken {
  private attempts = 0;

  override live(): Promise<string> {
    return Promise.resolve(this.token);
  }

  override async renew(): Promise<void> {
    this.attempts += 1;
    if (this.attempts > ATTEMPTS) throw new Error('the stubborn worker gives up');
    await delay(GAP_MS);
  }
}

test.describe('a mistaken worker among correct ones', () => {
  let box: ChaosSandbox;
  test.beforeEach(async () => {
    box = await startChaosSandbox();
  });
  test.afterEach(async () => {
    await box.close();
  });

  test('one of six workers sending its revoked token again and again fails C7.3-03 alone', async () => {
    test.setTimeout(patient(120_000));
    const actor = box.actor(300);
    const first = await box.signIn(actor);
    const shared = new SharedToken(first, () => signInAfresh(box, actor));
    const stubborn = new StubbornToken(first, () => Promise.reject(new Error('never asked')));
    const client = new ConcurrentClient(box.sandbox.appsUrl, box.sandbox.caFile);
    let pagesRead = 0;
    const revokeOnce = (): void => {
      pagesRead += 1;
      if (pagesRead === 4) box.sandbox.state.tokens.revoke([first]);
    };
    try {
      const filters = [null, null, 'published', 'published', null, 'published'];
      const crawls = await Promise.allSettled(
        filters.map((filter, worker) =>
          client.crawl(worker === 0 ? stubborn : shared, filter, 10, revokeOnce),
        ),
      );
      expect(crawls[0]?.status, 'the stubborn worker gave up').toBe('rejected');
      expect(crawls.slice(1).every((crawl) => crawl.status === 'fulfilled')).toBe(true);
    } finally {
      await client.close();
    }
    const { records } = await box.journal({ client_id: actor.clientId });
    const card = gradeClient(actor.clientId, records);
    expect([...idsStanding(card, 'failed'), ...idsStanding(card, 'advisory')]).toEqual(['C7.3-03']);
  });
});
