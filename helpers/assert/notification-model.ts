import fc from 'fast-check';
import type { SeededAd } from '../clients/control-client.js';
import {
  describeDelivery,
  describeQuiet,
  expectNotification,
  notifiesAbout,
  UPDATE_SETTLE_MS,
} from './expect-delivery.js';
import { expectAccepted, expectConfiguration, expectRefused } from './expect-notification.js';
import type { NotificationClient, NotificationSettings } from '../clients/notification-client.js';
import { holdsAdId, holdsStatus, type ExpectedChange } from './notification-match.js';
import type { Delivery, Receiver, ReceiverEndpoint, Sentinel } from '../clients/receiver.js';
import type { WebhookConfig } from '../target/target.js';
import { verify } from './verify.js';

/**
 * A model of one user's notification configurations (4.6) and of the AD_STATUS deliveries each
 * receiver path must get (6), for fast-check's model-based testing.
 */
export interface LiveConfig {
  id: string;
  settings: NotificationSettings & { url: string; token: string };
  endpoint: ReceiverEndpoint;
  /** After an update: no change of the user's ads before this time (epoch ms), see ChangeCommand. */
  settledAt?: number;
}

export interface ExpectedDelivery {
  change: ExpectedChange;
  token: string;
}

export interface NotificationModel {
  live: LiveConfig[];
  /** Every path ever configured in this run, with the deliveries it must have got, in order. */
  expected: Map<ReceiverEndpoint, ExpectedDelivery[]>;
  adStatus: Map<string, string>;
  /** Whether the target keeps several configurations per user (4.6 does not say): else one at a time. */
  severalPerUser: boolean;
  /** How many of each path's expected deliveries were already matched. */
  matched: Map<ReceiverEndpoint, number>;
}

export interface NotificationReal {
  token: string;
  ads: readonly SeededAd[];
  notifications: NotificationClient;
  receiver: Receiver;
  webhook: WebhookConfig;
  newSettings: (url: string) => NotificationSettings & { url: string; token: string };
  changeStatus: (ad: SeededAd, status: string) => Promise<ExpectedChange>;
  /** A sentinel through these live configurations' paths, to end the final quiet period. */
  sentinel: (...endpoints: ReceiverEndpoint[]) => () => Promise<Sentinel>;
}

type Command = fc.AsyncCommand<NotificationModel, NotificationReal>;

function pick<T>(list: readonly T[], index: number): T {
  const chosen = list[index % list.length];
  if (chosen === undefined) throw new Error('pick from an empty list');
  return chosen;
}

class CreateCommand implements Command {
  check = (model: Readonly<NotificationModel>): boolean => model.severalPerUser || model.live.length === 0;
  async run(model: NotificationModel, real: NotificationReal): Promise<void> {
    const endpoint = real.receiver.endpoint(`model-${model.expected.size}`);
    const settings = real.newSettings(endpoint.url);
    const config = expectConfiguration(await real.notifications.create(real.token, settings), settings, [
      'R4.6-01',
    ]);
    model.live.push({ id: config.id, settings, endpoint });
    model.expected.set(endpoint, []);
  }
  toString = (): string => 'create';
}

class ReadCommand implements Command {
  constructor(readonly index: number) {}
  check = (model: Readonly<NotificationModel>): boolean => model.live.length > 0;
  async run(model: NotificationModel, real: NotificationReal): Promise<void> {
    const config = pick(model.live, this.index);
    expectConfiguration(await real.notifications.read(real.token, config.id), config.settings, ['R4.6-02']);
  }
  toString = (): string => `read(${this.index})`;
}

class UpdateCommand implements Command {
  constructor(readonly index: number) {}
  check = (model: Readonly<NotificationModel>): boolean => model.live.length > 0;
  async run(model: NotificationModel, real: NotificationReal): Promise<void> {
    const config = pick(model.live, this.index);
    // Changes made before the update go where the configuration said then (6: ordering not shown).
    await expectArrived(model, config.endpoint, real);
    const endpoint = real.receiver.endpoint(`model-${model.expected.size}`);
    const settings = real.newSettings(endpoint.url);
    expectAccepted(await real.notifications.update(real.token, config.id, settings), ['R4.6-03'], 'update');
    config.settings = settings;
    config.endpoint = endpoint;
    model.expected.set(endpoint, []);
    config.settledAt = Date.now() + UPDATE_SETTLE_MS;
  }
  toString = (): string => `update(${this.index})`;
}

class DeleteCommand implements Command {
  constructor(readonly index: number) {}
  check = (model: Readonly<NotificationModel>): boolean => model.live.length > 0;
  async run(model: NotificationModel, real: NotificationReal): Promise<void> {
    const config = pick(model.live, this.index);
    // Changes made before the delete are delivered first: whether a delete cancels them is not shown.
    await expectArrived(model, config.endpoint, real);
    expectAccepted(await real.notifications.remove(real.token, config.id), ['R4.6-04'], 'delete');
    model.live = model.live.filter((live) => live !== config);
    expectRefused(await real.notifications.read(real.token, config.id), ['R4.6-04'], 'read after delete');
  }
  toString = (): string => `delete(${this.index})`;
}

