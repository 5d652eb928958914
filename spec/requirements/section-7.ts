import type { Requirement } from './types.js';

/** The normative sentences of section 7 (errors). */
export const SECTION_7: readonly Requirement[] = [
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
];
