import { settingsFor, test } from '../../fixtures/index.js';
import { asCase, covers, onPath } from '../../helpers/assert/covers.js';
import { setUpConfiguration } from '../../helpers/assert/set-up.js';
import {
  expectDeliveryCount,
  expectDeliveryCounts,
  expectNotification,
  notifiesAbout,
  UPDATE_SETTLE_MS,
  type AdRef,
} from '../../helpers/assert/expect-delivery.js';
import { tokenHeaderOf } from '../../helpers/assert/notification-match.js';
import type { Delivery } from '../../helpers/clients/receiver.js';
import type { SeededAd } from '../../helpers/clients/control-client.js';
import type { ExpectedChange } from '../../helpers/assert/notification-match.js';
import type { WebhookConfig } from '../../helpers/target/target.js';
import { expectAccepted, expectDeleted } from '../../helpers/assert/expect-notification.js';
import { verify } from '../../helpers/assert/verify.js';

/** Section 3's statuses, and one it does not list: the set can grow (R6-05, R3-01). */
const STATUSES = ['pending_review', 'published', 'deleted', 'refused', 'archived_by_conformance'] as const;

const ONE_PER_USER =
  'the target holds one notification configuration per user: the kept configuration was made after the delete';

/**
 * The ad a change was made on: the one asked for, or the one a status-change command says it
 * changed instead (contract section 3); deliveries are matched by its id.
 */
function adOf(change: ExpectedChange): SeededAd {
  return {
    id: change.adId,
    status: change.status,
    ...(change.listId === undefined ? {} : { list_id: change.listId }),
  };
}

/** Whether a delivery notifies a change of `ad` and carries `token` (R6-04). */
function carries(delivery: Delivery, ad: AdRef, token: string, webhook: WebhookConfig): boolean {
  return (
    notifiesAbout([ad])(delivery) && tokenHeaderOf(delivery.headers, token, webhook.tokenHeader) !== undefined
  );
}

