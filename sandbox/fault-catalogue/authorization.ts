import { ignoreUnknownScope } from '../oauth/check-scope.js';
import { codeShownPage } from '../oauth/back-to-client.js';
import { errorParams } from '../oauth/error-redirect.js';
import { fragmentOf, withFragmentParams } from '../oauth/redirect-uri.js';
import { doubleDecoded } from '../oauth/returned-state.js';
import { orderSensitiveScopes } from '../oauth/scope-order.js';
import {
  asInvalidRequest,
  fail,
  firstUriWhenMissing,
  refuse,
  refuseUnknownParameters,
  renamedCode,
  responseTypeAlsoAccepting,
  schemeless,
  sentUriWhenUnknown,
  withoutSecret,
} from './authorization-deviations.js';
import { grantNamedWithUnknown } from '../token/patches.js';
import { always } from '../rules/patch.js';
import type { FaultDefinition } from './types.js';

/**
 * Faults of the authorization area (registration, the authorization endpoint, login and consent):
 * each the smallest deviation that breaks the requirements it names.
 */
export const AUTHORIZATION_FAULTS = {
  'redirect-uri-prefix-match': {
    requirements: ['R4.1-05'],
    description: 'a redirect_uri that merely starts with a registered URI is accepted',
    patch: {
      authorization: {
        redirectUriMatches: (matches) => (sent, uri) => matches(sent, uri) || sent.startsWith(uri),
      },
    },
  },
  'redirect-uri-scheme-ignored': {
    requirements: ['R4.1-05'],
    description: 'a redirect_uri that differs from a registered URI only in http/https is accepted',
    patch: {
      authorization: {
        redirectUriMatches: (matches) => (sent, uri) =>
          matches(sent, uri) || schemeless(sent) === schemeless(uri),
      },
    },
  },
  'registration-four-uris-accepted': {
    requirements: ['R2.1-01', 'R8-01'],
    description: 'registration accepts 4 redirect URIs (the upper limit is off by one)',
    patch: { authorization: { maxRedirectUris: (max) => () => max() + 1 } },
  },
  'registration-secret-not-issued': {
    requirements: ['R2.1-02'],
    description: 'the registration answer carries the client_id but no client_secret',
    patch: {
      authorization: {
        registrationAnswer: (answer) => (client, secret) => withoutSecret(answer(client, secret)),
      },
    },
  },
  'authz-code-param-renamed': {
    requirements: ['R2.2-01'],
    description: 'the approval redirect carries the code as `authorization_code` instead of `code`',
    patch: {
      authorization: { approvalParams: (params) => (pending, code) => renamedCode(params(pending, code)) },
    },
  },
  'authz-response-in-fragment': {
    requirements: ['R4.1-01', 'R2.2-01', 'R5-02'],
    description: 'the approval redirect carries code and state in the URI fragment instead of the query',
    patch: { authorization: { approvalLocation: () => (uri, params) => `${uri}#${fragmentOf(params)}` } },
  },
  'authz-response-type-not-required': {
    requirements: ['R4.1-02'],
    description: 'a request without response_type is treated as response_type=code',
    patch: { authorization: { refuseMissingResponseType: always(undefined) } },
  },
  'authz-response-type-case-insensitive': {
    requirements: ['R4.1-02'],
    description: 'response_type is compared ignoring case, so CODE is taken for code and gets a code',
    patch: {
      authorization: {
        responseTypeIsCode: responseTypeAlsoAccepting(
          (responseType) => responseType.toLowerCase() === 'code',
        ),
      },
    },
  },
  'authz-response-type-code-prefix': {
    requirements: ['R4.1-02'],
    description:
      'any response_type that starts with code (code token, code id_token) is taken for code and gets a code',
    patch: {
      authorization: {
        responseTypeIsCode: responseTypeAlsoAccepting((responseType) => responseType.startsWith('code')),
      },
    },
  },
  'authz-client-id-case-insensitive': {
    requirements: ['R4.1-03'],
    description: 'client_id is looked up ignoring case, so an id in another case is accepted',
    patch: { authorization: { findClient: () => (clients, clientId) => clients.findIgnoringCase(clientId) } },
  },
  'authz-redirect-uri-always-required': {
    requirements: ['R4.1-04'],
    description: 'a missing redirect_uri is refused even when the client has a single registered URI',
    patch: { authorization: { redirectUriOmitted: () => () => refuse(400, 'redirect_uri is required.') } },
  },
  'authz-scope-not-required': {
    requirements: ['R4.1-06'],
    description: 'a request without scope is given basic_user_info instead of being refused',
    patch: { authorization: { missingScope: always({ scopes: ['basic_user_info'], unknown: [] }) } },
  },
  'authz-scope-case-insensitive': {
    requirements: ['R4.1-07'],
    description: 'scope values are compared ignoring case, so AUTOUPLOAD is accepted and grants autoupload',
    patch: { authorization: { requestedScope: (read) => (scope) => read(scope.toLowerCase()) } },
  },
  'authz-state-double-decoded': {
    requirements: ['R4.1-08'],
    description: 'state is percent-decoded a second time before it is returned (%20 comes back as a space)',
    patch: { authorization: { returnedState: () => doubleDecoded } },
  },
  'authz-missing-redirect-uri-redirects': {
    requirements: ['R7.1-01'],
    description:
      'a missing redirect_uri for a client with several URIs redirects to the first one with error=invalid_request',
    patch: {
      authorization: {
        untrustedRequestRedirect: (where) => (params, client) =>
          firstUriWhenMissing(params, client) ?? where(params, client),
      },
    },
  },
  'authz-unknown-client-redirects': {
    requirements: ['R7.1-02'],
    description:
      'an unknown or missing client_id redirects to the sent redirect_uri with error=invalid_request',
    patch: {
      authorization: {
        untrustedRequestRedirect: (where) => (params, client) =>
          sentUriWhenUnknown(params, client) ?? where(params, client),
      },
    },
  },
  'authz-redirect-uri-mismatch-403': {
    requirements: ['R7.1-03'],
    description: 'a redirect_uri that differs from every registered URI is a 403 page instead of a 400',
    patch: { authorization: { redirectUriMismatchStatus: always(403) } },
  },
  'authz-denial-wrong-error': {
    requirements: ['R7.1-04'],
    description: 'a denial by the user redirects with error=invalid_request instead of access_denied',
    patch: { authorization: { denialError: always('invalid_request') } },
  },
  'authz-error-redirect-drops-state': {
    requirements: ['R7.1-05'],
    description: 'failures other than denial redirect with error but without the state that was sent',
    patch: { authorization: { errorRedirect: (redirect) => (uri, error) => redirect(uri, error, null) } },
  },
  'authz-missing-response-type-unsupported': {
    requirements: ['R7.1-06'],
    description:
      'a missing response_type is answered with unsupported_response_type instead of invalid_request',
    patch: {
      authorization: {
        refuseMissingResponseType: () => () => fail('unsupported_response_type', 'response_type is missing.'),
      },
    },
  },
  'authz-unsupported-response-type-invalid-request': {
    requirements: ['R7.1-08'],
    description:
      'a response_type other than code is answered with invalid_request instead of unsupported_response_type',
    patch: {
      authorization: {
        refuseOtherResponseType: () => () => fail('invalid_request', 'Only response_type=code is supported.'),
      },
    },
  },
  'authz-unknown-scope-invalid-request': {
    requirements: ['R7.1-09'],
    description: 'an unknown or malformed scope is answered with invalid_request instead of invalid_scope',
    patch: { authorization: { requestedScope: (read) => (scope) => asInvalidRequest(() => read(scope)) } },
  },
  'authz-unavailable-as-server-error': {
    requirements: ['R7.1-10'],
    description:
      'a temporary unavailability is reported as error=server_error instead of temporarily_unavailable',
    patch: {
      authorization: {
        reportedError: (report) => (error) =>
          error === 'temporarily_unavailable' ? 'server_error' : report(error),
      },
    },
  },
  'authz-server-error-as-unavailable': {
    requirements: ['R7.1-11'],
    description:
      'an unexpected condition is reported as error=temporarily_unavailable instead of server_error',
    patch: {
      authorization: {
        reportedError: (report) => (error) =>
          error === 'server_error' ? 'temporarily_unavailable' : report(error),
      },
    },
  },
  'authz-password-not-checked': {
    requirements: ['R5-01'],
    description: 'the login form accepts a known login with any password',
    patch: { authorization: { signIn: () => (users, login) => users.find(login) } },
  },
  'authz-consent-skipped': {
    requirements: ['R5-01'],
    description: 'after login the request is approved at once: the user is never asked to decide',
    patch: { authorization: { consentAsked: always(false) } },
  },
  'authz-state-added-when-absent': {
    requirements: ['R5-02'],
    description: 'an approval of a request sent without state redirects with an empty state parameter',
    patch: {
      authorization: {
        approvalParams: (params) => (pending, code) => ({
          ...params(pending, code),
          state: pending.state ?? '',
        }),
      },
    },
  },
  'authz-unknown-scope-granted': {
    requirements: ['R5-07', 'R7.1-09'],
    description:
      'unknown scope values are accepted and granted: the token response names them in its scope (basic_user_info admin)',
    patch: {
      authorization: { requestedScope: () => ignoreUnknownScope },
      token: { grantedScope: () => grantNamedWithUnknown },
    },
  },
  'authz-redirect-uri-altered': {
    requirements: ['R5-02'],
    description: 'the approval redirect goes to the registered URI with a trailing slash added to its path',
    patch: {
      authorization: {
        approvalLocation: (locate) => (uri, params) => locate(uri.replace(/(\?|#|$)/, '/$1'), params),
      },
    },
  },
  'authz-code-shown-not-redirected': {
    requirements: ['R5-02', 'R7.1-04'],
    description:
      'after the decision the browser gets a 200 page showing the redirect URL, and never moves on',
    patch: { authorization: { backToClient: () => codeShownPage } },
  },
  'authz-chat-scope-refused': {
    requirements: ['R5-04'],
    description: 'the scope value chat is treated as unknown (invalid_scope)',
    patch: {
      authorization: {
        requestedScope: (read) => (scope) =>
          scope.split(' ').includes('chat')
            ? fail('invalid_scope', 'Unknown or malformed scope: "chat"')
            : read(scope),
      },
    },
  },
  'authz-unknown-parameter-error-page': {
    requirements: ['R4.1-09'],
    description:
      'an unrecognised parameter on the authorization request is answered with a 400 error page instead of being ignored',
    patch: { authorization: { unknownParametersIgnored: () => refuseUnknownParameters } },
  },
  'authz-scope-order-sensitive': {
    requirements: ['R4.1-07'],
    description: 'scope values not in alphabetical order lose the last value from the grant',
    patch: { authorization: { grantedScopes: () => orderSensitiveScopes } },
  },
  'authz-error-in-fragment': {
    requirements: ['R7.1-05', 'R7.1-08'],
    description:
      'a response_type other than code is answered with error and state in the fragment instead of the query',
    patch: {
      authorization: {
        errorRedirect: (redirect) => (uri, error, state) =>
          error.code === 'unsupported_response_type'
            ? withFragmentParams(uri, errorParams(error, state))
            : redirect(uri, error, state),
      },
    },
  },
} as const satisfies Record<string, FaultDefinition>;
