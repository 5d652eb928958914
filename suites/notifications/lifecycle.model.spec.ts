import fc from 'fast-check';
import { settingsFor, test, type Subscriber } from '../../fixtures/index.js';
import { CannotChangeError } from '../../fixtures/status-trigger.js';
import { covers } from '../../helpers/assert/covers.js';
import { notificationCommands } from '../../helpers/assert/notification-model.js';
import { expectExactDeliveries } from '../../helpers/assert/notification-model-check.js';
import type { NotificationModel, NotificationReal } from '../../helpers/assert/notification-model-types.js';
import { assertProperty } from '../../helpers/assert/property.js';
import { evenPastBudget } from '../../helpers/clients/request-meter.js';
import { patient } from '../../helpers/target/patience.js';

const STATUSES = ['pending_review', 'published', 'deleted', 'refused', 'sold'] as const;
/**
 * In account mode every change is a run of TARGET_STATUS_CHANGE_COMMAND and a wait for its
 * delivery: the model makes at most RUNS x COMMANDS commands, so at most that many changes.
 */
const ACCOUNT_BOUND = { runs: 2, maxCommands: 8 } as const;
/** Each step of a shrink seeds the ads again and replays a sequence, waiting for its deliveries. */
const SHRINK_BUDGET = { seconds: 30, requests: 300 };
const ACCOUNT_BUDGET = {
  runs: ACCOUNT_BOUND.runs,
  maxRuns: ACCOUNT_BOUND.runs,
  endOnFailure: true,
  shrink: SHRINK_BUDGET,
};
const ACCOUNT_BOUND_NOTE = `model limited to ${ACCOUNT_BOUND.runs * ACCOUNT_BOUND.maxCommands} changes in account mode (${ACCOUNT_BOUND.runs} runs of at most ${ACCOUNT_BOUND.maxCommands} commands, each change a run of TARGET_STATUS_CHANGE_COMMAND)`;

test.describe('4.6 and 6 Notification lifecycle (model-based)', () => {
  test(
    'generated sequences of create, read, update, delete and status changes deliver exactly what the model predicts',
    covers('R4.6-01', 'R4.6-02', 'R4.6-03', 'R4.6-04', 'R6-01', 'R6-03', 'R6-04'),
    async ({ newSubscriber, control, notifications, receiver, target, severalPerUser }) => {
      // A target that delivers late waits about WEBHOOK_WAIT_MS at most a few times a run.
      test.setTimeout(patient(240_000 + 20 * target.webhook.waitMs));
      const subscriber = await newSubscriber(3);
      // 4.6 does not say a user may hold several configurations: with one, creates wait for a delete.
      const several = await severalPerUser(subscriber.token);
      const account = control === null;
      if (account) test.info().annotations.push({ type: 'note', description: ACCOUNT_BOUND_NOTE });
      const statuses = account ? await makeableStatuses(subscriber, STATUSES) : STATUSES;
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
          fc.commands(notificationCommands(statuses), {
            maxCommands: account ? ACCOUNT_BOUND.maxCommands : 16,
            size: 'max',
          }),
          async (commands) => {
            // Each run starts from known ads and no configuration, and removes what it created; in
            // account mode from the statuses the ads have now (no seeding without the helpers).
            if (control !== null)
              await control.seedAds(subscriber.user.login, [...subscriber.ads, subscriber.sentinelAd]);
            const model: NotificationModel = {
              live: [],
              configs: [],
              adStatus: startingStatuses(subscriber, account),
              severalPerUser: several,
            };
            try {
              await fc.asyncModelRun(() => ({ model, real }), commands);
              await expectExactDeliveries(model, real);
            } finally {
              // Owed whatever the shrink's budget: a step cut short still removes what it created.
              await evenPastBudget(async () => {
                for (const config of model.live) await notifications.remove(subscriber.token, config.id);
              });
            }
          },
        ),
        // In account mode a counterexample is not shrunk: each step of a shrink is a process and a wait.
        account ? ACCOUNT_BUDGET : { runs: 10, shrink: SHRINK_BUDGET },
      );
    },
  );
});

/**
 * The statuses the status-change command can make (account mode): each is tried once on the
 * sentinel ad before the property runs, and one the command cannot make here (exit 3) is left out
 * of the model, with a note; a command that fails ends the test as broken there, outside the property.
 */
async function makeableStatuses(subscriber: Subscriber, all: readonly string[]): Promise<string[]> {
  const made: string[] = [];
  for (const status of all) {
    if (subscriber.statusOf(subscriber.sentinelAd) === status) {
      made.push(status);
      continue;
    }
    try {
      await subscriber.changeStatus(subscriber.sentinelAd, status, { cannot: 'throw' });
      made.push(status);
    } catch (error) {
      if (!(error instanceof CannotChangeError)) throw error;
      test.info().annotations.push({ type: 'note', description: `left out of the model: ${error.reason}` });
    }
  }
  test.skip(made.length < 2, 'the status-change command can make fewer than two statuses here');
  return made;
}

/** The ads' statuses a run starts from: as seeded, or in account mode as they are now. */
function startingStatuses(subscriber: Subscriber, account: boolean): Map<string, string> {
  return new Map(
    subscriber.ads.map((ad) => [ad.id, account ? (subscriber.statusOf(ad) ?? ad.status) : ad.status]),
  );
}
