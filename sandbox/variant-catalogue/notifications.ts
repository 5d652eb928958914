import type { VariantDefinition } from './types.js';

/** Variants of notifications and deliveries: other choices a correct server could make. */
export const NOTIFICATIONS_VARIANTS = {
  'notify-other-body': {
    description:
      'notification bodies with other field names: {event, ad_identifier, classified_id (a number), new_state, timestamp (epoch seconds)}',
    env: {},
  },
  'notify-token-header': {
    description: 'the notification token raw in X-Hook-Token, named to the suite by WEBHOOK_TOKEN_HEADER',
    env: { WEBHOOK_TOKEN_HEADER: 'X-Hook-Token' },
  },
  'notify-token-header-unnamed': {
    description:
      'the notification token raw in X-Hook-Token, not named to the suite (any header may carry it)',
    env: {},
  },
  'notify-local-time': {
    description:
      'the time of the change without a UTC offset, in São Paulo time (UTC-3), as production sends it',
    env: {},
  },
} as const satisfies Record<string, VariantDefinition>;
