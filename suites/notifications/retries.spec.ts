import { settingsFor, test } from '../../fixtures/index.js';
import { covers, onPath } from '../../helpers/assert/covers.js';
import { setUpConfiguration, SetUpError } from '../../helpers/assert/set-up.js';
import { expectNotification, notifiesAbout } from '../../helpers/assert/expect-delivery.js';
import type { FirstAttemptFailure } from '../../helpers/clients/receiver.js';

/** After the first attempt was held this long, a retry is still awaited this much longer. */
const RETRY_GRACE_MS = 2_000;

const HOW: Record<FirstAttemptFailure['kind'], string> = {
  '503': 'was answered HTTP 503',
  timeout: 'got no answer',
};

/**
 * 6 on the path of a retry: the delivery tests' receiver accepts every first attempt, so a target
 * that retries after a failed one (6 shows no retries, and allows them) and drops the token, the
 * method, the media type or the body on the retry passes them. Here the receiver fails the first
 * attempt, and every attempt that follows is held to the same sentences. A target that does not
 * retry is correct: the test then skips, naming what it waited for. The timeout is the target's
 * own (not shown): the first attempt is held unanswered until a second one arrives or the receiver's
 * wait for a delivery passes, so a target whose timeout is longer than that is skipped, not failed.
 */
test.describe('6 AD_STATUS deliveries retried after a failed first attempt', () => {
  for (const kind of ['503', 'timeout'] as const) {
    test(
      `when the first attempt ${HOW[kind]}, every retry carries method, type, token, ad id, status and time`,
      onPath(covers('R6-02', 'R6-03', 'R6-04'), 'delivery:retry'),
      async ({ newSubscriber, configure, endpoint, target }) => {
        const subscriber = await newSubscriber(1);
        const [ad] = subscriber.ads;
        if (ad === undefined) throw new Error('the subscriber has no ad');
        const hook = endpoint(`retried-${kind}`);
        const holdMs = hook.waitMs;
        test.setTimeout(test.info().timeout + 2 * holdMs + 2 * hook.waitMs);
        hook.failFirst({ kind, matches: notifiesAbout(subscriber.ads), holdMs });
        const settings = settingsFor(hook.url);
        setUpConfiguration(await configure(subscriber.token, settings));
        const change = await subscriber.changeStatus(ad, 'published');
        const about = notifiesAbout([
          { id: change.adId, ...(change.listId ? { list_id: change.listId } : {}) },
        ]);
        // The first attempt is the delivery tests' to check (R6-01): without it there is nothing to retry.
        if ((await hook.waitFor(1, about)).length === 0)
          throw new SetUpError(
            `the first delivery of the change of ${change.adId}, which the receiver was to fail`,
            `none arrived within ${Math.round(hook.waitMs / 1000)} s`,
          );
        const retryWaitMs = kind === '503' ? hook.waitMs : holdMs + RETRY_GRACE_MS;
        const started = Date.now();
        const attempts = await hook.on
          .until(() => hook.deliveries.filter(about).length >= 2, retryWaitMs)
          .then(() => hook.deliveries.filter(about));
        test.skip(
          attempts.length < 2,
          `no second attempt within ${Math.round((Date.now() - started) / 1000)} s after the first ${HOW[kind]}: the target does not retry${kind === 'timeout' ? ', or waits longer than that for an answer' : ''} (6 shows neither retries nor timeouts)`,
        );
        for (const [index, attempt] of attempts.entries())
          await test.step(`attempt ${index + 1} of ${attempts.length}`, () => {
            expectNotification(attempt, change, settings.token, target.webhook);
          });
      },
    );
  }
});
