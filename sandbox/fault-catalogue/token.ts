import type { FaultDefinition } from './types.js';

/** Faults of the token area: each the smallest deviation that breaks the requirements it names. */
export const TOKEN_FAULTS = {
  'code-reuse': {
    requirements: ['R2.2-03'],
    description: 'an authorization code can be redeemed more than once',
    patch: { token: { markUsed: () => () => undefined } },
  },
  'code-no-expiry': {
    requirements: ['R2.2-02'],
    description: 'authorization codes never expire',
    patch: { token: { codeLifetimeMs: () => () => Infinity } },
  },
  'code-concurrent-redeem': {
    requirements: ['R2.2-03'],
    description: 'the code is marked used only after an await, so two parallel redemptions both succeed',
  },
  'code-lifetime-nine-minutes': {
    requirements: ['R8-02', 'R2.2-02'],
    description: 'authorization codes expire after nine minutes instead of ten',
    patch: { token: { codeLifetimeMs: (lifetime) => () => lifetime() - 60 * 1000 } },
  },
  'code-other-client-accepted': {
    requirements: ['R7.2-07'],
    description: 'a code issued to one client is redeemed by any other authenticated client',
  },
  'code-unknown-invalid-request': {
    requirements: ['R7.2-07'],
    description: 'an unknown code is refused with invalid_request instead of invalid_grant',
  },
  'token-pragma-missing': {
    requirements: ['R4.2-09', 'R7.2-04'],
    description: 'the token endpoint omits Pragma: no-cache',
  },
  'token-cache-control-missing': {
    requirements: ['R4.2-08', 'R7.2-03'],
    description: 'the token endpoint omits Cache-Control: no-store',
  },
  'token-content-type-text-plain': {
    requirements: ['R4.2-07', 'R7.2-02'],
    description: 'the token endpoint labels its JSON text/plain;charset=UTF-8',
  },
  'token-access-token-renamed': {
    requirements: ['R2.3-01', 'R5-03'],
    description: 'the token response names the token accessToken instead of access_token',
  },
  'token-type-not-bearer': {
    requirements: ['R2.3-02', 'R5-03'],
    description: 'the token response says token_type MAC instead of Bearer',
  },
  'token-success-status-201': {
    requirements: ['R4.2-06'],
    description: 'a successful exchange is answered with HTTP 201 instead of 200',
  },
  'token-get-accepted': {
    requirements: ['R4.2-01', 'R5-08'],
    description: 'the token endpoint also redeems a code sent by GET with every field in the query string',
  },
  'token-json-body-accepted': {
    requirements: ['R4.2-02'],
    description: 'the token endpoint also accepts the fields as a JSON body',
  },
  'token-redirect-uri-optional': {
    requirements: ['R4.2-03', 'R7.2-05'],
    description: 'a token request without redirect_uri is accepted',
  },
  'token-redirect-uri-any-registered': {
    requirements: ['R4.2-04', 'R7.2-07'],
    description:
      'the token request may carry any of the client’s registered redirect URIs, not only the one of the authorization request',
  },
  'token-grant-type-ignored': {
    requirements: ['R4.2-05', 'R7.2-09'],
    description: 'any grant_type value is treated as authorization_code',
  },
  'token-error-status-401': {
    requirements: ['R4.2-10', 'R7.2-01'],
    description: 'the token endpoint answers failures with HTTP 401 instead of 400',
  },
  'token-error-field-renamed': {
    requirements: ['R7.2-01', 'R4.2-10'],
    description: 'the token error body carries error_code instead of error',
  },
  'token-repeated-parameter-accepted': {
    requirements: ['R7.2-05'],
    description: 'a repeated token request parameter is accepted (the first value is used)',
  },
  'token-client-secret-not-checked': {
    requirements: ['R7.2-06'],
    description: 'the client secret is not compared: any secret authenticates a known client_id',
  },
  'token-unsupported-grant-invalid-request': {
    requirements: ['R7.2-09'],
    description:
      'an unsupported grant_type is refused with invalid_request instead of unsupported_grant_type',
  },
  'token-scope-widening-accepted': {
    requirements: ['R7.2-10', 'R5-07'],
    description: 'a scope on the token request wider than the grant is issued instead of refused',
  },
  'token-grants-every-scope': {
    requirements: ['R5-07'],
    description: 'every access token carries all four scopes, whatever the user granted',
  },
  'token-secret-in-query-accepted': {
    requirements: ['R5-08'],
    description: 'a client_secret in the token URL’s query string is accepted as if it were in the body',
  },
  'token-basic-wrong-secret-accepted': {
    requirements: ['R7.2-06'],
    description: 'HTTP Basic client authentication (RFC 6749 2.3.1) is accepted without comparing the secret',
  },
  'token-basic-401-no-challenge': {
    requirements: ['R7.2-01'],
    description:
      'HTTP Basic client authentication is accepted, and its failure is a 401 without WWW-Authenticate (RFC 6749 5.2)',
  },
  'code-consumed-by-failed-exchange': {
    requirements: ['R3-02'],
    description:
      'a failed token request (wrong client secret, another redirect_uri) consumes the code it carried',
  },
  'token-unknown-parameter-server-error': {
    requirements: ['R4.2-11'],
    description: 'an unrecognised form field makes the token endpoint answer HTTP 500 in plain text',
  },
  'token-redirects-to-http': {
    requirements: ['R4.2-01'],
    description: 'POST /oauth/token is answered with a 307 to the same path over plain http',
  },
  'token-access-token-in-header': {
    requirements: ['R2.3-01', 'R5-03'],
    description: 'the token response carries the access token in an X-Access-Token header, not in the body',
  },
  'token-error-html-echo': {
    requirements: ['R7.2-01', 'R4.2-10'],
    description:
      'token errors are an HTML page echoing the request (its form, query and Authorization header) instead of JSON',
  },
} as const satisfies Record<string, FaultDefinition>;
