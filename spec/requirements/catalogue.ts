import type { Requirement } from './types.js';

/**
 * Every normative sentence of the specification (sections 2 to 9). Tests name these ids; `npm run requirements` lists the ids no test covers.
 */
export const REQUIREMENTS: readonly Requirement[] = [
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
        "no: a code is tried just before and just after ten minutes, by the client's test-helper clock",
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

  // 3 States
  {
    id: 'R3-01',
    section: '3',
    area: 'listing',
    severity: 'normal',
    text: 'Public ad status values are pending_review, published, deleted and refused; the set can grow or shrink and clients must tolerate unknown values.',
    check: {
      kind: 'sentence',
      words:
        'The set of values can grow, or some values can disappear, in the future; clients must tolerate unknown values.',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },
  {
    id: 'R3-02',
    section: '3',
    area: 'token',
    severity: 'critical',
    text: 'The authorization code is consumed by one successful token request: a failed request (a wrong client secret, another redirect_uri) leaves it usable.',
    check: {
      kind: 'sentence',
      words: 'consumed by one successful token request; never reusable',
      rfcServerFails:
        'no: RFC 6749 only requires a second use after a success to be denied (4.1.2); a server revoking a code on a suspected attack is not tried here',
      productionFails: 'no',
    },
  },

  // 4 Endpoints: conventions
  {
    id: 'R4-01',
    section: '4',
    area: 'conventions',
    severity: 'normal',
    text: 'All bodies are JSON unless stated: every answer of the resource endpoints carries a JSON body with a JSON media type.',
    check: {
      kind: 'sentence',
      words:
        'Conventions: all bodies are JSON unless stated. (An empty body, as a 204 may have, has nothing to check.)',
      rfcServerFails:
        'no: RFC 6750 3 lets a 401 of a bearer-token resource carry no body; an empty body passes',
      productionFails: 'no',
    },
  },

  // 4.1 Start authorization
  {
    id: 'R4.1-01',
    section: '4.1',
    area: 'authorization',
    severity: 'blocker',
    text: 'GET {auth_url}/oauth starts the authorization: the user authenticates and decides, then the browser is redirected to the redirect URI with query parameters.',
    check: {
      kind: 'sentence',
      words:
        '`GET {auth_url}/oauth` ... the user authenticates and decides; the browser is redirected to the redirect URI with query parameters',
      rfcServerFails: 'no',
      productionFails: 'no: consent remembered for a configured client and user (no consent page) passes',
    },
  },
  {
    id: 'R4.1-02',
    section: '4.1',
    area: 'authorization',
    severity: 'critical',
    text: '`response_type` is required and its value is `code`.',
    check: {
      kind: 'sentence',
      words: '`response_type` | yes | `code`',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },
  {
    id: 'R4.1-03',
    section: '4.1',
    area: 'authorization',
    severity: 'critical',
    text: '`client_id` is required and must be identical to the id issued at registration.',
    check: {
      kind: 'sentence',
      words: '`client_id` | yes | the id issued at registration, identical',
      rfcServerFails:
        'no: a client_id with no letters (which a change of case leaves unchanged) is skipped by the case test',
      productionFails: 'no',
    },
  },
  {
    id: 'R4.1-04',
    section: '4.1',
    area: 'authorization',
    severity: 'critical',
    text: '`redirect_uri` is required if several URIs are registered (it may be omitted when only one is).',
    check: {
      kind: 'sentence',
      words: '`redirect_uri` | yes if several URIs are registered',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },
  {
    id: 'R4.1-05',
    section: '4.1',
    area: 'authorization',
    severity: 'blocker',
    text: '`redirect_uri` must be identical to one registered URI.',
    check: {
      kind: 'sentence',
      words: '`redirect_uri` ... identical to one registered URI; redirected to the redirect URI',
      rfcServerFails:
        'no: extra response parameters (session_state, scope, iss) are ignored (RFC 6749 4.1.2); the redirect must equal the registered URI once the response parameters are removed; 303 and meta-refresh redirects are followed',
      productionFails: 'no',
    },
  },
  {
    id: 'R4.1-06',
    section: '4.1',
    area: 'authorization',
    severity: 'normal',
    text: '`scope` is required.',
    check: { kind: 'sentence', words: '`scope` | yes', rfcServerFails: 'no', productionFails: 'no' },
  },
  {
    id: 'R4.1-07',
    section: '4.1',
    area: 'authorization',
    severity: 'normal',
    text: '`scope` is a space-separated, case-sensitive list of scope values; order is irrelevant.',
    check: {
      kind: 'sentence',
      words: 'space-separated, case-sensitive list of scope values; order irrelevant',
      rfcServerFails:
        'no: a mis-cased value may be refused (invalid_scope, access_denied) or ignored; only a grant of the mis-cased permission fails',
      productionFails: 'no',
    },
  },
  {
    id: 'R4.1-08',
    section: '4.1',
    area: 'authorization',
    severity: 'critical',
    text: '`state` is optional, any value, and returned unchanged.',
    check: {
      kind: 'sentence',
      words: '`state` | no | any value, returned unchanged',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },
  {
    id: 'R4.1-09',
    section: '4.1',
    area: 'authorization',
    severity: 'normal',
    text: 'A parameter the authorization request does not define is ignored (RFC 6749 3.1, the flow of section 5); refusing it is an invalid_request redirect.',
    check: {
      kind: 'interpretation',
      reason:
        'The specification lists the parameters of 4.1 and is silent on others; RFC 6749 3.1 (the flow section 5 names) says the server MUST ignore unrecognised ones, and 7.1 reads "invalid parameter" under invalid_request.',
      handling: 'accepts every defensible answer',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },

  // 4.2 Exchange code for access token
  {
    id: 'R4.2-01',
    section: '4.2',
    area: 'token',
    severity: 'critical',
    text: 'The token endpoint is POST {auth_url}/oauth/token over HTTPS.',
    check: {
      kind: 'sentence',
      words:
        '`POST {auth_url}/oauth/token` over HTTPS (checked on the connection, and a GET must not yield a token)',
      rfcServerFails: 'no: a GET answered by any non-token answer (405, 400, a redirect) passes',
      productionFails: 'no',
    },
  },
  {
    id: 'R4.2-02',
    section: '4.2',
    area: 'token',
    severity: 'normal',
    text: 'The token request is form-encoded (Content-Type: application/x-www-form-urlencoded).',
    check: {
      kind: 'sentence',
      words: 'header `Content-Type: application/x-www-form-urlencoded`',
      rfcServerFails: 'no: a JSON body refused with 415 or invalid_request passes',
      productionFails: 'no',
    },
  },
  {
    id: 'R4.2-03',
    section: '4.2',
    area: 'token',
    severity: 'critical',
    text: 'All form fields are sent: code, client_id, client_secret, redirect_uri, grant_type.',
    check: {
      kind: 'sentence',
      words: 'Form fields, all sent: code, client_id, client_secret, redirect_uri, grant_type',
      rfcServerFails:
        'no: client credentials by HTTP Basic instead of the body pass (RFC 6749 2.3.1); a missing one may be invalid_request or invalid_client (or invalid_grant for redirect_uri)',
      productionFails: 'no',
    },
  },
  {
    id: 'R4.2-04',
    section: '4.2',
    area: 'token',
    severity: 'critical',
    text: '`redirect_uri` is the same URI as in the authorization request.',
    check: {
      kind: 'sentence',
      words: '`redirect_uri` | the same URI as in the authorization request',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },
  {
    id: 'R4.2-05',
    section: '4.2',
    area: 'token',
    severity: 'critical',
    text: '`grant_type` is `authorization_code`.',
    check: {
      kind: 'sentence',
      words: '`grant_type` | `authorization_code`',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },
  {
    id: 'R4.2-06',
    section: '4.2',
    area: 'token',
    severity: 'blocker',
    text: 'Success: HTTP 200 with a JSON body per 2.3.',
    check: {
      kind: 'sentence',
      words: 'Success: HTTP 200, JSON body per 2.3',
      rfcServerFails: 'no',
      productionFails:
        'no: extra fields (expires_in, refresh_token) are allowed; the field notes show only access_token and token_type',
    },
  },
  {
    id: 'R4.2-07',
    section: '4.2',
    area: 'token',
    severity: 'normal',
    text: 'Success carries the header Content-Type: application/json;charset=UTF-8.',
    check: {
      kind: 'sentence',
      words:
        'headers `Content-Type: application/json;charset=UTF-8` (the media type is the requirement; the exact header with charset is reported as advisory)',
      rfcServerFails:
        'no: RFC 8259 gives charset no meaning; application/json without it passes the requirement',
      productionFails: 'no',
    },
  },
  {
    id: 'R4.2-08',
    section: '4.2',
    area: 'token',
    severity: 'critical',
    text: 'Success carries the header Cache-Control: no-store.',
    check: {
      kind: 'sentence',
      words: 'headers ... `Cache-Control: no-store`',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },
  {
    id: 'R4.2-09',
    section: '4.2',
    area: 'token',
    severity: 'critical',
    text: 'Success carries the header Pragma: no-cache.',
    check: {
      kind: 'sentence',
      words: 'headers ... `Pragma: no-cache`',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },
  {
    id: 'R4.2-10',
    section: '4.2',
    area: 'token',
    severity: 'critical',
    text: 'Failure: HTTP 400 with body {error} (see 7.2).',
    check: {
      kind: 'sentence',
      words: 'Failure: HTTP 400 with body `{error}` (see 7.2)',
      rfcServerFails:
        'yes: invalid_client may be 401 in RFC 6749 5.2 (a MAY) even for body credentials; the check accepts 401 with WWW-Authenticate only after HTTP Basic, where RFC 6749 requires it',
      productionFails: 'no',
    },
  },
  {
    id: 'R4.2-11',
    section: '4.2',
    area: 'token',
    severity: 'normal',
    text: 'A form field the token request does not define is ignored (RFC 6749 3.2, the flow of section 5); refusing it is a 7.2 invalid_request.',
    check: {
      kind: 'interpretation',
      reason:
        'The specification lists the fields of 4.2 and is silent on others; RFC 6749 3.2 says the server MUST ignore unrecognised parameters, while 7.2 puts an "unsupported ... parameter" under invalid_request.',
      handling: 'accepts every defensible answer',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },

  // 4.3 Basic user info
  {
    id: 'R4.3-01',
    section: '4.3',
    area: 'basic-user-info',
    severity: 'blocker',
    text: "POST {apps_url}/oauth_api/basic_user_info with body {access_token} answers the user_name and user_email of the token's user.",
    check: {
      kind: 'sentence',
      words:
        '`POST {apps_url}/oauth_api/basic_user_info` ... body `{access_token: string}`. Response: object with `user_name` and `user_email`',
      rfcServerFails: 'no: any 2xx passes (the status is not shown)',
      productionFails: 'no',
    },
  },
  {
    id: 'R4.3-02',
    section: '4.3',
    area: 'basic-user-info',
    severity: 'blocker',
    text: 'Basic user info requires a token holding the permission basic_user_info.',
    check: {
      kind: 'sentence',
      words: 'Requires a token holding the permission `basic_user_info`.',
      rfcServerFails: 'no: any refusal status passes',
      productionFails: 'no',
    },
  },

  // 4.4 List published ads
  {
    id: 'R4.4-01',
    section: '4.4',
    area: 'listing',
    severity: 'blocker',
    text: 'GET {apps_url}/autoupload/v1/published takes `Authorization: Bearer <token>`; the token must have scope autoupload or basic_user_info.',
    check: {
      kind: 'sentence',
      words:
        'Header `Authorization: Bearer <ACCESS_TOKEN>`; the token must have scope `autoupload` or `basic_user_info`',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },
  {
    id: 'R4.4-02',
    section: '4.4',
    area: 'listing',
    severity: 'blocker',
    text: 'While `next_token` is not null, sending it as `page_token` obtains the next page (the crawl returns every ad once).',
    check: {
      kind: 'sentence',
      words: 'While `next_token` is not null, send it as `page_token` to obtain the next page.',
      rfcServerFails: 'no',
      productionFails:
        'no: crawls pace themselves and honour RATE_LIMIT by waiting, so a 5,000-a-minute limit is not met',
    },
  },
  {
    id: 'R4.4-03',
    section: '4.4',
    area: 'listing',
    severity: 'critical',
    text: 'When `next_token` is null there are no more pages; the last page can have an empty `data` array.',
    check: {
      kind: 'sentence',
      words:
        'When `next_token` is null, there are no more pages. The last page can have an empty `data` array.',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },
  {
    id: 'R4.4-04',
    section: '4.4',
    area: 'listing',
    severity: 'critical',
    text: '`fetch_size` sets the items per page; its default and maximum are 200.',
    check: {
      kind: 'sentence',
      words:
        '`fetch_size` | no | items per page; default and maximum 200 (an invalid value may be refused in the 7.3 format or ignored)',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },
  {
    id: 'R4.4-05',
    section: '4.4',
    area: 'listing',
    severity: 'critical',
    text: '`ads_status` returns only ads with this status.',
    check: {
      kind: 'sentence',
      words: '`ads_status` | no | return only ads with this status',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },
  {
    id: 'R4.4-06',
    section: '4.4',
    area: 'listing',
    severity: 'critical',
    text: 'Without `ads_status`, ads of all statuses are returned.',
    check: {
      kind: 'sentence',
      words: 'Without `ads_status`, ads of all statuses are returned.',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },
  {
    id: 'R4.4-07',
    section: '4.4',
    area: 'listing',
    severity: 'blocker',
    text: 'Success: HTTP 200 with a body per 2.5.',
    check: {
      kind: 'sentence',
      words: 'Success: HTTP 200, body per 2.5.',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },

  // 4.5 Catalog lookups
  {
    id: 'R4.5-01',
    section: '4.5',
    area: 'catalogs',
    severity: 'critical',
    text: 'The nine catalog lookups are POST with a JSON body {access_token} and answer per 2.6.',
    check: {
      kind: 'sentence',
      words: 'All are `POST`, content type JSON, body `{access_token: string}`, response per 2.6.',
      rfcServerFails: 'no: any 2xx passes (the status is not shown; schemas/openapi.yaml says 2XX)',
      productionFails: 'no',
    },
  },
  {
    id: 'R4.5-02',
    section: '4.5',
    area: 'catalogs',
    severity: 'critical',
    text: '{brand_id} and {model_id} are the integer ids obtained from the preceding lookup in the chain.',
    check: {
      kind: 'sentence',
      words:
        '`{brand_id}` and `{model_id}` are the integer ids obtained from the preceding lookup in the chain.',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },

  // 4.6 Notification configuration
  {
    id: 'R4.6-01',
    section: '4.6',
    area: 'notifications',
    severity: 'critical',
    text: 'Create: POST {apps_url}/autoservice/v1/notification with `{method, url, media_type, token}` returns the full configuration including `id` and `type`.',
    check: {
      kind: 'sentence',
      words:
        'create | `POST {apps_url}/autoservice/v1/notification` | `{method, url, media_type, token}` | full configuration (2.7) including `id` and `type`',
      rfcServerFails: 'no',
      productionFails:
        'no: one configuration per user (a second create answered 409, or replacing the first) passes',
    },
  },
  {
    id: 'R4.6-02',
    section: '4.6',
    area: 'notifications',
    severity: 'critical',
    text: 'Read: GET {apps_url}/autoservice/v1/notification/{id}, with the id returned by create, returns the full configuration.',
    check: {
      kind: 'sentence',
      words: 'read | `GET {apps_url}/autoservice/v1/notification/{id}` | none | full configuration',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },
  {
    id: 'R4.6-03',
    section: '4.6',
    area: 'notifications',
    severity: 'critical',
    text: 'Update: PUT {apps_url}/autoservice/v1/notification/{id} with `{method, url, media_type, token}` changes the configuration.',
    check: {
      kind: 'sentence',
      words:
        'update | `PUT {apps_url}/autoservice/v1/notification/{id}` | `{method, url, media_type, token}` (the update takes effect; its body is not shown)',
      rfcServerFails: 'no',
      productionFails: 'no: any 2xx, any body; an update taking effect a little later passes',
    },
  },
  {
    id: 'R4.6-04',
    section: '4.6',
    area: 'notifications',
    severity: 'critical',
    text: 'Delete: DELETE {apps_url}/autoservice/v1/notification/{id} removes the configuration.',
    check: {
      kind: 'sentence',
      words:
        'delete | `DELETE {apps_url}/autoservice/v1/notification/{id}` ... DELETE is the specified method',
      rfcServerFails: 'no',
      productionFails: 'no: any 2xx, any body',
    },
  },
  {
    id: 'R4.6-05',
    section: '4.6',
    area: 'notifications',
    severity: 'critical',
    text: 'The notification endpoints take `Authorization: Bearer <ACCESS_TOKEN>`; the token must be issued with scope `autoupload`.',
    check: {
      kind: 'sentence',
      words:
        'Headers on all: `Authorization: Bearer <ACCESS_TOKEN>` ... The token must be issued with scope `autoupload`.',
      rfcServerFails: 'no',
      productionFails:
        'no: the field notes say the documentation names autoservice on one page; the specification says autoupload, and production is expected to follow it (an autoservice-only token is refused)',
    },
  },
  {
    id: 'R4.6-06',
    section: '4.6',
    area: 'notifications',
    severity: 'blocker',
    text: "A configuration is a resource of the user whose token created it: another user's token cannot read, change or delete it (5, rule 3).",
    check: {
      kind: 'interpretation',
      reason:
        'Ownership is not written: read from section 1 ("on behalf of a marketplace user") and 5 rule 3 ("its permissions suffice for the requested resource"). A configuration keyed to the client rather than the user is accepted; only another user reaching it fails.',
      handling: 'accepts every defensible answer',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },

  // 5 Authentication
  {
    id: 'R5-01',
    section: '5',
    area: 'authentication',
    severity: 'blocker',
    text: "The service authenticates the user by login and password and obtains the user's decision.",
    check: {
      kind: 'sentence',
      words: "The service authenticates the user by login and password and obtains the user's decision.",
      rfcServerFails: 'no',
      productionFails:
        'no: consent remembered for a configured client and user passes; a wrong password must give no code and no redirect, whichever page then shows',
    },
  },
  {
    id: 'R5-02',
    section: '5',
    area: 'authentication',
    severity: 'blocker',
    text: 'On approval the browser is redirected to the redirect URI with `code` and, if it was sent, `state` (same value as sent).',
    check: {
      kind: 'sentence',
      words:
        'On approval the browser is redirected to the redirect URI with the query parameters `code` and, if it was sent, `state` (same value as sent).',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },
  {
    id: 'R5-03',
    section: '5',
    area: 'authentication',
    severity: 'blocker',
    text: 'The application exchanges the code at the token endpoint and receives `access_token` with `token_type` `Bearer`.',
    check: {
      kind: 'sentence',
      words:
        'The application exchanges the code at the token endpoint (4.2) and receives `access_token` with `token_type` `Bearer`.',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },
  {
    id: 'R5-04',
    section: '5',
    area: 'authentication',
    severity: 'normal',
    text: 'Scope values are basic_user_info, autoupload, autoservice and chat.',
    check: {
      kind: 'sentence',
      words: 'Scopes that exist: `basic_user_info`, `autoupload`, `autoservice`, `chat`.',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },
  {
    id: 'R5-05',
    section: '5',
    area: 'authentication',
    severity: 'minor',
    text: 'The authorization server can ignore the requested scopes partly or totally, by its policy or by user instruction.',
    untestable:
      'a permission, not an obligation: the suite honours it by never requiring that every requested scope be granted',
    check: {
      kind: 'sentence',
      words:
        'The authorization server can ignore the requested scopes partly or totally (a permission: no check requires every requested scope to be granted)',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },
  {
    id: 'R5-06',
    section: '5',
    area: 'authentication',
    severity: 'blocker',
    text: 'The server validates the access token and that its permissions suffice for the requested resource.',
    check: {
      kind: 'sentence',
      words:
        'The server validates the access token and that its permissions suffice for the requested resource.',
      rfcServerFails: 'no: any refusal status passes where 7.3 does not fix the reason',
      productionFails: 'no',
    },
  },
  {
    id: 'R5-07',
    section: '5',
    area: 'authentication',
    severity: 'critical',
    text: 'The token represents only the permissions granted by the user.',
    check: {
      kind: 'sentence',
      words:
        'The user approves the requested permissions; the token represents only the permissions granted.',
      rfcServerFails:
        'no: a wider scope on the token request may be refused (invalid_scope) or narrowed to the grant',
      productionFails: 'no',
    },
  },
  {
    id: 'R5-08',
    section: '5',
    area: 'authentication',
    severity: 'blocker',
    text: 'The client secret is sent only to the token endpoint, over HTTPS POST.',
    check: {
      kind: 'sentence',
      words: 'The client secret is sent only to the token endpoint, over HTTPS POST.',
      rfcServerFails:
        'no: HTTP Basic on that POST is accepted (RFC 6749 2.3.1); only the secret in the query string and credentials sent twice (7.2 "multiple credentials") are refusals',
      productionFails: 'no',
    },
  },

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

  // 7.1 Authorization endpoint errors
  {
    id: 'R7.1-01',
    section: '7.1',
    area: 'authorization',
    severity: 'blocker',
    text: '`redirect_uri` invalid or missing: no redirect to the redirect URI.',
    check: {
      kind: 'sentence',
      words: '`redirect_uri` invalid or missing ... | no redirect to the redirect URI',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },
  {
    id: 'R7.1-02',
    section: '7.1',
    area: 'authorization',
    severity: 'blocker',
    text: '`client_id` invalid or missing: no redirect to the redirect URI.',
    check: {
      kind: 'sentence',
      words: '`client_id` invalid or missing | no redirect to the redirect URI',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },
  {
    id: 'R7.1-03',
    section: '7.1',
    area: 'authorization',
    severity: 'critical',
    text: '`redirect_uri` differs from every registered URI: HTTP 400.',
    check: {
      kind: 'sentence',
      words: '`redirect_uri` differs from every registered URI | HTTP 400',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },
  {
    id: 'R7.1-04',
    section: '7.1',
    area: 'authorization',
    severity: 'critical',
    text: 'User denies access: redirect to the redirect URI with error=access_denied and, if sent, `state`.',
    check: {
      kind: 'sentence',
      words:
        'user denies access ... | redirect to the redirect URI with query `error` and, if it was sent, `state`; `access_denied` | user or server denied the request',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },
  {
    id: 'R7.1-05',
    section: '7.1',
    area: 'authorization',
    severity: 'critical',
    text: 'Other failures: redirect to the redirect URI with query `error` and, if sent, `state`.',
    check: {
      kind: 'sentence',
      words:
        'user denies access, or other failures | redirect to the redirect URI with query `error` and, if it was sent, `state`',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },
  {
    id: 'R7.1-06',
    section: '7.1',
    area: 'authorization',
    severity: 'normal',
    text: '`invalid_request`: required parameter missing, invalid parameter, or malformed request.',
    check: {
      kind: 'sentence',
      words: '`invalid_request` | required parameter missing, invalid parameter, or malformed request',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },
  {
    id: 'R7.1-07',
    section: '7.1',
    area: 'authorization',
    severity: 'normal',
    text: '`unauthorized_client`: client not allowed to request a code by this method.',
    untestable:
      'needs a client barred from the code flow; neither the specification nor the contract offers a way to register one',
    check: {
      kind: 'sentence',
      words: '`unauthorized_client` | client not allowed to request a code by this method (untestable)',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },
  {
    id: 'R7.1-08',
    section: '7.1',
    area: 'authorization',
    severity: 'normal',
    text: '`unsupported_response_type`: server does not support obtaining a code this way.',
    check: {
      kind: 'sentence',
      words: '`unsupported_response_type` | server does not support obtaining a code this way',
      rfcServerFails:
        'no: invalid_request is not accepted for response_type=token; RFC 6749 4.1.2.1 also names unsupported_response_type',
      productionFails: 'no',
    },
  },
  {
    id: 'R7.1-09',
    section: '7.1',
    area: 'authorization',
    severity: 'normal',
    text: '`invalid_scope`: requested scope invalid, unknown or malformed.',
    check: {
      kind: 'sentence',
      words:
        '`invalid_scope` | requested scope invalid, unknown or malformed; 5 rule 2: the server can ignore the requested scopes partly or totally',
      rfcServerFails:
        'no: an unknown or mis-cased value may be refused (invalid_scope, access_denied) or ignored by a code whose token lacks it',
      productionFails: 'no',
    },
  },
  {
    id: 'R7.1-10',
    section: '7.1',
    area: 'authorization',
    severity: 'minor',
    text: '`temporarily_unavailable`: server temporarily unavailable (maintenance or overload).',
    check: {
      kind: 'sentence',
      words:
        "`temporarily_unavailable` | server temporarily unavailable (maintenance or overload) (provoked through the contract's failures helper)",
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },
  {
    id: 'R7.1-11',
    section: '7.1',
    area: 'authorization',
    severity: 'minor',
    text: '`server_error`: unexpected condition.',
    check: {
      kind: 'sentence',
      words: "`server_error` | unexpected condition (provoked through the contract's failures helper)",
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },

  // 7.2 Token endpoint errors
  {
    id: 'R7.2-01',
    section: '7.2',
    area: 'token',
    severity: 'critical',
    text: 'Failure: HTTP 400 with a JSON body holding the field `error`.',
    check: {
      kind: 'sentence',
      words: 'Failure: HTTP 400, JSON body with field `error`',
      rfcServerFails:
        'yes: as R4.2-10, a 401 for invalid_client with body credentials (RFC 6749 5.2 MAY) fails; 413 and 415 for an oversized or JSON body pass as refusals',
      productionFails: 'no',
    },
  },
  {
    id: 'R7.2-02',
    section: '7.2',
    area: 'token',
    severity: 'normal',
    text: 'Failure carries the header Content-Type: application/json;charset=UTF-8.',
    check: {
      kind: 'sentence',
      words:
        'headers `Content-Type: application/json;charset=UTF-8` (the media type is the requirement; the exact header with charset is reported as advisory)',
      rfcServerFails: 'no: application/json without charset passes the requirement',
      productionFails: 'no',
    },
  },
  {
    id: 'R7.2-03',
    section: '7.2',
    area: 'token',
    severity: 'critical',
    text: 'Failure carries the header Cache-Control: no-store.',
    check: {
      kind: 'sentence',
      words: 'headers ... `Cache-Control: no-store`',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },
  {
    id: 'R7.2-04',
    section: '7.2',
    area: 'token',
    severity: 'critical',
    text: 'Failure carries the header Pragma: no-cache.',
    check: {
      kind: 'sentence',
      words: 'headers ... `Pragma: no-cache`',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },
  {
    id: 'R7.2-05',
    section: '7.2',
    area: 'token',
    severity: 'critical',
    text: '`invalid_request`: required parameter missing, unsupported or repeated parameter, multiple credentials, or malformed.',
    check: {
      kind: 'sentence',
      words:
        '`invalid_request` | required parameter missing, unsupported or repeated parameter, multiple credentials, or malformed',
      rfcServerFails: 'no: an empty request answered invalid_client (authentication first), 413 and 415 pass',
      productionFails: 'no',
    },
  },
  {
    id: 'R7.2-06',
    section: '7.2',
    area: 'token',
    severity: 'blocker',
    text: '`invalid_client`: client authentication failed.',
    check: {
      kind: 'sentence',
      words: '`invalid_client` | client authentication failed',
      rfcServerFails: 'no: 401 with WWW-Authenticate after HTTP Basic passes (RFC 6749 5.2)',
      productionFails: 'no',
    },
  },
  {
    id: 'R7.2-07',
    section: '7.2',
    area: 'token',
    severity: 'blocker',
    text: '`invalid_grant`: code invalid, expired or revoked; redirect URI differs from the authorization request; code issued to another client.',
    check: {
      kind: 'sentence',
      words:
        '`invalid_grant` | code invalid, expired or revoked; redirect URI differs from the one in the authorization request; code issued to another client',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },
  {
    id: 'R7.2-08',
    section: '7.2',
    area: 'token',
    severity: 'normal',
    text: '`unauthorized_client`: the authenticated client may not use this grant type.',
    untestable:
      'needs a client barred from the authorization_code grant; neither the specification nor the contract offers a way to register one',
    check: {
      kind: 'sentence',
      words: '`unauthorized_client` | the authenticated client may not use this grant type (untestable)',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },
  {
    id: 'R7.2-09',
    section: '7.2',
    area: 'token',
    severity: 'critical',
    text: '`unsupported_grant_type`: grant type not supported.',
    check: {
      kind: 'sentence',
      words: '`unsupported_grant_type` | grant type not supported',
      rfcServerFails: 'no: grant_type=password may also be unauthorized_client',
      productionFails: 'no',
    },
  },
  {
    id: 'R7.2-10',
    section: '7.2',
    area: 'token',
    severity: 'normal',
    text: '`invalid_scope`: requested scope invalid, unknown, or exceeds the scope granted by the user.',
    check: {
      kind: 'sentence',
      words: '`invalid_scope` | requested scope invalid, unknown, or exceeds the scope granted by the user',
      rfcServerFails: 'no: a token narrowed to the grant is accepted instead of the refusal',
      productionFails: 'no',
    },
  },

  // 7.3 Ad listing errors
  {
    id: 'R7.3-01',
    section: '7.3',
    area: 'listing',
    severity: 'critical',
    text: 'On failure the status code is greater than 200 and the body is a JSON object with string fields `reason` and `message`.',
    check: {
      kind: 'sentence',
      words:
        'On failure the status code is greater than 200 and the body is a JSON object with string fields `reason` and `message`.',
      rfcServerFails: 'no',
      productionFails: 'no: 400, 401, 429 and 500 all pass',
    },
  },
  {
    id: 'R7.3-02',
    section: '7.3',
    area: 'listing',
    severity: 'critical',
    text: 'Header Authorization missing: reason BAD_REQUEST, message "Check the header field(s)".',
    check: {
      kind: 'sentence',
      words: 'header `Authorization` missing | `BAD_REQUEST` | Check the header field(s)',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },
  {
    id: 'R7.3-03',
    section: '7.3',
    area: 'listing',
    severity: 'blocker',
    text: 'Token invalid: reason ACCESS_DENIED, message "Check the client authentication token".',
    check: {
      kind: 'sentence',
      words: 'token invalid | `ACCESS_DENIED` | Check the client authentication token',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },
  {
    id: 'R7.3-04',
    section: '7.3',
    area: 'listing',
    severity: 'blocker',
    text: 'Scope not allowed: reason ACCESS_SCOPE_DENIED, message "Check the client authentication if scope configuration is correct.".',
    check: {
      kind: 'sentence',
      words:
        'scope not allowed | `ACCESS_SCOPE_DENIED` | Check the client authentication if scope configuration is correct.',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },
  {
    id: 'R7.3-05',
    section: '7.3',
    area: 'listing',
    severity: 'normal',
    text: 'Client exceeds the allowed requests per second: reason RATE_LIMIT, message "You have exceeded the X requests in X seconds limit!" (X are numbers).',
    check: {
      kind: 'sentence',
      words:
        'client exceeds the allowed requests per second | `RATE_LIMIT` | You have exceeded the X requests in X seconds limit! (X are numbers)',
      rfcServerFails: 'no',
      productionFails:
        "no: numbers written 5,000 or 5.000 pass; the limit is set through the contract's rate_limit helper",
    },
  },
  {
    id: 'R7.3-06',
    section: '7.3',
    area: 'listing',
    severity: 'normal',
    text: 'Unexpected internal error: reason UNEXPECTED_INTERNAL_ERROR, message "Unexpected internal error. Try again later".',
    check: {
      kind: 'sentence',
      words:
        'unexpected internal error | `UNEXPECTED_INTERNAL_ERROR` | Unexpected internal error. Try again later',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },

  // 8 Limits (the rows about registration and codes)
  {
    id: 'R8-01',
    section: '8',
    area: 'registration',
    severity: 'normal',
    text: 'Registered redirect URIs: 1 to 3.',
    check: {
      kind: 'sentence',
      words: 'registered redirect URIs | application registration | 1 to 3',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },
  {
    id: 'R8-02',
    section: '8',
    area: 'token',
    severity: 'critical',
    text: 'Authorization code lifetime: 10 minutes; single use.',
    check: {
      kind: 'sentence',
      words: 'authorization code lifetime | code | 10 minutes; single use',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },
  {
    id: 'R8-03',
    section: '8',
    area: 'listing',
    severity: 'normal',
    text: '`fetch_size` default: 200.',
    check: {
      kind: 'sentence',
      words: '`fetch_size` default | ad listing | 200',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },
  {
    id: 'R8-04',
    section: '8',
    area: 'listing',
    severity: 'critical',
    text: '`fetch_size` maximum and items per page: 200.',
    check: {
      kind: 'sentence',
      words: '`fetch_size` maximum; items per page | ad listing | 200',
      rfcServerFails: 'no: a fetch_size above 200 may be clamped or refused',
      productionFails: 'no',
    },
  },
  {
    id: 'R8-05',
    section: '8',
    area: 'listing',
    severity: 'normal',
    text: 'A per-second request limit exists on the ad listing and yields RATE_LIMIT.',
    check: {
      kind: 'sentence',
      words: 'request rate | ad listing | a per-second request limit exists and yields `RATE_LIMIT`',
      rfcServerFails: 'no',
      productionFails:
        "no: the limit is lowered through the contract's rate_limit helper; production's 5,000 a minute is never met by the suite",
    },
  },

  // 9 Versioning
  {
    id: 'R9-01',
    section: '9',
    area: 'versioning',
    severity: 'normal',
    text: 'The ad listing path carries the version segment v1.',
    check: {
      kind: 'sentence',
      words: 'The ad listing path carries the version segment `v1`',
      rfcServerFails: 'no',
      productionFails:
        'no: the older POST /autoupload/published with a bare array is not conformant (field notes say so too)',
    },
  },
  {
    id: 'R9-02',
    section: '9',
    area: 'versioning',
    severity: 'minor',
    text: 'The notification configuration path carries v1.',
    check: {
      kind: 'sentence',
      words: 'the notification configuration path carries `v1`',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },
  {
    id: 'R9-03',
    section: '9',
    area: 'versioning',
    severity: 'minor',
    text: 'The notification configuration feature is a beta version and can change as needed.',
    untestable: 'a statement of policy, not of behaviour',
    check: {
      kind: 'sentence',
      words:
        'The notification configuration feature is a beta version and can change as needed. (untestable)',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },
  {
    id: 'R9-04',
    section: '9',
    area: 'versioning',
    severity: 'normal',
    text: 'The set of ad status values can gain or lose values.',
    untestable:
      'a statement about the future; its consequence for clients (tolerate unknown values) is R3-01',
    check: {
      kind: 'sentence',
      words: 'The set of ad status values can gain or lose values. (untestable; its consequence is R3-01)',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },
  {
    id: 'R9-05',
    section: '9',
    area: 'versioning',
    severity: 'minor',
    text: 'Catalog ids were equalized with the insertion flow; integrators must update their stored model ids.',
    untestable: 'an instruction to integrators about ids stored before the equalization',
    check: {
      kind: 'sentence',
      words:
        'Catalog ids were equalized with the insertion flow; integrators must update their stored model ids. (untestable)',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },
  {
    id: 'R9-06',
    section: '9',
    area: 'versioning',
    severity: 'normal',
    text: 'The authorization, token, basic-info and catalog paths carry no version segment.',
    check: {
      kind: 'sentence',
      words: 'The authorization, token, basic-info and catalog paths carry no version segment.',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },
];

const byId = new Map(REQUIREMENTS.map((requirement) => [requirement.id, requirement]));

export function requirement(id: string): Requirement {
  const found = byId.get(id);
  if (found === undefined)
    throw new Error(`Unknown requirement id ${id}: add it to spec/requirements/catalogue.ts`);
  return found;
}
