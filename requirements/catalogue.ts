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
  },
  {
    id: 'R2.1-02',
    section: '2.1',
    area: 'registration',
    severity: 'critical',
    text: 'Registration issues a client_id and a client secret (client_secret) to the integrator.',
  },

  // 2.2 Authorization code
  {
    id: 'R2.2-01',
    section: '2.2',
    area: 'authorization',
    severity: 'critical',
    text: 'The authorization code is a string issued by the authorization server and delivered as query parameter `code`.',
  },
  {
    id: 'R2.2-02',
    section: '2.2',
    area: 'token',
    severity: 'critical',
    text: 'The authorization code expires 10 minutes after generation.',
  },
  {
    id: 'R2.2-03',
    section: '2.2',
    area: 'token',
    severity: 'blocker',
    text: 'The authorization code is single use; it cannot be reused.',
  },

  // 2.3 Access token response
  {
    id: 'R2.3-01',
    section: '2.3',
    area: 'token',
    severity: 'blocker',
    text: 'The token response carries `access_token`, a string, always.',
  },
  {
    id: 'R2.3-02',
    section: '2.3',
    area: 'token',
    severity: 'critical',
    text: 'The token response carries `token_type`, a string with value `Bearer`, always.',
  },

  // 2.4 Basic user info
  {
    id: 'R2.4-01',
    section: '2.4',
    area: 'basic-user-info',
    severity: 'critical',
    text: 'Basic user info carries `user_name`, a string: the full name of the user.',
  },
  {
    id: 'R2.4-02',
    section: '2.4',
    area: 'basic-user-info',
    severity: 'critical',
    text: 'Basic user info carries `user_email`, a string: the e-mail of the user.',
  },

  // 2.5 Published-ad listing page
  {
    id: 'R2.5-01',
    section: '2.5',
    area: 'listing',
    severity: 'blocker',
    text: '`data` is an array of ad items, required, at most 200 items per page; it can be empty when there are no more records.',
  },
  {
    id: 'R2.5-02',
    section: '2.5',
    area: 'listing',
    severity: 'normal',
    text: '`current_token` is a string or null: the token of the current page, null on the first page.',
  },
  {
    id: 'R2.5-03',
    section: '2.5',
    area: 'listing',
    severity: 'critical',
    text: '`next_token` is a string or null: the token of the next page, null when there are no more results.',
  },
  {
    id: 'R2.5-04',
    section: '2.5',
    area: 'listing',
    severity: 'critical',
    text: 'An ad item carries `id`, a string, always: the ad identifier defined by the integrator.',
  },
  {
    id: 'R2.5-05',
    section: '2.5',
    area: 'listing',
    severity: 'normal',
    text: 'An ad item carries `list_id`, a string, only when the ad has one; absent when the ad is new, never published and in approval.',
  },
  {
    id: 'R2.5-06',
    section: '2.5',
    area: 'listing',
    severity: 'critical',
    text: 'An ad item carries `status`, a string, always: the public status of the ad, same as on the marketplace.',
  },

  // 2.6 Catalog response envelope
  {
    id: 'R2.6-01',
    section: '2.6',
    area: 'catalogs',
    severity: 'critical',
    text: 'A catalog response carries `status` `ok` on success.',
  },
  {
    id: 'R2.6-02',
    section: '2.6',
    area: 'catalogs',
    severity: 'critical',
    text: 'A catalog response carries `data`, a map: names to integer ids for brands, models and versions; numeric-string ids to labels for cubic capacities.',
  },
  {
    id: 'R2.6-03',
    section: '2.6',
    area: 'catalogs',
    severity: 'minor',
    text: 'The brand, model and version ids are the ones ads must carry; ads with incorrect ids are rejected.',
    untestable: 'ad submission is not part of the specified API ("not shown")',
  },

  // 2.7 Notification configuration
  {
    id: 'R2.7-01',
    section: '2.7',
    area: 'notifications',
    severity: 'critical',
    text: 'The configuration `id` is a string in UUID form, assigned by the service.',
  },
  {
    id: 'R2.7-02',
    section: '2.7',
    area: 'notifications',
    severity: 'normal',
    text: '`method` is required on create and update; only `POST` is supported.',
  },
  {
    id: 'R2.7-03',
    section: '2.7',
    area: 'notifications',
    severity: 'critical',
    text: '`url` (a URL) is required on create and update: the server address that receives notifications.',
  },
  {
    id: 'R2.7-04',
    section: '2.7',
    area: 'notifications',
    severity: 'normal',
    text: '`media_type` is required on create and update; only `application/json` is supported.',
  },
  {
    id: 'R2.7-05',
    section: '2.7',
    area: 'notifications',
    severity: 'critical',
    text: '`token` is required on create and update: it authenticates the notification request at the integrator.',
  },
  {
    id: 'R2.7-06',
    section: '2.7',
    area: 'notifications',
    severity: 'normal',
    text: '`type` is assigned by the service; only `AD_STATUS` is supported.',
  },
  {
    id: 'R2.7-07',
    section: '2.7',
    area: 'notifications',
    severity: 'critical',
    text: 'The fields of the configuration are returned on create and on read as in the table of 2.7, including `id` and `type`.',
  },

  // 3 States
  {
    id: 'R3-01',
    section: '3',
    area: 'listing',
    severity: 'normal',
    text: 'Public ad status values are pending_review, published, deleted and refused; the set can grow or shrink and clients must tolerate unknown values.',
  },

  // 4.1 Start authorization
  {
    id: 'R4.1-01',
    section: '4.1',
    area: 'authorization',
    severity: 'blocker',
    text: 'GET {auth_url}/oauth starts the authorization: the user authenticates and decides, then the browser is redirected to the redirect URI with query parameters.',
  },
  {
    id: 'R4.1-02',
    section: '4.1',
    area: 'authorization',
    severity: 'critical',
    text: '`response_type` is required and its value is `code`.',
  },
  {
    id: 'R4.1-03',
    section: '4.1',
    area: 'authorization',
    severity: 'critical',
    text: '`client_id` is required and must be identical to the id issued at registration.',
  },
  {
    id: 'R4.1-04',
    section: '4.1',
    area: 'authorization',
    severity: 'critical',
    text: '`redirect_uri` is required if several URIs are registered (it may be omitted when only one is).',
  },
  {
    id: 'R4.1-05',
    section: '4.1',
    area: 'authorization',
    severity: 'blocker',
    text: '`redirect_uri` must be identical to one registered URI.',
  },
  { id: 'R4.1-06', section: '4.1', area: 'authorization', severity: 'normal', text: '`scope` is required.' },
  {
    id: 'R4.1-07',
    section: '4.1',
    area: 'authorization',
    severity: 'normal',
    text: '`scope` is a space-separated, case-sensitive list of scope values; order is irrelevant.',
  },
  {
    id: 'R4.1-08',
    section: '4.1',
    area: 'authorization',
    severity: 'critical',
    text: '`state` is optional, any value, and returned unchanged.',
  },

  // 4.2 Exchange code for access token
  {
    id: 'R4.2-01',
    section: '4.2',
    area: 'token',
    severity: 'critical',
    text: 'The token endpoint is POST {auth_url}/oauth/token over HTTPS.',
  },
  {
    id: 'R4.2-02',
    section: '4.2',
    area: 'token',
    severity: 'normal',
    text: 'The token request is form-encoded (Content-Type: application/x-www-form-urlencoded).',
  },
  {
    id: 'R4.2-03',
    section: '4.2',
    area: 'token',
    severity: 'critical',
    text: 'All form fields are sent: code, client_id, client_secret, redirect_uri, grant_type.',
  },
  {
    id: 'R4.2-04',
    section: '4.2',
    area: 'token',
    severity: 'critical',
    text: '`redirect_uri` is the same URI as in the authorization request.',
  },
  {
    id: 'R4.2-05',
    section: '4.2',
    area: 'token',
    severity: 'critical',
    text: '`grant_type` is `authorization_code`.',
  },
  {
    id: 'R4.2-06',
    section: '4.2',
    area: 'token',
    severity: 'blocker',
    text: 'Success: HTTP 200 with a JSON body per 2.3.',
  },
  {
    id: 'R4.2-07',
    section: '4.2',
    area: 'token',
    severity: 'normal',
    text: 'Success carries the header Content-Type: application/json;charset=UTF-8.',
  },
  {
    id: 'R4.2-08',
    section: '4.2',
    area: 'token',
    severity: 'critical',
    text: 'Success carries the header Cache-Control: no-store.',
  },
  {
    id: 'R4.2-09',
    section: '4.2',
    area: 'token',
    severity: 'critical',
    text: 'Success carries the header Pragma: no-cache.',
  },
  {
    id: 'R4.2-10',
    section: '4.2',
    area: 'token',
    severity: 'critical',
    text: 'Failure: HTTP 400 with body {error} (see 7.2).',
  },

  // 4.3 Basic user info
  {
    id: 'R4.3-01',
    section: '4.3',
    area: 'basic-user-info',
    severity: 'blocker',
    text: "POST {apps_url}/oauth_api/basic_user_info with body {access_token} answers the user_name and user_email of the token's user.",
  },
  {
    id: 'R4.3-02',
    section: '4.3',
    area: 'basic-user-info',
    severity: 'blocker',
    text: 'Basic user info requires a token holding the permission basic_user_info.',
  },

  // 4.4 List published ads
  {
    id: 'R4.4-01',
    section: '4.4',
    area: 'listing',
    severity: 'blocker',
    text: 'GET {apps_url}/autoupload/v1/published takes `Authorization: Bearer <token>`; the token must have scope autoupload or basic_user_info.',
  },
  {
    id: 'R4.4-02',
    section: '4.4',
    area: 'listing',
    severity: 'blocker',
    text: 'While `next_token` is not null, sending it as `page_token` obtains the next page (the crawl returns every ad once).',
  },
  {
    id: 'R4.4-03',
    section: '4.4',
    area: 'listing',
    severity: 'critical',
    text: 'When `next_token` is null there are no more pages; the last page can have an empty `data` array.',
  },
  {
    id: 'R4.4-04',
    section: '4.4',
    area: 'listing',
    severity: 'critical',
    text: '`fetch_size` sets the items per page; its default and maximum are 200.',
  },
  {
    id: 'R4.4-05',
    section: '4.4',
    area: 'listing',
    severity: 'critical',
    text: '`ads_status` returns only ads with this status.',
  },
  {
    id: 'R4.4-06',
    section: '4.4',
    area: 'listing',
    severity: 'critical',
    text: 'Without `ads_status`, ads of all statuses are returned.',
  },
  {
    id: 'R4.4-07',
    section: '4.4',
    area: 'listing',
    severity: 'blocker',
    text: 'Success: HTTP 200 with a body per 2.5.',
  },

  // 4.5 Catalog lookups
  {
    id: 'R4.5-01',
    section: '4.5',
    area: 'catalogs',
    severity: 'critical',
    text: 'The nine catalog lookups are POST with a JSON body {access_token} and answer per 2.6.',
  },
  {
    id: 'R4.5-02',
    section: '4.5',
    area: 'catalogs',
    severity: 'critical',
    text: '{brand_id} and {model_id} are the integer ids obtained from the preceding lookup in the chain.',
  },

  // 4.6 Notification configuration
  {
    id: 'R4.6-01',
    section: '4.6',
    area: 'notifications',
    severity: 'critical',
    text: 'Create: POST {apps_url}/autoservice/v1/notification with `{method, url, media_type, token}` returns the full configuration including `id` and `type`.',
  },
  {
    id: 'R4.6-02',
    section: '4.6',
    area: 'notifications',
    severity: 'critical',
    text: 'Read: GET {apps_url}/autoservice/v1/notification/{id}, with the id returned by create, returns the full configuration.',
  },
  {
    id: 'R4.6-03',
    section: '4.6',
    area: 'notifications',
    severity: 'critical',
    text: 'Update: PUT {apps_url}/autoservice/v1/notification/{id} with `{method, url, media_type, token}` changes the configuration.',
  },
  {
    id: 'R4.6-04',
    section: '4.6',
    area: 'notifications',
    severity: 'critical',
    text: 'Delete: DELETE {apps_url}/autoservice/v1/notification/{id} removes the configuration.',
  },
  {
    id: 'R4.6-05',
    section: '4.6',
    area: 'notifications',
    severity: 'critical',
    text: 'The notification endpoints take `Authorization: Bearer <ACCESS_TOKEN>`; the token must be issued with scope `autoupload`.',
  },
  {
    id: 'R4.6-06',
    section: '4.6',
    area: 'notifications',
    severity: 'blocker',
    text: "A configuration is a resource of the user whose token created it: another user's token cannot read, change or delete it (5, rule 3).",
  },

  // 5 Authentication
  {
    id: 'R5-01',
    section: '5',
    area: 'authentication',
    severity: 'blocker',
    text: "The service authenticates the user by login and password and obtains the user's decision.",
  },
  {
    id: 'R5-02',
    section: '5',
    area: 'authentication',
    severity: 'blocker',
    text: 'On approval the browser is redirected to the redirect URI with `code` and, if it was sent, `state` (same value as sent).',
  },
  {
    id: 'R5-03',
    section: '5',
    area: 'authentication',
    severity: 'blocker',
    text: 'The application exchanges the code at the token endpoint and receives `access_token` with `token_type` `Bearer`.',
  },
  {
    id: 'R5-04',
    section: '5',
    area: 'authentication',
    severity: 'normal',
    text: 'Scope values are basic_user_info, autoupload, autoservice and chat.',
  },
  {
    id: 'R5-05',
    section: '5',
    area: 'authentication',
    severity: 'minor',
    text: 'The authorization server can ignore the requested scopes partly or totally, by its policy or by user instruction.',
    untestable:
      'a permission, not an obligation: the suite honours it by never requiring that every requested scope be granted',
  },
  {
    id: 'R5-06',
    section: '5',
    area: 'authentication',
    severity: 'blocker',
    text: 'The server validates the access token and that its permissions suffice for the requested resource.',
  },
  {
    id: 'R5-07',
    section: '5',
    area: 'authentication',
    severity: 'critical',
    text: 'The token represents only the permissions granted by the user.',
  },
  {
    id: 'R5-08',
    section: '5',
    area: 'authentication',
    severity: 'blocker',
    text: 'The client secret is sent only to the token endpoint, over HTTPS POST.',
  },

  // 6 Events
  {
    id: 'R6-01',
    section: '6',
    area: 'notifications',
    severity: 'blocker',
    text: "When the status of an imported ad changes, an AD_STATUS notification is delivered to the configured `url` of the ad's user: one per change, none to anyone else.",
  },
  {
    id: 'R6-02',
    section: '6',
    area: 'notifications',
    severity: 'critical',
    text: 'The notification is an HTTP request with the configured `method` (POST) and `media_type` (application/json).',
  },
  {
    id: 'R6-03',
    section: '6',
    area: 'notifications',
    severity: 'critical',
    text: 'The notification carries the new ad status, the ad id and the date and time of the change.',
  },
  {
    id: 'R6-04',
    section: '6',
    area: 'notifications',
    severity: 'critical',
    text: "The configured `token` is used to authenticate the notification request at the integrator's server.",
  },
  {
    id: 'R6-05',
    section: '6',
    area: 'notifications',
    severity: 'normal',
    text: "The status in a notification is the ad's public status (section 3), a set that can grow: a change to any value is notified with that value.",
  },

  // 7.1 Authorization endpoint errors
  {
    id: 'R7.1-01',
    section: '7.1',
    area: 'authorization',
    severity: 'blocker',
    text: '`redirect_uri` invalid or missing: no redirect to the redirect URI.',
  },
  {
    id: 'R7.1-02',
    section: '7.1',
    area: 'authorization',
    severity: 'blocker',
    text: '`client_id` invalid or missing: no redirect to the redirect URI.',
  },
  {
    id: 'R7.1-03',
    section: '7.1',
    area: 'authorization',
    severity: 'critical',
    text: '`redirect_uri` differs from every registered URI: HTTP 400.',
  },
  {
    id: 'R7.1-04',
    section: '7.1',
    area: 'authorization',
    severity: 'critical',
    text: 'User denies access: redirect to the redirect URI with error=access_denied and, if sent, `state`.',
  },
  {
    id: 'R7.1-05',
    section: '7.1',
    area: 'authorization',
    severity: 'critical',
    text: 'Other failures: redirect to the redirect URI with query `error` and, if sent, `state`.',
  },
  {
    id: 'R7.1-06',
    section: '7.1',
    area: 'authorization',
    severity: 'normal',
    text: '`invalid_request`: required parameter missing, invalid parameter, or malformed request.',
  },
  {
    id: 'R7.1-07',
    section: '7.1',
    area: 'authorization',
    severity: 'normal',
    text: '`unauthorized_client`: client not allowed to request a code by this method.',
    untestable:
      'needs a client barred from the code flow; neither the specification nor the contract offers a way to register one',
  },
  {
    id: 'R7.1-08',
    section: '7.1',
    area: 'authorization',
    severity: 'normal',
    text: '`unsupported_response_type`: server does not support obtaining a code this way.',
  },
  {
    id: 'R7.1-09',
    section: '7.1',
    area: 'authorization',
    severity: 'normal',
    text: '`invalid_scope`: requested scope invalid, unknown or malformed.',
  },
  {
    id: 'R7.1-10',
    section: '7.1',
    area: 'authorization',
    severity: 'minor',
    text: '`temporarily_unavailable`: server temporarily unavailable (maintenance or overload).',
  },
  {
    id: 'R7.1-11',
    section: '7.1',
    area: 'authorization',
    severity: 'minor',
    text: '`server_error`: unexpected condition.',
  },

  // 7.2 Token endpoint errors
  {
    id: 'R7.2-01',
    section: '7.2',
    area: 'token',
    severity: 'critical',
    text: 'Failure: HTTP 400 with a JSON body holding the field `error`.',
  },
  {
    id: 'R7.2-02',
    section: '7.2',
    area: 'token',
    severity: 'normal',
    text: 'Failure carries the header Content-Type: application/json;charset=UTF-8.',
  },
  {
    id: 'R7.2-03',
    section: '7.2',
    area: 'token',
    severity: 'critical',
    text: 'Failure carries the header Cache-Control: no-store.',
  },
  {
    id: 'R7.2-04',
    section: '7.2',
    area: 'token',
    severity: 'critical',
    text: 'Failure carries the header Pragma: no-cache.',
  },
  {
    id: 'R7.2-05',
    section: '7.2',
    area: 'token',
    severity: 'critical',
    text: '`invalid_request`: required parameter missing, unsupported or repeated parameter, multiple credentials, or malformed.',
  },
  {
    id: 'R7.2-06',
    section: '7.2',
    area: 'token',
    severity: 'blocker',
    text: '`invalid_client`: client authentication failed.',
  },
  {
    id: 'R7.2-07',
    section: '7.2',
    area: 'token',
    severity: 'blocker',
    text: '`invalid_grant`: code invalid, expired or revoked; redirect URI differs from the authorization request; code issued to another client.',
  },
  {
    id: 'R7.2-08',
    section: '7.2',
    area: 'token',
    severity: 'normal',
    text: '`unauthorized_client`: the authenticated client may not use this grant type.',
    untestable:
      'needs a client barred from the authorization_code grant; neither the specification nor the contract offers a way to register one',
  },
  {
    id: 'R7.2-09',
    section: '7.2',
    area: 'token',
    severity: 'critical',
    text: '`unsupported_grant_type`: grant type not supported.',
  },
  {
    id: 'R7.2-10',
    section: '7.2',
    area: 'token',
    severity: 'normal',
    text: '`invalid_scope`: requested scope invalid, unknown, or exceeds the scope granted by the user.',
  },

  // 7.3 Ad listing errors
  {
    id: 'R7.3-01',
    section: '7.3',
    area: 'listing',
    severity: 'critical',
    text: 'On failure the status code is greater than 200 and the body is a JSON object with string fields `reason` and `message`.',
  },
  {
    id: 'R7.3-02',
    section: '7.3',
    area: 'listing',
    severity: 'critical',
    text: 'Header Authorization missing: reason BAD_REQUEST, message "Check the header field(s)".',
  },
  {
    id: 'R7.3-03',
    section: '7.3',
    area: 'listing',
    severity: 'blocker',
    text: 'Token invalid: reason ACCESS_DENIED, message "Check the client authentication token".',
  },
  {
    id: 'R7.3-04',
    section: '7.3',
    area: 'listing',
    severity: 'blocker',
    text: 'Scope not allowed: reason ACCESS_SCOPE_DENIED, message "Check the client authentication if scope configuration is correct.".',
  },
  {
    id: 'R7.3-05',
    section: '7.3',
    area: 'listing',
    severity: 'normal',
    text: 'Client exceeds the allowed requests per second: reason RATE_LIMIT, message "You have exceeded the X requests in X seconds limit!" (X are numbers).',
  },
  {
    id: 'R7.3-06',
    section: '7.3',
    area: 'listing',
    severity: 'normal',
    text: 'Unexpected internal error: reason UNEXPECTED_INTERNAL_ERROR, message "Unexpected internal error. Try again later".',
  },

  // 8 Limits (the rows about registration and codes)
  {
    id: 'R8-01',
    section: '8',
    area: 'registration',
    severity: 'normal',
    text: 'Registered redirect URIs: 1 to 3.',
  },
  {
    id: 'R8-02',
    section: '8',
    area: 'token',
    severity: 'critical',
    text: 'Authorization code lifetime: 10 minutes; single use.',
  },
  { id: 'R8-03', section: '8', area: 'listing', severity: 'normal', text: '`fetch_size` default: 200.' },
  {
    id: 'R8-04',
    section: '8',
    area: 'listing',
    severity: 'critical',
    text: '`fetch_size` maximum and items per page: 200.',
  },
  {
    id: 'R8-05',
    section: '8',
    area: 'listing',
    severity: 'normal',
    text: 'A per-second request limit exists on the ad listing and yields RATE_LIMIT.',
  },

  // 9 Versioning
  {
    id: 'R9-01',
    section: '9',
    area: 'versioning',
    severity: 'normal',
    text: 'The ad listing path carries the version segment v1.',
  },
  {
    id: 'R9-02',
    section: '9',
    area: 'versioning',
    severity: 'minor',
    text: 'The notification configuration path carries v1.',
  },
  {
    id: 'R9-03',
    section: '9',
    area: 'versioning',
    severity: 'minor',
    text: 'The notification configuration feature is a beta version and can change as needed.',
    untestable: 'a statement of policy, not of behaviour',
  },
  {
    id: 'R9-04',
    section: '9',
    area: 'versioning',
    severity: 'normal',
    text: 'The set of ad status values can gain or lose values.',
    untestable:
      'a statement about the future; its consequence for clients (tolerate unknown values) is R3-01',
  },
  {
    id: 'R9-05',
    section: '9',
    area: 'versioning',
    severity: 'minor',
    text: 'Catalog ids were equalized with the insertion flow; integrators must update their stored model ids.',
    untestable: 'an instruction to integrators about ids stored before the equalization',
  },
  {
    id: 'R9-06',
    section: '9',
    area: 'versioning',
    severity: 'normal',
    text: 'The authorization, token, basic-info and catalog paths carry no version segment.',
  },
];

const byId = new Map(REQUIREMENTS.map((requirement) => [requirement.id, requirement]));

export function requirement(id: string): Requirement {
  const found = byId.get(id);
  if (found === undefined)
    throw new Error(`Unknown requirement id ${id}: add it to requirements/catalogue.ts`);
  return found;
}
