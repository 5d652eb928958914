import fc from 'fast-check';
import { UPDATE_SETTLE_MS } from './expect-delivery.js';
import { expectAccepted, expectConfiguration, expectDeleted, expectRefused } from './expect-notification.js';
import type { ReceiverEndpoint } from '../clients/receiver.js';
import { createOverEdge } from '../clients/create-over-edge.js';
import { expectPlaced } from './notification-model-check.js';
import type { ConfigModel, NotificationModel, NotificationReal } from './notification-model-types.js';

type Command = fc.AsyncCommand<NotificationModel, NotificationReal>;

function pick<T>(list: readonly T[], index: number): T {
  const chosen = list[index % list.length];
  if (chosen === undefined) throw new Error('pick from an empty list');
  return chosen;
}

function newEndpoint(model: NotificationModel, real: NotificationReal): ReceiverEndpoint {
  return real.receiver.endpoint(
    `model-${model.configs.reduce((n, config) => n + config.endpoints.length, 0)}`,
  );
}

class CreateCommand implements Command {
  check = (model: Readonly<NotificationModel>): boolean => model.severalPerUser || model.live.length === 0;
  async run(model: NotificationModel, real: NotificationReal): Promise<void> {
    const endpoint = newEndpoint(model, real);
    const settings = real.newSettings(endpoint.url);
    // Sent again as a new configuration after an edge's answer: `settings` then holds the fresh token.
    const created = await createOverEdge(real.notifications, real.receiver, real.token, settings, {});
    const config = expectConfiguration(created, settings, ['R4.6-01']);
    const made: ConfigModel = { id: config.id, settings, endpoint, endpoints: [endpoint], expected: [] };
    model.live.push(made);
    model.configs.push(made);
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
    await expectPlaced(config, real);
    const endpoint = newEndpoint(model, real);
    const settings = real.newSettings(endpoint.url);
    expectAccepted(await real.notifications.update(real.token, config.id, settings), ['R4.6-03'], 'update');
    const updatedAt = Date.now();
    const open = config.window !== undefined && config.window.until > updatedAt ? config.window : undefined;
    config.window = {
      until: updatedAt + UPDATE_SETTLE_MS,
      endpoints: [config.endpoint, ...(open?.endpoints ?? [])],
      tokens: [config.settings.token, ...(open?.tokens ?? [])],
    };
    config.settings = settings;
    config.endpoint = endpoint;
    config.endpoints.push(endpoint);
    // No wait for the update to settle: a sentinel shows it reached the deliveries, checked at the
    // end of the run if the configuration is still live (a delete may cancel it) and not updated again.
    const sentinel = await real.sentinel(endpoint, ...config.window.endpoints)();
    config.probe = { sentinel, updatedAt };
  }
  toString = (): string => `update(${this.index})`;
}

class DeleteCommand implements Command {
  constructor(readonly index: number) {}
  check = (model: Readonly<NotificationModel>): boolean => model.live.length > 0;
  async run(model: NotificationModel, real: NotificationReal): Promise<void> {
    const config = pick(model.live, this.index);
    // Changes made before the delete are delivered first: whether a delete cancels them is not shown.
    await expectPlaced(config, real);
    expectDeleted(await real.notifications.remove(real.token, config.id), ['R4.6-04'], 'delete');
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
    // Not waited for here: a target may deliver late (6: timeouts not shown); expectPlaced matches.
    for (const config of model.live) {
      const { window } = config;
      const settling = window !== undefined && change.notBefore < window.until;
      config.expected.push({
        change,
        endpoints: [config.endpoint, ...(settling ? window.endpoints : [])],
        tokens: [config.settings.token, ...(settling ? window.tokens : [])],
      });
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
