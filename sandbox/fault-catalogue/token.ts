import { SCOPES, type Scope } from '../../spec/scopes.js';
import { basicAccepted } from '../token/basic-auth.js';
import { requestedScope } from '../token/check-scope.js';
import { TokenError } from '../../spec/errors.js';
import { redirectUriRegistered, redirectUriSent } from '../token/check-code.js';
import type { TokenCheck } from '../token/exchange.js';
import { consumeCodeOf } from '../token/consume-on-failure.js';
import { echoPage } from '../token/echo-page.js';
import { getQueryRead, jsonBodyRead, querySecretRead, unknownParameterFails } from '../token/faulty-forms.js';
import {
  afterAnAwait,
  contentTypeOf,
  errorCodeRenamed,
  fieldRenamed,
  passedWithoutRedirectUri,
  redirectToHttp,
  refusedAs,
  skipCheck,
  tokenInHeader,
  withoutHeader,
} from '../token/patches.js';
import { always } from '../rules/patch.js';
import type { FaultDefinition } from './types.js';

/** A redirect URI as a loose comparison sees it: decoded, in lower case, without query or trailing slash. */
function looseUri(uri: string): string {
  let decoded = uri;
  try {
    decoded = decodeURIComponent(uri);
  } catch {
    // Not percent-decodable: compared as sent.
  }
  return decoded
    .toLowerCase()
    .replace(/[?#].*$/, '')
    .replace(/\/+$/, '');
}

/** For token-redirect-uri-loose-match: the redirect_uri is compared loosely, not as the same string. */
const redirectUriLooselyMatches: TokenCheck = (exchange) => {
  const authorized = exchange.code.redirectUriSent ?? exchange.client.redirectUris[0] ?? '';
  if (looseUri(redirectUriSent(exchange) ?? '') !== looseUri(authorized))
    throw new TokenError('invalid_grant', 'redirect_uri differs from the authorization request.');
};

/** Faults of the token area: each the smallest deviation that breaks the requirements it names. */
export const TOKEN_FAULTS = {
  'code-reuse': {
    requirements: ['R2.2-03'],
    description: 'an authorization code can be redeemed more than once',
    patch: { token: { markUsed: always(undefined) } },
  },
  'code-no-expiry': {
    requirements: ['R2.2-02'],
    description: 'authorization codes never expire',
    patch: { token: { codeLifetimeMs: always(Infinity) } },
  },
  'code-concurrent-redeem': {
    requirements: ['R2.2-03'],
    description: 'the code is marked used only after an await, so two parallel redemptions both succeed',
    patch: { token: { redemption: () => afterAnAwait } },
  },
  'code-lifetime-nine-minutes': {
    requirements: ['R8-02', 'R2.2-02'],
    description: 'authorization codes expire after nine minutes instead of ten',
    patch: { token: { codeLifetimeMs: (lifetime) => () => lifetime() - 60 * 1000 } },
  },
  'code-other-client-accepted': {
    requirements: ['R7.2-07'],
    description: 'a code issued to one client is redeemed by any other authenticated client',
    patch: { token: { codeIssuedToClient: skipCheck } },
  },
  'code-unknown-invalid-request': {
    requirements: ['R7.2-07'],
    description: 'an unknown code is refused with invalid_request instead of invalid_grant',
    patch: { token: { codeKnown: refusedAs('invalid_request') } },
  },
  'token-pragma-missing': {
    requirements: ['R4.2-09', 'R7.2-04'],
    description: 'the token endpoint omits Pragma: no-cache',
    patch: { token: { tokenHeaders: withoutHeader('pragma') } },
  },
  'token-cache-control-missing': {
    requirements: ['R4.2-08', 'R7.2-03'],
    description: 'the token endpoint omits Cache-Control: no-store',
    patch: { token: { tokenHeaders: withoutHeader('cache-control') } },
  },
  'token-content-type-text-plain': {
    requirements: ['R4.2-07', 'R7.2-02'],
    description: 'the token endpoint labels its JSON text/plain;charset=UTF-8',
    patch: { token: { tokenHeaders: contentTypeOf('text/plain;charset=UTF-8') } },
  },
  'token-access-token-renamed': {
    requirements: ['R2.3-01', 'R5-03'],
    description: 'the token response names the token accessToken instead of access_token',
    patch: { token: { tokenBody: fieldRenamed('access_token', 'accessToken') } },
  },
  'token-type-not-bearer': {
    requirements: ['R2.3-02', 'R5-03'],
    description: 'the token response says token_type MAC instead of Bearer',
    patch: { token: { tokenBody: (body) => (token) => ({ ...body(token), token_type: 'MAC' }) } },
  },
  'token-success-status-201': {
    requirements: ['R4.2-06'],
    description: 'a successful exchange is answered with HTTP 201 instead of 200',
    patch: { token: { successStatus: always(201) } },
  },
  'token-get-accepted': {
    requirements: ['R4.2-01', 'R5-08'],
    description: 'the token endpoint also redeems a code sent by GET with every field in the query string',
    patch: { token: { answerGet: () => (call, exchange) => exchange(call), formRead: getQueryRead } },
  },
  'token-json-body-accepted': {
    requirements: ['R4.2-02'],
    description: 'the token endpoint also accepts the fields as a JSON body',
    patch: { token: { formRead: jsonBodyRead } },
  },
  'token-redirect-uri-optional': {
    requirements: ['R4.2-03', 'R7.2-05'],
    description: 'a token request without redirect_uri is accepted',
    patch: { token: { redirectUriPresent: skipCheck, redirectUriMatches: passedWithoutRedirectUri } },
  },
  'token-redirect-uri-any-registered': {
    requirements: ['R4.2-04', 'R7.2-07'],
    description:
      'the token request may carry any of the client’s registered redirect URIs, not only the one of the authorization request',
    patch: { token: { redirectUriMatches: () => redirectUriRegistered } },
  },
  'token-redirect-uri-loose-match': {
    requirements: ['R4.2-04', 'R7.2-07'],
    description:
      'the token request’s redirect_uri is compared with the authorization request’s loosely: percent-decoded, in any case, without its query or trailing slash',
    patch: { token: { redirectUriMatches: () => redirectUriLooselyMatches } },
  },
  'token-grant-type-ignored': {
    requirements: ['R4.2-05', 'R7.2-09'],
    description: 'any grant_type value is treated as authorization_code',
    patch: { token: { grantTypeSupported: skipCheck } },
  },
  'token-error-status-401': {
    requirements: ['R4.2-10', 'R7.2-01'],
    description: 'the token endpoint answers failures with HTTP 401 instead of 400',
    patch: { token: { errorStatus: always(401) } },
  },
  'token-error-field-renamed': {
    requirements: ['R7.2-01', 'R4.2-10'],
    description: 'the token error body carries error_code instead of error',
    patch: { token: { errorBody: errorCodeRenamed } },
  },
  'token-repeated-parameter-accepted': {
    requirements: ['R7.2-05'],
    description: 'a repeated token request parameter is accepted (the first value is used)',
    patch: { token: { parametersNotRepeated: skipCheck } },
  },
  'token-client-secret-not-checked': {
    requirements: ['R7.2-06'],
    description: 'the client secret is not compared: any secret authenticates a known client_id',
    patch: { token: { clientBySecret: () => (clients, clientId) => clients.find(clientId) } },
  },
  'token-unsupported-grant-invalid-request': {
    requirements: ['R7.2-09'],
    description:
      'an unsupported grant_type is refused with invalid_request instead of unsupported_grant_type',
    patch: { token: { grantTypeSupported: refusedAs('invalid_request') } },
  },
  'token-scope-widening-accepted': {
    requirements: ['R7.2-10', 'R5-07'],
    description: 'a scope on the token request wider than the grant is issued instead of refused',
    patch: {
      token: {
        scopeNarrowed: () => (exchange) => {
          exchange.scopes = requestedScope(exchange);
        },
      },
    },
  },
  'token-grants-every-scope': {
    requirements: ['R5-07'],
    description: 'every access token carries all four scopes, whatever the user granted',
    patch: {
      token: {
        scopeNarrowed: () => (exchange) => {
          exchange.scopes = Object.keys(SCOPES) as Scope[];
        },
      },
    },
  },
  'token-secret-in-query-accepted': {
    requirements: ['R5-08'],
    description: 'a client_secret in the token URL’s query string is accepted as if it were in the body',
    patch: { token: { formRead: querySecretRead } },
  },
  'token-basic-wrong-secret-accepted': {
    requirements: ['R7.2-06'],
    description: 'HTTP Basic client authentication (RFC 6749 2.3.1) is accepted without comparing the secret',
    patch: { token: { basicClient: () => basicAccepted((clients, clientId) => clients.find(clientId)) } },
  },
  'token-basic-401-no-challenge': {
    requirements: ['R7.2-01'],
    description:
      'HTTP Basic client authentication is accepted, and its failure is a 401 without WWW-Authenticate (RFC 6749 5.2)',
    patch: { token: { basicClient: () => basicAccepted(), errorChallenge: always({}) } },
  },
  'code-consumed-by-failed-exchange': {
    requirements: ['R3-02'],
    description:
      'a failed token request (wrong client secret, another redirect_uri) consumes the code it carried',
    patch: { token: { afterRefusal: () => consumeCodeOf } },
  },
  'token-unknown-parameter-server-error': {
    requirements: ['R4.2-11'],
    description: 'an unrecognised form field makes the token endpoint answer HTTP 500 in plain text',
    patch: { token: { unknownParametersIgnored: () => unknownParameterFails } },
  },
  'token-redirects-to-http': {
    requirements: ['R4.2-01'],
    description: 'POST /oauth/token is answered with a 307 to the same path over plain http',
    patch: { token: { answerPost: () => redirectToHttp } },
  },
  'token-access-token-in-header': {
    requirements: ['R2.3-01', 'R5-03'],
    description: 'the token response carries the access token in an X-Access-Token header, not in the body',
    patch: { token: { tokenResponse: tokenInHeader } },
  },
  'token-error-html-echo': {
    requirements: ['R7.2-01', 'R4.2-10'],
    description:
      'token errors are an HTML page echoing the request (its form, query and Authorization header) instead of JSON',
    patch: { token: { errorResponse: () => (_answer, request, error) => echoPage(request, error) } },
  },
} as const satisfies Record<string, FaultDefinition>;
