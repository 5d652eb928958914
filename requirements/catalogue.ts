import type { Requirement } from './types.js';

/**
 * Every normative sentence of the sections covered so far (2.1-2.3, 4.1, 4.2, 5, 7.1, 7.2 and the
 * code rows of 8). Tests name these ids; `npm run requirements` lists the ids no test covers.
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
    plannedFor: 'resources slice (issue 3): needs the resource endpoints',
  },
  {
    id: 'R5-07',
    section: '5',
    area: 'authentication',
    severity: 'critical',
    text: 'The token represents only the permissions granted by the user.',
    plannedFor: 'resources slice (issue 3): needs the resource endpoints',
  },
  {
    id: 'R5-08',
    section: '5',
    area: 'authentication',
    severity: 'blocker',
    text: 'The client secret is sent only to the token endpoint, over HTTPS POST (in the request body).',
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
    plannedFor:
      'resources slice (issue 3): a server may ignore a `scope` parameter on the code grant, so only the resources can show that a wider scope was not granted',
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
];

const byId = new Map(REQUIREMENTS.map((requirement) => [requirement.id, requirement]));

export function requirement(id: string): Requirement {
  const found = byId.get(id);
  if (found === undefined)
    throw new Error(`Unknown requirement id ${id}: add it to requirements/catalogue.ts`);
  return found;
}
