import { isSection3Status } from '../../spec/ad-status.js';
import { NotificationError } from '../../spec/errors.js';
import type { NotificationRequest } from '../notifications/context.js';
import type { RulebookPatch } from '../rules/book.js';
import type { Check } from '../rules/patch.js';
import type { DeliveryUrl, NotificationConfig } from '../store/notifications.js';
import { always } from '../rules/patch.js';
import type { FaultDefinition } from './types.js';

/** A body check that lets the fields through when `accepted` holds, and runs the check otherwise. */
function unless(
  accepted: (fields: Readonly<Record<string, unknown>>) => boolean,
  check: Check<NotificationRequest>,
): Check<NotificationRequest> {
  return (checked) => {
    if (!accepted(checked.sent.fields)) check(checked);
  };
}

/**
 * Per sandbox (a factory, run each time the switch is turned on): the id a create's body carries, noted by the body
 * check and taken by the id rule of the same request (both run synchronously, one after the other).
 */
function clientIdTakenPatch(): RulebookPatch {
  let clientSentId: string | undefined;
  const notingSentId =
    (check: Check<NotificationRequest>): Check<NotificationRequest> =>
    (checked) => {
      check(checked);
      const sent = checked.sent.fields.id;
      clientSentId = typeof sent === 'string' && sent !== '' ? sent : undefined;
    };
  const sentIdFirst =
    (assign: (sequence: number) => string): ((sequence: number) => string) =>
    (sequence) => {
      const taken = clientSentId;
      clientSentId = undefined;
      return taken ?? assign(sequence);
    };
  return { notifications: { bodyIsObject: notingSentId, configurationId: sentIdFirst } };
}

/** Per sandbox (a factory, run each time the switch is turned on): the url each configuration had before its first update. */
function oldUrlAfterUpdatePatch(): RulebookPatch {
  const firstUrl = new Map<string, DeliveryUrl>();
  return {
    notifications: {
      savedUpdate: (save) => (store, config, settings) => {
        if (!firstUrl.has(config.id)) firstUrl.set(config.id, { url: config.url, target: config.target });
        return save(store, config, settings);
      },
      deliveryUrl: (url) => (config) => firstUrl.get(config.id) ?? url(config),
    },
  };
}

/** Per sandbox (a factory, run each time the switch is turned on): deleted configurations, still delivered to. */
function afterDeletePatch(): RulebookPatch {
  const ghosts: NotificationConfig[] = [];
  return {
    notifications: {
      storedDelete: (remove) => (store, config) => {
        remove(store, config);
        ghosts.push(config);
        return false;
      },
      recipients: (find) => (store, change) => [
        ...find(store, change),
        ...ghosts.filter((ghost) => ghost.owner.login === change.login),
      ],
    },
  };
}

