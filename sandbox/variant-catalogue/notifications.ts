import { randomUUID } from 'node:crypto';
import { NotificationError } from '../../spec/errors.js';
import { productionEvent, type AdEvent } from '../notifications/body.js';
import type { NotificationRequest } from '../notifications/context.js';
import type { Check } from '../rules/patch.js';
import type { NotificationsRules } from '../notifications/rules.js';
import type { DeliveryUrl, NotificationConfig, Owner } from '../store/notifications.js';
import { always } from '../rules/patch.js';
import type { RulebookPatch } from '../rules/book.js';
import type { VariantDefinition } from './types.js';

/** Other field names for the AD_STATUS body: the ad id, a numeric list id, the status, epoch seconds. */
function otherBody({ change, status }: AdEvent): string {
  return JSON.stringify({
    event: 'AD_STATUS',
    ad_identifier: change.adId,
    ...(change.listId === undefined ? {} : { classified_id: Number(change.listId) }),
    new_state: status,
    timestamp: Math.floor(change.changedAt.getTime() / 1000),
  });
}

/** The sandbox's earlier body: `{id, topic, created_at (RFC 3339, UTC, Z), data: {ad: {id, list_id?, status}}}`. */
function minimalBody({ change, status }: AdEvent): string {
  const ad = { id: change.adId, ...(change.listId === undefined ? {} : { list_id: change.listId }), status };
  return JSON.stringify({
    id: randomUUID(),
    topic: 'AD_STATUS',
    created_at: change.changedAt.toISOString(),
    data: { ad },
  });
}

/** Production's event with list_id and category as numbers, as its documentation's example writes them. */
function numericIdsBody(event: AdEvent): string {
  const body = productionEvent(event);
  const { list_id: listId, category, ...ad } = body.data.ad;
  const numeric = (text: string): number | string => (/^\d{1,15}$/.test(text) ? Number(text) : text);
  return JSON.stringify({
    ...body,
    data: {
      ad: {
        ...ad,
        ...(listId === undefined ? {} : { list_id: numeric(listId) }),
        category: numeric(category),
      },
    },
  });
}

/** The token raw in a header of the server's own choosing. */
function rawTokenHeader(token: string): Record<string, string> {
  return { 'x-hook-token': token };
}

/** notification-assigned-fields-refused: a body that names id or type is refused with 400. */
function assignedFieldsRefused(check: Check<NotificationRequest>): Check<NotificationRequest> {
  return (checked) => {
    check(checked);
    const fields = checked.sent.fields;
    if ('id' in fields || 'type' in fields)
      throw new NotificationError('BAD_REQUEST', 'id and type are assigned by the service.');
  };
}

const SAO_PAULO_OFFSET_MS = -3 * 60 * 60 * 1000;

/** Production's local time (São Paulo, UTC-3) without an offset. */
function saoPauloLocalTime(changedAt: Date): string {
  return new Date(changedAt.getTime() + SAO_PAULO_OFFSET_MS).toISOString().replace('Z', '');
}

/** The time of the change in UTC with the offset written `+00` (ISO 8601 allows `+hh`). */
function hoursOnlyOffset(changedAt: Date): string {
  return changedAt.toISOString().replace('Z', '+00');
}

/** A refusal of a create because the owner already holds a configuration: 409 Conflict. */
class ConfigurationConflict extends NotificationError {
  override get status(): number {
    return 409;
  }
}

/**
 * R4.6-01 with one configuration per owner: a second create is answered 409 while the first
 * exists. `sameOwner` says whose configurations count: the user's, or the user's through this client.
 */
function onlyOne(sameOwner: (config: NotificationConfig, owner: Owner) => boolean) {
  return (room: Check<NotificationRequest>): Check<NotificationRequest> =>
    (checked) => {
      room(checked);
      const owner = { login: checked.grant?.login ?? '', clientId: checked.grant?.clientId ?? '' };
      if (checked.store.ofUser(owner.login).some((config) => sameOwner(config, owner)))
        throw new ConfigurationConflict(
          'BAD_REQUEST',
          'A notification configuration exists already: update or delete it.',
        );
    };
}

/** R4.6-01 with one configuration per user: a create replaces the user's earlier configuration. */
function replacingCreate(create: NotificationsRules['storedCreate']): NotificationsRules['storedCreate'] {
  return (store, settings, owner, newId) => {
    for (const earlier of store.ofUser(owner.login)) store.delete(earlier.id);
    return create(store, settings, owner, newId);
  };
}

/**
 * Per sandbox (a factory, run each time the switch is turned on): the url each updated configuration's deliveries keep
 * until the lag has passed; the store holds only the url the reference delivers to.
 */
