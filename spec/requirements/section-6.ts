import type { Requirement } from './types.js';

/** The normative sentences of section 6 (notifications). */
export const SECTION_6: readonly Requirement[] = [
  // 6 Events
  {
    id: 'R6-01',
    section: '6',
    area: 'notifications',
    severity: 'blocker',
    text: "When the status of an imported ad changes, an AD_STATUS notification is delivered to the configured `url` of the ad's user: one per change, none to anyone else.",
    check: {
      kind: 'sentence',
      words:
        "The configured endpoint receives a notification whenever the status of an imported ad changes (Trigger: the status of an imported ad changes; none to another user's configuration).",
      rfcServerFails: 'no',
      productionFails:
        'no: a test ping on create and a duplicate on retry are not counted as extra deliveries; deliveries later than 10 s are waited for',
    },
  },
  {
    id: 'R6-02',
    section: '6',
    area: 'notifications',
    severity: 'critical',
    text: 'The notification is an HTTP request with the configured `method` (POST) and `media_type` (application/json).',
    check: {
      kind: 'sentence',
      words:
        'Delivery | HTTP request to the configured `url`, using the configured `method` (`POST`) and `media_type` (`application/json`)',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },
  {
    id: 'R6-03',
    section: '6',
    area: 'notifications',
    severity: 'critical',
    text: 'The notification carries the new ad status, the ad id and the date and time of the change.',
    check: {
      kind: 'sentence',
      words: 'Content | the new ad status, the ad id and the date and time of the change',
      rfcServerFails: 'no',
      productionFails:
        'no: any field names at any depth, list_id as string or number, a time without offset in any zone, or with +00, or epoch seconds or milliseconds (contract section 1)',
    },
  },
  {
    id: 'R6-04',
    section: '6',
    area: 'notifications',
    severity: 'critical',
    text: "The configured `token` is used to authenticate the notification request at the integrator's server.",
    check: {
      kind: 'sentence',
      words:
        "the configured `token` is used to authenticate the notification request at the integrator's server",
      rfcServerFails: 'no',
      productionFails: 'no: any header carrying the token or Bearer <token> (WEBHOOK_TOKEN_HEADER names one)',
    },
  },
  {
    id: 'R6-05',
    section: '6',
    area: 'notifications',
    severity: 'normal',
    text: "The status in a notification is the ad's public status (section 3), a set that can grow: a change to any value is notified with that value.",
    check: {
      kind: 'sentence',
      words:
        'Status values possible in the notification are the ad statuses of section 3 (a set that can grow).',
      rfcServerFails: 'no',
      productionFails:
        'no: the wider production set (pending_pay, sold, ...) passes: any value is accepted when it is the new status',
    },
  },
];
