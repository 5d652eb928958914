import { settingsFor, test } from '../../fixtures/index.js';
import { listedAds } from '../../fixtures/status-trigger.js';
import { covers } from '../../helpers/assert/covers.js';
import { setUpConfiguration } from '../../helpers/assert/set-up.js';
import { describeDelivery } from '../../helpers/assert/expect-delivery.js';
import { expectObservedDelivery } from '../../helpers/assert/observed-delivery.js';
import { attachText } from '../../helpers/report/report.js';
import { patient } from '../../helpers/target/patience.js';

/**
 * CONFORMANCE_OBSERVE_SECONDS: the marketplace changes statuses by itself (moderation,
 * users). A configuration of the configured user listens for that long, in a project of its own
 * beside the others (playwright.config.ts), and every delivery that arrives is checked.
 */
test.describe('6 AD_STATUS deliveries of the marketplace’s own changes', () => {
  test(
    'every delivery during the observation window has the method, type, token, an ad of the user, a status and a time, and the listing agrees',
    covers('R6-02', 'R6-03', 'R6-04'),
    async ({ target, client, user, issueToken, listing, configure, endpoint }) => {
      const seconds = target.observeSeconds;
      test.skip(
        seconds === null,
        'set CONFORMANCE_OBSERVE_SECONDS to listen for the marketplace’s own changes',
      );
      const window = (seconds ?? 0) * 1000;
      test.setTimeout(patient(window + 180_000));
      const token = await issueToken(client, { scope: 'autoupload', user });
      const hook = endpoint('observe');
      const settings = settingsFor(hook.url);
      setUpConfiguration(await configure(token, settings));
      const configuredAt = Date.now();
      await new Promise((resolve) => setTimeout(resolve, window));
      const observed = [...hook.deliveries];
      test.skip(observed.length === 0, `no status change happened in ${seconds ?? 0} s`);
      const listed = await listedAds(listing, token);
      for (const [index, delivery] of observed.entries())
        await test.step(`delivery ${index + 1} of ${observed.length}`, async () => {
          await attachText(`delivery ${index + 1}`, describeDelivery(delivery));
          expectObservedDelivery(delivery, {
            configuredAt,
            listed,
            all: hook.deliveries,
            token: settings.token,
            webhook: target.webhook,
          });
        });
    },
  );
});
