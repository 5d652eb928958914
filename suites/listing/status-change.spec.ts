import { test } from '../../fixtures/index.js';
import { covers, onPath } from '../../helpers/assert/covers.js';
import { crawlStatuses, expectListedAfterChange } from '../../helpers/assert/listed-status.js';
import { SECTION_3_STATUSES } from '../../spec/ad-status.js';

/**
 * 2.5 and 4.4 on the path of a changed ad: the listing's other tests read ads as they were seeded
 * (or as the account holds them), the delivery tests check what is delivered after a change. A
 * server whose listing keeps an ad's old status, and filters by it, while it delivers the new one
 * passes both; here the listing is read back after each change the suite makes, through the test
 * helpers or the team's status-change command alike (fixtures newSubscriber).
 */
test.describe('2.5 and 4.4 The listing after a status change', () => {
  test(
    'after each status change the listing shows the new status, and ads_status lists the ad under it alone',
    onPath(covers('R2.5-06', 'R4.4-05', 'R4.4-06'), 'ad-state:changed'),
    async ({ newSubscriber, listing, target }) => {
      const subscriber = await newSubscriber(1);
      const [ad] = subscriber.ads;
      if (ad === undefined) throw new Error('the subscriber has no ad');
      const boundMs = target.statusChange?.deliveryTimeoutMs ?? target.webhook.waitMs;
      // Read once before the first change: a server that keeps what it first listed shows it here.
      let previous = (await crawlStatuses(listing, subscriber.token)).get(ad.id) ?? subscriber.statusOf(ad);
      // Each status of section 3 in turn, starting from one the ad does not have: every one a change.
      const start = Math.max(0, SECTION_3_STATUSES.findIndex((status) => status === previous) + 1);
      const order = [...SECTION_3_STATUSES.slice(start), ...SECTION_3_STATUSES.slice(0, start)];
      let current = ad;
      for (const status of order.filter((one) => one !== previous)) {
        await test.step(`change to ${status}, then read the listing back`, async () => {
          const change = await subscriber.changeStatus(current, status);
          // A command may change another ad than the one asked for (contract 3): that ad is read back.
          const before = change.adId === current.id ? previous : undefined;
          await expectListedAfterChange(listing, subscriber.token, change, before, boundMs);
          current = { id: change.adId, status: change.status };
          previous = change.status;
        });
      }
    },
  );
});