function updateLagsPatch(): RulebookPatch {
  const lagging = new Map<string, DeliveryUrl>();
  return {
    notifications: {
      savedUpdate: (save) => (store, config, settings) => {
        if (!lagging.has(config.id)) lagging.set(config.id, { url: config.url, target: config.target });
        const saved = save(store, config, settings);
        setTimeout(() => lagging.delete(config.id), UPDATE_LAG_MS).unref();
        return saved;
      },
      deliveryUrl: (url) => (config) => lagging.get(config.id) ?? url(config),
    },
  };
}

/** A request to a new configuration's url that carries no ad: the server checks it can reach it. */
function pingBody(config: NotificationConfig): string {
  return JSON.stringify({ topic: 'PING', configuration_id: config.id, sent_at: new Date().toISOString() });
}

/** How much later than the change the late variant delivers: over the 10 s once waited for. */
const LATE_DELIVERY_MS = 12_000;
/** How long the deliveries of the lagging variant keep going to the url before an update. */
const UPDATE_LAG_MS = 1_500;

/** Variants of notifications and deliveries: other choices a correct server could make. */
export const NOTIFICATIONS_VARIANTS = {
  'notify-other-body': {
    description:
      'notification bodies with other field names: {event, ad_identifier, classified_id (a number), new_state, timestamp (epoch seconds)}',
    env: {},
    patch: { notifications: { notificationBody: () => otherBody } },
  },
  'notify-minimal-body': {
    description:
      'the earlier body: {id, topic, created_at (RFC 3339 UTC, with Z), data: {ad: {id, list_id?, status}}}, no category or operation',
    env: {},
    patch: { notifications: { notificationBody: () => minimalBody } },
  },
  'notify-numeric-ids': {
    description:
      "production's body with list_id and category as JSON numbers, as its documentation's example writes them",
    env: {},
    patch: { notifications: { notificationBody: () => numericIdsBody } },
  },
  'notify-token-header': {
    description: 'the notification token raw in X-Hook-Token, named to the suite by WEBHOOK_TOKEN_HEADER',
    env: { WEBHOOK_TOKEN_HEADER: 'X-Hook-Token' },
    patch: { notifications: { tokenHeaders: () => rawTokenHeader } },
  },
  'notify-token-header-unnamed': {
    description:
      'the notification token raw in X-Hook-Token, not named to the suite (any header may carry it)',
    env: {},
    patch: { notifications: { tokenHeaders: () => rawTokenHeader } },
  },
  'notify-local-time': {
    description:
      'the time of the change without a UTC offset, in São Paulo time (UTC-3), as production sends it',
    env: {},
    patch: { notifications: { changeTime: () => saoPauloLocalTime } },
  },
  'notify-offset-hours': {
    description: 'the time of the change with its UTC offset written +00 (ISO 8601 hours-only offset)',
    env: {},
    patch: { notifications: { changeTime: () => hoursOnlyOffset } },
  },
  'notify-one-per-user-409': {
    description: 'one notification configuration per user: a second create is answered 409 Conflict',
    env: {},
    patch: { notifications: { roomForOneMore: onlyOne(() => true) } },
  },
  'notify-one-per-user-replace': {
    description: "one notification configuration per user: a create replaces the user's earlier one",
    env: {},
    patch: { notifications: { storedCreate: replacingCreate } },
  },
  'notify-keyed-to-client': {
    description:
      'configurations keyed to the client: one per user and client (a second create through the same client is answered 409); another client of the user holds its own',
    env: {},
    patch: {
      notifications: {
        roomForOneMore: onlyOne((config, owner) => config.owner.clientId === owner.clientId),
      },
    },
  },
  'notify-ping-on-create': {
    description: "a test request without an ad ({topic: PING, ...}) to a new configuration's url on create",
    env: {},
    patch: { notifications: { createdPing: () => pingBody } },
  },
  'notify-late': {
    description: `every delivery ${LATE_DELIVERY_MS / 1000} s after the change`,
    env: {},
    patch: { notifications: { deliveryDelayMs: always(LATE_DELIVERY_MS) } },
  },
  'notify-update-lags': {
    description: `an update reaches the deliveries ${UPDATE_LAG_MS} ms later (reads show it at once)`,
    env: {},
    patch: updateLagsPatch,
  },
  'notification-assigned-fields-refused': {
    description:
      'a create or update whose body carries id or type (both assigned by the service) is refused with 400 BAD_REQUEST',
    env: {},
    patch: { notifications: { bodyIsObject: assignedFieldsRefused } },
  },
} as const satisfies Record<string, VariantDefinition>;