class ChangeCommand implements Command {
  constructor(
    readonly adIndex: number,
    readonly status: string,
  ) {}
  check = (model: Readonly<NotificationModel>): boolean =>
    [...model.adStatus.values()][this.adIndex % model.adStatus.size] !== this.status;
  async run(model: NotificationModel, real: NotificationReal): Promise<void> {
    const ad = pick(real.ads, this.adIndex);
    // The last update of a live configuration may reach the deliveries a little later (4.6 does
    // not say when); a deleted configuration receives nothing either way.
    const settling = Math.max(0, ...model.live.map((config) => config.settledAt ?? 0)) - Date.now();
    if (settling > 0) await new Promise((resolve) => setTimeout(resolve, settling));
    const change = await real.changeStatus(ad, this.status);
    model.adStatus.set(ad.id, this.status);
    // Not waited for here: a target may deliver late (6: timeouts not shown); expectArrived matches.
    for (const config of model.live)
      model.expected.get(config.endpoint)?.push({ change, token: config.settings.token });
  }
  toString = (): string => `change(${this.adIndex}, ${this.status})`;
}

export function notificationCommands(statuses: readonly string[]): Array<fc.Arbitrary<Command>> {
  const index = fc.nat({ max: 7 });
  const create = fc.constant(new CreateCommand());
  const change = fc
    .tuple(index, fc.constantFrom(...statuses))
    .map(([at, status]) => new ChangeCommand(at, status));
  // fc.commands picks among its arbitraries evenly: creates and changes are listed twice so that
  // most sequences have configurations for the changes to reach.
  return [
    create,
    create,
    change,
    change,
    index.map((at) => new ReadCommand(at)),
    index.map((at) => new UpdateCommand(at)),
    index.map((at) => new DeleteCommand(at)),
  ];
}

/** Whether a delivery carries this change: its ad id (or list_id) and its new status. */
function carries(delivery: Delivery, change: ExpectedChange): boolean {
  try {
    const body = JSON.parse(delivery.body) as unknown;
    return holdsAdId(body, change) && holdsStatus(body, change.status);
  } catch {
    return false;
  }
}

/**
 * Waits for the deliveries the model expects at a path, and matches each expected change to one
 * delivery that carries it, in any order (6: ordering not shown). Requests naming none of the
 * ads (a ping on create) are not deliveries of a change.
 */
async function expectArrived(
  model: NotificationModel,
  endpoint: ReceiverEndpoint,
  real: NotificationReal,
): Promise<void> {
  const expected = model.expected.get(endpoint) ?? [];
  if ((model.matched.get(endpoint) ?? 0) >= expected.length) return;
  const arrived = await endpoint.waitFor(expected.length, notifiesAbout(real.ads));
  const unmatched = [...arrived];
  for (const { change, token } of expected) {
    const at = unmatched.findIndex((delivery) => carries(delivery, change));
    const delivery = at >= 0 ? unmatched.splice(at, 1)[0] : undefined;
    verify(
      at >= 0 && delivery !== undefined,
      ['R6-01', 'R6-03'],
      `a delivery to ${endpoint.path} of ${change.adId} becoming ${change.status} (${expected.length} expected)`,
      `${arrived.length} deliveries, none left that carries it`,
      arrived.map(describeDelivery).join('\n\n'),
    );
    expectNotification(delivery, change, token, real.webhook);
  }
  model.matched.set(endpoint, expected.length);
}

/**
 * After a run: every path got exactly what the model predicts, nothing more: a quiet period, which
 * a sentinel through the live configurations ends (Receiver.quiet); with none live, its timer.
 */
export async function expectExactDeliveries(model: NotificationModel, real: NotificationReal): Promise<void> {
  for (const endpoint of model.expected.keys()) await expectArrived(model, endpoint, real);
  const live = model.live.map((config) => config.endpoint);
  const quiet = await real.receiver.quiet(live.length > 0 ? [real.sentinel(...live)] : []);
  const counts = notifiesAbout(real.ads);
  for (const [endpoint, expected] of model.expected) {
    const notifications = endpoint.deliveries.filter(counts);
    verify(
      notifications.length === expected.length,
      ['R6-01', 'R4.6-03', 'R4.6-04'],
      `${expected.length} deliveries to ${endpoint.path}, as the model predicts`,
      `${notifications.length} by the end of ${describeQuiet(quiet)}`,
      endpoint.deliveries.map(describeDelivery).join('\n\n'),
    );
  }
}
