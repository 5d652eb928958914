import { isSuccess, parseJsonBody } from '../record/exchange.js';
import type { Delivery, QuietPeriod, Sentinel } from '../clients/receiver.js';
import { createOverEdge } from '../clients/create-over-edge.js';
import {
  describeDelivery,
  describeQuiet,
  expectNotification,
  notifiesAbout,
  UPDATE_SETTLE_MS,
} from './expect-delivery.js';
import { holdsAdId, holdsStatus, tokenHeaderOf, type ExpectedChange } from './notification-match.js';
import type {
  ConfigModel,
  ExpectedDelivery,
  NotificationModel,
  NotificationReal,
} from './notification-model-types.js';
import { verify } from './verify.js';
import { evenPastBudget } from '../clients/request-meter.js';

/** Whether a delivery carries this change: its ad id (or list_id) and its new status. */
function carries(delivery: Delivery, change: ExpectedChange): boolean {
  try {
    const body = JSON.parse(delivery.body) as unknown;
    return holdsAdId(body, change) && holdsStatus(body, change.status);
  } catch {
    return false;
  }
}

/** The one of `tokens` that a header of the delivery carries (R6-04), if any. */
function tokenOf(delivery: Delivery, tokens: readonly string[], real: NotificationReal): string | undefined {
  return tokens.find(
    (token) => tokenHeaderOf(delivery.headers, token, real.webhook.tokenHeader) !== undefined,
  );
}

interface Placement {
  pairs: Array<{ expected: ExpectedDelivery; delivery: Delivery | undefined }>;
  /** Deliveries of changes that no expected change took: more than the model predicts. */
  left: Delivery[];
}

/**
 * Matches each change a configuration must get to one delivery at one of its paths that carries
 * it, in any order (6: ordering not shown), one carrying an expected token first. Requests naming
 * none of the ads (a ping on create, a sentinel) are not deliveries of a change.
 */
function place(config: ConfigModel, real: NotificationReal): Placement {
  const counts = notifiesAbout(real.ads);
  const left = config.endpoints.flatMap((endpoint) => endpoint.deliveries.filter(counts));
  // A change with one possible path first, so that one made while an update settled cannot take its delivery.
  const order = [...config.expected].sort((a, b) => a.endpoints.length - b.endpoints.length);
  const pairs = order.map((expected) => {
    const fits = (delivery: Delivery, withToken: boolean): boolean =>
      expected.endpoints.some((endpoint) => endpoint.path === delivery.path) &&
      carries(delivery, expected.change) &&
      (!withToken || tokenOf(delivery, expected.tokens, real) !== undefined);
    let at = left.findIndex((delivery) => fits(delivery, true));
    if (at < 0) at = left.findIndex((delivery) => fits(delivery, false));
    const [delivery] = at >= 0 ? left.splice(at, 1) : [];
    return { expected, delivery };
  });
  return { pairs, left };
}

function evidence(config: ConfigModel): string {
  const all = config.endpoints.flatMap((endpoint) => endpoint.deliveries);
  return all.length === 0 ? '(nothing arrived)' : all.map(describeDelivery).join('\n\n');
}

function paths(config: ConfigModel | ExpectedDelivery): string {
  return config.endpoints.map((endpoint) => endpoint.path).join(' or ');
}

/**
 * Waits (WEBHOOK_WAIT_MS) until every change the configuration must get has a delivery, then
 * checks each as section 6 describes it, with the token the configuration had then.
 */
export async function expectPlaced(config: ConfigModel, real: NotificationReal): Promise<void> {
  const started = performance.now();
  const placed = (): boolean => place(config, real).pairs.every(({ delivery }) => delivery !== undefined);
  if (await real.receiver.until(placed, real.receiver.timing.waitMs))
    real.receiver.noteDeliveryTime(performance.now() - started);
  const { pairs } = place(config, real);
  for (const { expected, delivery } of pairs) {
    const { change, tokens } = expected;
    verify(
      delivery !== undefined,
      ['R6-01', 'R6-03'],
      `a delivery to ${paths(expected)} of ${change.adId} becoming ${change.status} (${config.expected.length} expected)`,
      'none left that carries it',
      evidence(config),
    );
    expectNotification(
      delivery,
      change,
      tokenOf(delivery, tokens, real) ?? config.settings.token,
      real.webhook,
    );
  }
}

