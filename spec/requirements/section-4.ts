import type { Requirement } from './types.js';

/** The normative sentences of section 4 (endpoints). */
export const SECTION_4: readonly Requirement[] = [
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
];
