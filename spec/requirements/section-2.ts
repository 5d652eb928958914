import type { Requirement } from './types.js';

/** The normative sentences of sections 2 (conventions: registration, codes, tokens, bodies). */
export const SECTION_2: readonly Requirement[] = [
  // 2.1 Application registration
  {
    id: 'R2.1-01',
    section: '2.1',
    area: 'registration',
    severity: 'normal',
    text: 'An application registers between 1 and 3 redirect URIs.',
    check: {
      kind: 'sentence',
      words:
        "Redirect URIs | minimum 1, maximum 3 (2.1), checked through the contract's POST /clients test helper, registration being outside the API",
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },
  {
    id: 'R2.1-02',
    section: '2.1',
    area: 'registration',
    severity: 'critical',
    text: 'Registration issues a client_id and a client secret (client_secret) to the integrator.',
    check: {
      kind: 'sentence',
      words: 'Data issued to the integrator | `client_id` and a client secret (`client_secret`)',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },
  // 2.2 Authorization code
  {
    id: 'R2.2-01',
    section: '2.2',
    area: 'authorization',
    severity: 'critical',
    text: 'The authorization code is a string issued by the authorization server and delivered as query parameter `code`.',
    check: {
      kind: 'sentence',
      words: 'string, issued by the authorization server and delivered as query parameter `code`',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },
  {
    id: 'R2.2-02',
    section: '2.2',
    area: 'token',
    severity: 'critical',
    text: 'The authorization code expires 10 minutes after generation.',
    check: {
      kind: 'sentence',
      words: 'expires 10 minutes after generation',
      rfcServerFails:
        "no: a code is tried just before and just after ten minutes, by the client's test-helper clock or, without it, in real time (the slow project, CONFORMANCE_SLOW=1)",
      productionFails: 'no',
    },
  },
  {
    id: 'R2.2-03',
    section: '2.2',
    area: 'token',
    severity: 'blocker',
    text: 'The authorization code is single use; it cannot be reused.',
    check: {
      kind: 'sentence',
      words: 'single use; it cannot be reused',
      rfcServerFails: 'no: RFC 6749 4.1.2 also requires the second use to be denied',
      productionFails: 'no',
    },
  },
  // 2.3 Access token response
  {
    id: 'R2.3-01',
    section: '2.3',
    area: 'token',
    severity: 'blocker',
    text: 'The token response carries `access_token`, a string, always.',
    check: {
      kind: 'sentence',
      words: '`access_token` | string | yes',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },
  {
    id: 'R2.3-02',
    section: '2.3',
    area: 'token',
    severity: 'critical',
    text: 'The token response carries `token_type`, a string with value `Bearer`, always.',
    check: {
      kind: 'sentence',
      words: '`token_type` | string, value `Bearer` | yes',
      rfcServerFails:
        'no: the value is compared as the table writes it; RFC 6749 7.1 makes it case-insensitive, and a server sending `bearer` would fail (none known)',
      productionFails: 'no',
    },
  },
  // 2.4 Basic user info
  {
    id: 'R2.4-01',
    section: '2.4',
    area: 'basic-user-info',
    severity: 'critical',
    text: 'Basic user info carries `user_name`, a string: the full name of the user.',
    check: {
      kind: 'sentence',
      words: '`user_name` | string | full name of the user',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },
  {
    id: 'R2.4-02',
    section: '2.4',
    area: 'basic-user-info',
    severity: 'critical',
    text: 'Basic user info carries `user_email`, a string: the e-mail of the user.',
    check: {
      kind: 'sentence',
      words: '`user_email` | string | e-mail of the user',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },
  // 2.5 Published-ad listing page
  {
    id: 'R2.5-01',
    section: '2.5',
    area: 'listing',
    severity: 'blocker',
    text: '`data` is an array of ad items, required, at most 200 items per page; it can be empty when there are no more records.',
    check: {
      kind: 'sentence',
      words:
        '`data` | array of ad items | yes | at most 200 items per page; can be empty when there are no more records',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },
  {
    id: 'R2.5-02',
    section: '2.5',
    area: 'listing',
    severity: 'normal',
    text: '`current_token` is a string or null: the token of the current page, null on the first page.',
    check: {
      kind: 'sentence',
      words: '`current_token` | string or null | no | token of the current page; null on the first page',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },
  {
    id: 'R2.5-03',
    section: '2.5',
    area: 'listing',
    severity: 'critical',
    text: '`next_token` is a string or null: the token of the next page, null when there are no more results.',
    check: {
      kind: 'sentence',
      words:
        '`next_token` | string or null | no | token of the next page ... null when there are no more results',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },
  {
    id: 'R2.5-04',
    section: '2.5',
    area: 'listing',
    severity: 'critical',
    text: 'An ad item carries `id`, a string, always: the ad identifier defined by the integrator.',
    check: {
      kind: 'sentence',
      words: '`id` | string | yes | ad identifier defined by the user (the integrator)',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },
  {
    id: 'R2.5-05',
    section: '2.5',
    area: 'listing',
    severity: 'normal',
    text: 'An ad item carries `list_id`, a string, only when the ad has one; absent when the ad is new, never published and in approval.',
    check: {
      kind: 'sentence',
      words:
        '`list_id` | string | no | ad id on the marketplace; absent when the ad is new, has never been published and is in approval',
      rfcServerFails: 'no',
      productionFails:
        'no: the field notes show list_id as a number only in a notification example, not in the listing',
    },
  },
  {
    id: 'R2.5-06',
    section: '2.5',
    area: 'listing',
    severity: 'critical',
    text: 'An ad item carries `status`, a string, always: the public status of the ad, same as on the marketplace.',
    check: {
      kind: 'sentence',
      words: '`status` | string | yes | public status of the ad, same as on the marketplace',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },
  // 2.6 Catalog response envelope
  {
    id: 'R2.6-01',
    section: '2.6',
    area: 'catalogs',
    severity: 'critical',
    text: 'A catalog response carries `status` `ok` on success.',
    check: {
      kind: 'sentence',
      words: '`status` | string | `ok` on success',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },
  {
    id: 'R2.6-02',
    section: '2.6',
    area: 'catalogs',
    severity: 'critical',
    text: 'A catalog response carries `data`, a map: names to integer ids for brands, models and versions; numeric-string ids to labels for cubic capacities.',
    check: {
      kind: 'sentence',
      words:
        'map of catalog entries; shape per endpoint below (names to integer ids; cubic-capacity id, a numeric string, to a label)',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },
  {
    id: 'R2.6-03',
    section: '2.6',
    area: 'catalogs',
    severity: 'minor',
    text: 'The brand, model and version ids are the ones ads must carry; ads with incorrect ids are rejected.',
    untestable: 'ad submission is not part of the specified API ("not shown")',
    check: {
      kind: 'sentence',
      words: 'ads carrying incorrect ids are rejected (untestable: ad submission is not shown)',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },
  // 2.7 Notification configuration
  {
    id: 'R2.7-01',
    section: '2.7',
    area: 'notifications',
    severity: 'critical',
    text: 'The configuration `id` is a string in UUID form, assigned by the service.',
    check: {
      kind: 'sentence',
      words: '`id` | string (UUID form) | no, assigned by the service',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },
  {
    id: 'R2.7-02',
    section: '2.7',
    area: 'notifications',
    severity: 'normal',
    text: '`method` is required on create and update; only `POST` is supported.',
    check: {
      kind: 'sentence',
      words: '`method` | string | yes | ... only `POST` is supported',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },
  {
    id: 'R2.7-03',
    section: '2.7',
    area: 'notifications',
    severity: 'critical',
    text: '`url` (a URL) is required on create and update: the server address that receives notifications.',
    check: {
      kind: 'sentence',
      words: '`url` | string (URL) | yes | server address that receives notifications',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },
  {
    id: 'R2.7-04',
    section: '2.7',
    area: 'notifications',
    severity: 'normal',
    text: '`media_type` is required on create and update; only `application/json` is supported.',
    check: {
      kind: 'sentence',
      words: '`media_type` | string | yes | only `application/json` is supported',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },
  {
    id: 'R2.7-05',
    section: '2.7',
    area: 'notifications',
    severity: 'critical',
    text: '`token` is required on create and update: it authenticates the notification request at the integrator.',
    check: {
      kind: 'sentence',
      words: '`token` | string | yes | token used to authenticate the notification request',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },
  {
    id: 'R2.7-06',
    section: '2.7',
    area: 'notifications',
    severity: 'normal',
    text: '`type` is assigned by the service; only `AD_STATUS` is supported.',
    check: {
      kind: 'sentence',
      words: '`type` | string | no, assigned by the service | only `AD_STATUS` is supported',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },
  {
    id: 'R2.7-07',
    section: '2.7',
    area: 'notifications',
    severity: 'critical',
    text: 'The fields of the configuration are returned on create and on read as in the table of 2.7, including `id` and `type`.',
    check: {
      kind: 'sentence',
      words:
        'Fields of the configuration are returned on create and on read as in this table, including `id` and `type`.',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },
];