/** Whether a sentinel sent after the last update reached the configuration's path with its token. */
function reachedNew(config: ConfigModel, sentinel: Sentinel, real: NotificationReal): boolean {
  return config.endpoint.deliveries.some(
    (delivery) =>
      sentinel.isSentinel(delivery) && tokenOf(delivery, [config.settings.token], real) !== undefined,
  );
}

/**
 * R4.6-03: the last update reached the deliveries. The sentinel sent just after it must reach the
 * new path or a former one (R6-01: the configuration was live all along); at the new one with the
 * new token, it has. Otherwise (4.6 does not say when an update takes effect) a second sentinel,
 * sent UPDATE_SETTLE_MS after the update, must.
 */
async function checkUpdateProbe(config: ConfigModel, real: NotificationReal): Promise<void> {
  const { probe } = config;
  if (probe === undefined) return;
  config.probe = undefined;
  const candidates = [config.endpoint, ...(config.window?.endpoints ?? [])];
  const arrival = async (sentinel: Sentinel, when: string): Promise<void> => {
    const arrived = (): boolean => candidates.some((endpoint) => sentinel.reached(endpoint));
    await real.receiver.until(arrived, real.receiver.timing.waitMs);
    const where = candidates.map((endpoint) => endpoint.path).join(' or ');
    const expected = `a change of another ad of the user, made ${when}, delivered to ${where}`;
    verify(arrived(), ['R6-01'], expected, `nothing arrived within WEBHOOK_WAIT_MS`, evidence(config));
  };
  await arrival(probe.sentinel, 'just after the update');
  if (reachedNew(config, probe.sentinel, real)) return;
  const settling = probe.updatedAt + UPDATE_SETTLE_MS - Date.now();
  if (settling > 0) await new Promise((resolve) => setTimeout(resolve, settling));
  const again = await real.sentinel(...candidates)();
  await arrival(again, `${UPDATE_SETTLE_MS} ms after the update`);
  verify(
    reachedNew(config, again, real),
    ['R4.6-03'],
    `a change of another ad made ${UPDATE_SETTLE_MS} ms after the update delivered to the updated url ${config.endpoint.path} with the updated token`,
    again.reached(config.endpoint)
      ? 'a delivery there without the updated token'
      : 'a delivery to a former url',
    evidence(config),
  );
}

/**
 * The quiet period after a run, ended by a sentinel through the live configurations; with none
 * live, through one made for it as the quiet period begins and deleted after it (a create that
 * fails, or a path the sentinel does not reach, leaves the timer).
 */
async function quietPeriod(model: NotificationModel, real: NotificationReal): Promise<QuietPeriod> {
  const live = model.live.map((config) => config.endpoint);
  if (live.length > 0) return real.receiver.quiet([real.sentinel(...live)]);
  const endpoint = real.receiver.endpoint('sentinel');
  let made: string | undefined;
  const trigger = async (): Promise<Sentinel> => {
    const created = await createOverEdge(
      real.notifications,
      real.receiver,
      real.token,
      real.newSettings(endpoint.url),
      {},
    );
    const id = (parseJsonBody(created) as { id?: unknown } | undefined)?.id;
    made = isSuccess(created.response.status) && typeof id === 'string' ? id : undefined;
    return real.sentinel(endpoint)();
  };
  try {
    return await real.receiver.quiet([trigger]);
  } finally {
    // Owed whatever a shrink's budget: a step cut short still removes the configuration it made.
    const id = made;
    if (id !== undefined)
      await evenPastBudget(() => real.notifications.remove(real.token, id)).catch(() => undefined);
  }
}

/**
 * After a run: every configuration got exactly what the model predicts, nothing more, by the end
 * of a quiet period (quietPeriod).
 */
export async function expectExactDeliveries(model: NotificationModel, real: NotificationReal): Promise<void> {
  for (const config of model.live) await checkUpdateProbe(config, real);
  for (const config of model.configs) await expectPlaced(config, real);
  const quiet = await quietPeriod(model, real);
  for (const config of model.configs) {
    const { left } = place(config, real);
    verify(
      left.length === 0,
      ['R6-01', 'R4.6-03', 'R4.6-04'],
      `${config.expected.length} deliveries to ${paths(config)}, as the model predicts`,
      `${config.expected.length + left.length} by the end of ${describeQuiet(quiet)}`,
      evidence(config),
    );
  }
}
