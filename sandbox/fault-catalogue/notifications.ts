import type { FaultDefinition } from './types.js';

/** Faults of the notifications area: each the smallest deviation that breaks the requirements it names. */
export const NOTIFICATIONS_FAULTS = {
  'notify-none': {
    requirements: ['R6-01'],
    description: 'status changes are never delivered',
  },
  'notify-duplicate': {
    requirements: ['R6-01'],
    description: 'each status change is delivered twice',
  },
  'notify-no-token': {
    requirements: ['R6-04'],
    description: 'deliveries do not carry the configured token',
  },
  'notify-old-status': {
    requirements: ['R6-03'],
    description: 'deliveries carry the status before the change',
  },
  'notify-old-url-after-update': {
    requirements: ['R4.6-03'],
    description: 'after an update, deliveries still go to the old URL',
  },
  'notify-after-delete': {
    requirements: ['R4.6-04'],
    description: 'a deleted configuration still receives deliveries',
  },
  'notify-other-user': {
    requirements: ['R6-01'],
    description: "every configuration receives every user's changes",
  },
  'notify-update-not-persisted': {
    requirements: ['R4.6-03'],
    description: 'an update is answered but not stored',
  },
} as const satisfies Record<string, FaultDefinition>;