test.describe('6 AD_STATUS deliveries', () => {
  for (const [index, status] of STATUSES.entries()) {
    const unknown = index === STATUSES.length - 1;
    test(
      `a change to ${status}${unknown ? ' (not in section 3)' : ''} is delivered once, with method, type, token, ad id, status and time`,
      asCase(
        onPath(covers('R6-01', 'R6-02', 'R6-03', 'R6-04', ...(unknown ? ['R6-05'] : [])), 'delivery:first'),
        `change-to-${status}`,
      ),
      async ({ newSubscriber, configure, endpoint, target }) => {
        const subscriber = await newSubscriber(2);
        const hook = endpoint();
        const settings = settingsFor(hook.url);
        setUpConfiguration(await configure(subscriber.token, settings));
        // Alternate between an ad with a list_id and one without (never published).
        const ad = subscriber.ads[index % 2] ?? subscriber.ads[0];
        if (ad === undefined) throw new Error('the subscriber has no seeded ad');
        const change = await subscriber.changeStatus(ad, status);
        const [delivery] = await expectDeliveryCount(
          hook,
          1,
          [adOf(change)],
          ['R6-01', ...(unknown ? ['R6-05'] : [])],
          `one change of ${change.adId}`,
          [subscriber.sentinel(hook)],
        );
        if (delivery === undefined) return;
        expectNotification(delivery, change, settings.token, target.webhook, unknown ? ['R6-05'] : []);
      },
    );
  }

  test(
    'two changes of one ad are two deliveries, each with its own status',
    covers('R6-01', 'R6-03'),
    async ({ newSubscriber, configure, endpoint, target }) => {
      const subscriber = await newSubscriber(1);
      const hook = endpoint();
      const settings = settingsFor(hook.url);
      setUpConfiguration(await configure(subscriber.token, settings));
      const ad = subscriber.ads[0];
      if (ad === undefined) throw new Error('the subscriber has no seeded ad');
      const first = await subscriber.changeStatus(ad, 'published');
      const second = await subscriber.changeStatus(adOf(first), 'deleted');
      const changed = [adOf(first), adOf(second)];
      const deliveries = await expectDeliveryCount(hook, 2, changed, ['R6-01'], 'two changes of one ad', [
        subscriber.sentinel(hook),
      ]);
      // Ordering is not shown by the spec: each change must be matched by some delivery.
      for (const change of [first, second]) {
        const match = deliveries.find((delivery) => delivery.body.includes(JSON.stringify(change.status)));
        verify(
          match !== undefined,
          'R6-03',
          `a delivery carrying ${change.status}`,
          'none of the deliveries carries it',
          deliveries.map((one) => one.body).join('\n'),
        );
        expectNotification(match, change, settings.token, target.webhook);
      }
    },
  );

  test(
    'after an update, deliveries go to the new url with the new token, and none to the old url',
    // The lifecycle model carries these ids too: the secret scan's slice selects this one by case.
    asCase(covers('R4.6-03', 'R6-01', 'R6-04'), 'deliveries-follow-update'),
    async ({ newSubscriber, configure, notifications, endpoint, receiver, target }) => {
      const subscriber = await newSubscriber(2);
      const [early, late] = subscriber.ads;
      if (early === undefined || late === undefined) throw new Error('the subscriber has too few ads');
      const oldHook = endpoint('old');
      const newHook = endpoint('new');
      const created = setUpConfiguration(await configure(subscriber.token, settingsFor(oldHook.url)));
      const next = settingsFor(newHook.url);
      expectAccepted(
        await notifications.update(subscriber.token, created.id, next),
        ['R4.6-03'],
        'the update',
      );
      const settledAt = Date.now() + UPDATE_SETTLE_MS;
      // 4.6 does not say when an update reaches the deliveries: a change made at once is checked
      // when it reached the new url with the new token before UPDATE_SETTLE_MS; else another
      // change, made UPDATE_SETTLE_MS after the update, is.
      let change = await subscriber.changeStatus(early, 'published');
      const first = adOf(change);
      const atOnce = await receiver.until(
        () => newHook.deliveries.some((one) => carries(one, first, next.token, target.webhook)),
        settledAt - Date.now(),
      );
      if (!atOnce) {
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, settledAt - Date.now())));
        change = await subscriber.changeStatus(late, 'published');
      }
      const ad = adOf(change);
      const ids = ['R4.6-03', 'R6-01'];
      const [[delivery] = []] = await expectDeliveryCounts(
        [
          { endpoint: newHook, count: 1, ads: [ad], ids, why: 'the updated url' },
          { endpoint: oldHook, count: 0, ads: [ad], ids, why: 'the url was replaced by the update' },
        ],
        [subscriber.sentinel(newHook)],
      );
      if (delivery !== undefined)
        expectNotification(delivery, change, next.token, target.webhook, ['R4.6-03']);
    },
  );

  test(
    'after a delete, the configuration receives nothing while another one of the user still does',
    // The lifecycle model carries these ids too: fault detection selects this one by its case.
    asCase(covers('R4.6-04', 'R6-01'), 'nothing-after-delete'),
    async ({ newSubscriber, configure, notifications, endpoint, severalPerUser }) => {
      const subscriber = await newSubscriber(1);
      const several = await severalPerUser(subscriber.token);
      const deletedHook = endpoint('deleted');
      const keptHook = endpoint('kept');
      const deleted = setUpConfiguration(await configure(subscriber.token, settingsFor(deletedHook.url)));
      const keep = async (): Promise<void> => {
        setUpConfiguration(await configure(subscriber.token, settingsFor(keptHook.url)));
      };
      // 4.6 does not say a user may hold several configurations: where the target keeps one per
      // user, the kept one is made after the delete (and the delete cannot be shown to spare it).
      if (several) await keep();
      else test.info().annotations.push({ type: 'note', description: ONE_PER_USER });
      expectDeleted(await notifications.remove(subscriber.token, deleted.id), ['R4.6-04'], 'the delete');
      if (!several) await keep();
      const ad = subscriber.ads[0];
      if (ad === undefined) throw new Error('the subscriber has no seeded ad');
      const refused = adOf(await subscriber.changeStatus(ad, 'refused'));
      // The kept configuration's delivery shows the change was processed, then one quiet period for
      // both, which the sentinel through the kept configuration ends.
      await expectDeliveryCounts(
        [
          {
            endpoint: keptHook,
            count: 1,
            ads: [refused],
            ids: ['R6-01'],
            why: 'a configuration that was not deleted',
          },
          {
            endpoint: deletedHook,
            count: 0,
            ads: [refused],
            ids: ['R4.6-04', 'R6-01'],
            why: 'the configuration was deleted',
          },
        ],
        [subscriber.sentinel(keptHook)],
      );
    },
  );

  test(
    "a change of another user's ad is not delivered",
    onPath(covers('R6-01', 'R4.6-06'), 'user:first', 'user:second'),
    async ({ newSubscriber, configure, endpoint }) => {
      const watcher = await newSubscriber(1);
      const changer = await newSubscriber(1);
      const watcherHook = endpoint('watcher');
      const changerHook = endpoint('changer');
      for (const [who, hook] of [
        [watcher, watcherHook],
        [changer, changerHook],
      ] as const) {
        const settings = settingsFor(hook.url);
        setUpConfiguration(await configure(who.token, settings));
      }
      const ad = changer.ads[0];
      if (ad === undefined) throw new Error('the subscriber has no seeded ad');
      const changed = adOf(await changer.changeStatus(ad, 'published'));
      // One quiet period for both, ended by a sentinel through each user's own configuration.
      await expectDeliveryCounts(
        [
          {
            endpoint: changerHook,
            count: 1,
            ads: [changed],
            ids: ['R6-01'],
            why: "the changed ad's own user",
          },
          {
            endpoint: watcherHook,
            count: 0,
            ads: [changed],
            ids: ['R6-01', 'R4.6-06'],
            why: 'the ad belongs to another user',
          },
        ],
        [watcher.sentinel(watcherHook), changer.sentinel(changerHook)],
      );
    },
  );
});
