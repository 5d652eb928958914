import fc from 'fast-check';
import { settingsFor, test } from '../../fixtures/index.js';
import type { ControlClient } from '../../helpers/clients/control-client.js';
import { covers } from '../../helpers/assert/covers.js';
import { notificationCommands } from '../../helpers/assert/notification-model.js';
import { expectExactDeliveries } from '../../helpers/assert/notification-model-check.js';
import type { NotificationModel, NotificationReal } from '../../helpers/assert/notification-model-types.js';
import { assertProperty } from '../../helpers/assert/property.js';

const STATUSES = ['pending_review', 'published', 'deleted', 'refused', 'sold'] as const;

test.describe('4.6 and 6 Notification lifecycle (model-based)', () => {
  test(
    'generated sequences of create, read, update, delete and status changes deliver exactly what the model predicts',
    covers('R4.6-01', 'R4.6-02', 'R4.6-03', 'R4.6-04', 'R6-01', 'R6-03', 'R6-04'),
    async ({ newSubscriber, control, notifications, receiver, target, severalPerUser }) => {
      // A target that delivers late waits about WEBHOOK_WAIT_MS at most a few times a run.
      test.setTimeout(240_000 + 20 * target.webhook.waitMs);
      const subscriber = await newSubscriber(3);
      // 4.6 does not say a user may hold several configurations: with one, creates wait for a delete.
      const several = await severalPerUser(subscriber.token);
      const helpers = control as ControlClient;
      const real: NotificationReal = {
        token: subscriber.token,
        ads: subscriber.ads,
        notifications,
        receiver,
        webhook: target.webhook,
        newSettings: (url) => settingsFor(url),
        changeStatus: subscriber.changeStatus,
        sentinel: subscriber.sentinel,
      };
      await assertProperty(
        'notification lifecycle',
        fc.asyncProperty(
          fc.commands(notificationCommands(STATUSES), { maxCommands: 16, size: 'max' }),
          async (commands) => {
            // Each run starts from known ads and no configuration, and removes what it created.
            await helpers.seedAds(subscriber.user.login, [...subscriber.ads, subscriber.sentinelAd]);
            const model: NotificationModel = {
              live: [],
              configs: [],
              adStatus: new Map(subscriber.ads.map((ad) => [ad.id, ad.status])),
              severalPerUser: several,
            };
            try {
              await fc.asyncModelRun(() => ({ model, real }), commands);
              await expectExactDeliveries(model, real);
            } finally {
              for (const config of model.live) await notifications.remove(subscriber.token, config.id);
            }
          },
        ),
        { runs: 10 },
      );
    },
  );
});
