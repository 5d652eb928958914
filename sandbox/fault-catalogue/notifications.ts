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
  'notify-id-not-uuid': {
    requirements: ['R2.7-01'],
    description: 'configuration ids are sequential numbers in a string, not UUIDs',
  },
  'notify-accepts-get-method': {
    requirements: ['R2.7-02'],
    description: 'method GET is accepted on create and update',
  },
  'notify-accepts-any-url': {
    requirements: ['R2.7-03'],
    description: 'url is not checked: missing, relative or malformed values are accepted',
  },
  'notify-accepts-xml': {
    requirements: ['R2.7-04'],
    description: 'media_type text/xml is accepted on create and update',
  },
  'notify-token-optional': {
    requirements: ['R2.7-05'],
    description: 'a missing or empty token is accepted on create and update',
  },
  'notify-type-lowercase': {
    requirements: ['R2.7-06'],
    description: 'the assigned type is "ad_status" instead of AD_STATUS',
  },
  'notify-read-hides-token': {
    requirements: ['R2.7-07', 'R4.6-02'],
    description: 'read leaves the token field out of the configuration',
  },
  'notify-create-returns-id-only': {
    requirements: ['R4.6-01', 'R2.7-07'],
    description: 'create answers with {id} only',
  },
  'notify-read-not-found': {
    requirements: ['R4.6-02'],
    description: 'read of an existing configuration answers 404',
  },
  'notify-scope-not-checked': {
    requirements: ['R4.6-05'],
    description: 'a token without autoupload may use the notification endpoints',
  },
  'notify-any-owner': {
    requirements: ['R4.6-06'],
    description: "any valid autoupload token may read, update and delete any user's configuration",
  },
  'notify-text-plain': {
    requirements: ['R6-02'],
    description: 'deliveries are sent with Content-Type text/plain',
  },
  'notify-unknown-status-dropped': {
    requirements: ['R6-05'],
    description: 'changes to a status outside section 3 are not delivered',
  },
  'notify-path-without-v1': {
    requirements: ['R9-02'],
    description: 'the notification endpoints are served at /autoservice/notification, without v1',
  },
  'notify-accepts-autoservice': {
    requirements: ['R4.6-05'],
    description: 'the notification endpoints accept a token with autoservice instead of autoupload',
  },
} as const satisfies Record<string, FaultDefinition>;