/** Faults of the notifications area: each the smallest deviation that breaks the requirements it names. */
export const NOTIFICATIONS_FAULTS = {
  'notification-client-id-taken': {
    requirements: ['R2.7-01'],
    description:
      'a create whose body carries an id stores the configuration under that id, not one the service assigns',
    patch: clientIdTakenPatch,
  },
  'notification-scope-autoservice-among-others': {
    requirements: ['R4.6-05'],
    description:
      'the notification endpoints accept a token holding autoservice beside another scope, without autoupload (autoservice alone is still refused)',
    patch: {
      notifications: {
        scopeAutoupload: (check) => (checked) => {
          const scopes = checked.grant?.scopes ?? [];
          if (!(scopes.includes('autoservice') && scopes.length > 1)) check(checked);
        },
      },
    },
  },
  'notify-none': {
    requirements: ['R6-01'],
    description: 'status changes are never delivered',
    patch: { notifications: { notifiesChange: always(false) } },
  },
  'notify-duplicate': {
    requirements: ['R6-01'],
    description: 'each status change is delivered twice',
    patch: { notifications: { copiesPerChange: always(2) } },
  },
  'notify-no-token': {
    requirements: ['R6-04'],
    description: 'deliveries do not carry the configured token',
    patch: { notifications: { tokenHeaders: always({}) } },
  },
  'notify-old-status': {
    requirements: ['R6-03'],
    description: 'deliveries carry the status before the change',
    patch: { notifications: { notifiedStatus: () => (change) => change.previousStatus } },
  },
  'notify-old-url-after-update': {
    requirements: ['R4.6-03'],
    description: 'after an update, deliveries still go to the old URL',
    patch: oldUrlAfterUpdatePatch,
  },
  'notify-after-delete': {
    requirements: ['R4.6-04'],
    description: 'a deleted configuration still receives deliveries',
    patch: afterDeletePatch,
  },
  'notify-other-user': {
    requirements: ['R6-01'],
    description: "every configuration receives every user's changes",
    patch: { notifications: { recipients: () => (store) => store.all() } },
  },
  'notify-update-not-persisted': {
    requirements: ['R4.6-03'],
    description: 'an update is answered but not stored',
    patch: {
      notifications: { savedUpdate: () => (_store, config, settings) => ({ ...config, ...settings }) },
    },
  },
  'notify-id-not-uuid': {
    requirements: ['R2.7-01'],
    description: 'configuration ids are sequential numbers in a string, not UUIDs',
    patch: { notifications: { configurationId: () => (sequence) => String(sequence) } },
  },
  'notify-accepts-get-method': {
    requirements: ['R2.7-02'],
    description: 'method GET is accepted on create and update',
    patch: { notifications: { methodIsPost: (check) => unless((fields) => fields.method === 'GET', check) } },
  },
  'notify-accepts-any-url': {
    requirements: ['R2.7-03'],
    description: 'url is not checked: missing, relative or malformed values are accepted',
    patch: { notifications: { urlIsHttp: always(undefined) } },
  },
  'notify-accepts-xml': {
    requirements: ['R2.7-04'],
    description: 'media_type text/xml is accepted on create and update',
    patch: {
      notifications: {
        mediaTypeIsJson: (check) => unless((fields) => fields.media_type === 'text/xml', check),
      },
    },
  },
  'notify-token-optional': {
    requirements: ['R2.7-05'],
    description: 'a missing or empty token is accepted on create and update',
    patch: { notifications: { tokenIsPresent: always(undefined) } },
  },
  'notify-type-lowercase': {
    requirements: ['R2.7-06'],
    description: 'the assigned type is "ad_status" instead of AD_STATUS',
    patch: {
      notifications: { configurationView: (view) => (config) => ({ ...view(config), type: 'ad_status' }) },
    },
  },
  'notify-read-hides-token': {
    requirements: ['R2.7-07', 'R4.6-02'],
    description: 'read leaves the token field out of the configuration',
    patch: {
      notifications: {
        readBody: () => (view) =>
          Object.fromEntries(Object.entries(view).filter(([field]) => field !== 'token')),
      },
    },
  },
  'notify-create-returns-id-only': {
    requirements: ['R4.6-01', 'R2.7-07'],
    description: 'create answers with {id} only',
    patch: { notifications: { createdBody: () => (view) => ({ id: view.id }) } },
  },
  'notify-read-not-found': {
    requirements: ['R4.6-02'],
    description: 'read of an existing configuration answers 404',
    patch: {
      notifications: {
        readBody: () => () => {
          throw new NotificationError('NOT_FOUND', 'Not found.');
        },
      },
    },
  },
  'notify-scope-not-checked': {
    requirements: ['R4.6-05'],
    description: 'a token without autoupload may use the notification endpoints',
    patch: { notifications: { scopeAutoupload: always(undefined) } },
  },
  'notify-any-owner': {
    requirements: ['R4.6-06'],
    description: "any valid autoupload token may read, update and delete any user's configuration",
    patch: {
      notifications: {
        findConfiguration: () => (store, id) => store.all().find((config) => config.id === id),
      },
    },
  },
  'notify-text-plain': {
    requirements: ['R6-02'],
    description: 'deliveries are sent with Content-Type text/plain',
    patch: { notifications: { deliveryMediaType: always('text/plain') } },
  },
  'notify-unknown-status-dropped': {
    requirements: ['R6-05'],
    description: 'changes to a status outside section 3 are not delivered',
    patch: {
      notifications: {
        notifiesChange: (notifies) => (change) => isSection3Status(change.status) && notifies(change),
      },
    },
  },
  'notify-path-without-v1': {
    requirements: ['R9-02'],
    description: 'the notification endpoints are served at /autoservice/notification, without v1',
    patch: { notifications: { configurationPath: always('/autoservice/notification') } },
  },
  'notify-accepts-autoservice': {
    requirements: ['R4.6-05'],
    description: 'the notification endpoints accept a token with autoservice instead of autoupload',
    patch: {
      notifications: {
        scopeAutoupload: (check) => (checked) => {
          if (!(checked.grant?.scopes.includes('autoservice') ?? false)) check(checked);
        },
      },
    },
  },
} as const satisfies Record<string, FaultDefinition>;
