import type { AdEvent } from '../notifications/body.js';
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

/** The token raw in a header of the server's own choosing. */
function rawTokenHeader(token: string): Record<string, string> {
  return { 'x-hook-token': token };
}

const SAO_PAULO_OFFSET_MS = -3 * 60 * 60 * 1000;

/** Production's local time (São Paulo, UTC-3) without an offset. */
function saoPauloLocalTime(changedAt: Date): string {
  return new Date(changedAt.getTime() + SAO_PAULO_OFFSET_MS).toISOString().replace('Z', '');
}

/** Variants of notifications and deliveries: other choices a correct server could make. */
export const NOTIFICATIONS_VARIANTS = {
  'notify-other-body': {
    description:
      'notification bodies with other field names: {event, ad_identifier, classified_id (a number), new_state, timestamp (epoch seconds)}',
    env: {},
    patch: { notifications: { notificationBody: () => otherBody } },
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
} as const satisfies Record<string, VariantDefinition>;
