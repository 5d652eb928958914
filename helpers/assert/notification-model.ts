import fc from 'fast-check';
import type { SeededAd } from '../clients/control-client.js';
import { describeDelivery, expectNotification } from './expect-delivery.js';
import { expectAccepted, expectConfiguration, expectRefused } from './expect-notification.js';
import type { NotificationClient, NotificationSettings } from '../clients/notification-client.js';
import type { ExpectedChange } from './notification-match.js';
import type { Receiver, ReceiverEndpoint } from '../clients/receiver.js';
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
}

export interface NotificationReal {
  token: string;
  ads: readonly SeededAd[];
  notifications: NotificationClient;
  receiver: Receiver;
  webhook: WebhookConfig;
  newSettings: (url: string) => NotificationSettings & { url: string; token: string };
  changeStatus: (ad: SeededAd, status: string) => Promise<ExpectedChange>;
}

type Command = fc.AsyncCommand<NotificationModel, NotificationReal>;

function pick<T>(list: readonly T[], index: number): T {
  const chosen = list[index % list.length];
  if (chosen === undefined) throw new Error('pick from an empty list');
  return chosen;
}

class CreateCommand implements Command {
  check = (): boolean => true;
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
    const endpoint = real.receiver.endpoint(`model-${model.expected.size}`);
    const settings = real.newSettings(endpoint.url);
    expectAccepted(await real.notifications.update(real.token, config.id, settings), ['R4.6-03'], 'update');
    config.settings = settings;
    config.endpoint = endpoint;
    model.expected.set(endpoint, []);
  }
  toString = (): string => `update(${this.index})`;
}

class DeleteCommand implements Command {
  constructor(readonly index: number) {}
  check = (model: Readonly<NotificationModel>): boolean => model.live.length > 0;
  async run(model: NotificationModel, real: NotificationReal): Promise<void> {
    const config = pick(model.live, this.index);
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
    const change = await real.changeStatus(ad, this.status);
    model.adStatus.set(ad.id, this.status);
    for (const config of model.live) {
      const expected = model.expected.get(config.endpoint) ?? [];
      expected.push({ change, token: config.settings.token });
      // Waiting here keeps each path's deliveries in the order of the changes the model made.
      const arrived = await config.endpoint.waitFor(expected.length);
      const delivery = arrived[expected.length - 1];
      verify(
        delivery !== undefined,
        'R6-01',
        `delivery ${expected.length} to ${config.endpoint.path}`,
        `${arrived.length} deliveries`,
      );
      expectNotification(delivery, change, config.settings.token, real.webhook);
    }
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

/** After a run: every path got exactly what the model predicts, nothing more (a quiet period). */
export async function expectExactDeliveries(model: NotificationModel, receiver: Receiver): Promise<void> {
  const quietMs = receiver.quietPeriodMs();
  await new Promise((resolve) => setTimeout(resolve, quietMs));
  for (const [endpoint, expected] of model.expected) {
    verify(
      endpoint.deliveries.length === expected.length,
      ['R6-01', 'R4.6-03', 'R4.6-04'],
      `${expected.length} deliveries to ${endpoint.path}, as the model predicts`,
      `${endpoint.deliveries.length} deliveries by the end of a ${quietMs} ms quiet period`,
      endpoint.deliveries.map(describeDelivery).join('\n\n'),
    );
  }
}
