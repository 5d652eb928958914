import { TokenError } from '../../spec/errors.js';
import { basicAccepted } from '../token/basic-auth.js';
import { redirectUriSent } from '../token/check-code.js';
import type { TokenCheck } from '../token/exchange.js';
import {
  clientFirst,
  credentialMissingUnauthenticated,
  otherLayerAnswer,
  otherLayerFirst,
  redirectGet,
} from '../token/other-refusals.js';
import { contentTypeOf } from '../token/patches.js';
import type { VariantDefinition } from './types.js';

/**
 * For token-redirect-uri-unregistered-invalid-request: a redirect_uri the client never registered
 * is a malformed request (invalid_request) before it is compared with the authorization request's.
 */
function unregisteredRedirectUriInvalid(matches: TokenCheck): TokenCheck {
  return (exchange) => {
    if (!exchange.client.redirectUris.includes(redirectUriSent(exchange) ?? ''))
      throw new TokenError('invalid_request', 'redirect_uri is not registered for this client.');
    matches(exchange);
  };
}

/** Variants of the token endpoint: other choices a correct server could make. */
export const TOKEN_VARIANTS = {
  'token-basic-auth': {
    description:
      'HTTP Basic client authentication accepted besides the body (RFC 6749 2.3.1); a failed Basic authentication is 401 invalid_client with WWW-Authenticate (RFC 6749 5.2)',
    env: {},
    patch: { token: { basicClient: () => basicAccepted() } },
  },
  'token-other-refusals': {
    description:
      'token refusals in another order or layer: the client is authenticated first (an empty request is invalid_client), a JSON body is 415, a value over 4 kB is 413, a GET is redirected back with error=invalid_request (or 405); responses say application/json without charset',
    env: {},
    patch: {
      token: {
        exchangeOrder: (order) => (rules) => clientFirst(order(rules), rules),
        formRead: otherLayerFirst,
        credentialMissing: () => credentialMissingUnauthenticated,
        tokenHeaders: contentTypeOf('application/json'),
        answerGet: () => redirectGet,
        otherLayerAnswer: () => otherLayerAnswer,
      },
    },
  },
  'token-redirect-uri-unregistered-invalid-request': {
    description:
      'a token request whose redirect_uri the client never registered (a near miss) is refused with invalid_request; a registered one other than the authorization request’s with invalid_grant',
    env: {},
    patch: { token: { redirectUriMatches: unregisteredRedirectUriInvalid } },
  },
} as const satisfies Record<string, VariantDefinition>;
