import { consentUnlessRemembered } from '../oauth/approval.js';
import { extraResponseParams, movingOnPage } from '../oauth/back-to-client.js';
import { responseTypeKnownBeforeRedirect, responseTypeKnownOrInvalid } from '../oauth/check-request.js';
import { ignoreUnknownScope } from '../oauth/check-scope.js';
import { otherConsentPage, otherLoginPage } from '../oauth/other-markup.js';
import { httpsRedirectUrisOnly, numericClientId } from '../oauth/registration.js';
import { everyScope } from '../oauth/scope-order.js';
import { grantNamed } from '../token/patches.js';
import type { VariantDefinition } from './types.js';

/** Variants of the authorization area (GET /oauth, login, consent, registration): other choices a correct server could make. */
export const AUTHORIZATION_VARIANTS = {
  'login-other-markup': {
    description:
      'login and consent pages with other markup (no ids; names and classes), named to the suite by the selector variables',
    env: {
      LOGIN_USERNAME_SELECTOR: 'form.sign-in input[name="login"]',
      LOGIN_PASSWORD_SELECTOR: 'form.sign-in input[name="password"]',
      LOGIN_SUBMIT_SELECTOR: 'form.sign-in button.primary',
      CONSENT_APPROVE_SELECTOR: 'form.decision button.allow',
      CONSENT_DENY_SELECTOR: 'form.decision button.reject',
    },
    patch: { authorization: { loginPage: () => otherLoginPage, consentPage: () => otherConsentPage } },
  },
  'login-redirects-back': {
    description:
      'a successful login redirects back to the authorization URL, where the new session skips the login page and shows the consent',
    env: {},
    patch: { authorization: { returnAfterLogin: () => (authorizationUrl) => authorizationUrl } },
  },
  'authz-scope-ignored': {
    description:
      'unknown or misspelt scope values are ignored (5 rule 2), access_denied when none is left; the token response names the granted scope (RFC 6749 5.1)',
    env: {},
    patch: {
      authorization: { requestedScope: () => ignoreUnknownScope },
      token: { grantedScope: () => grantNamed },
    },
  },
  'authz-scope-widened': {
    description:
      "every grant is widened to every scope of section 5, whatever was asked (5 rule 2: by the server's policy); the token response names the granted scope (RFC 6749 5.1)",
    env: {},
    patch: {
      authorization: { grantedScopes: () => everyScope },
      token: { grantedScope: () => grantNamed },
    },
  },
  'authz-other-redirects': {
    description:
      'the way back to the client is a 200 page that moves on by script and meta refresh, and the approval adds session_state, scope and iss (RFC 6749 4.1.2: the client ignores them)',
    env: {},
    patch: {
      authorization: {
        backToClient: () => movingOnPage,
        approvalParams: (params) => (pending, code) => ({
          ...params(pending, code),
          ...extraResponseParams(pending.scopes),
        }),
      },
    },
  },
  'clients-other-registration': {
    description:
      'client_ids of digits only (no other case exists), and only https redirect URIs can be registered, named to the suite by CONFORMANCE_REDIRECT_ORIGIN',
    env: { CONFORMANCE_REDIRECT_ORIGIN: 'https://127.0.0.1:9' },
    patch: {
      authorization: {
        newClientId: () => numericClientId,
        registrableRedirectUris: () => httpsRedirectUrisOnly,
      },
    },
  },
  'consent-remembered': {
    description:
      'a user who approved a client is not asked again for the same or fewer scopes: the next flow goes back to the client without a consent page (5 does not say the user is asked every time)',
    env: {},
    patch: { authorization: { consentAsked: () => consentUnlessRemembered } },
  },
  'authz-response-type-invalid-value': {
    description:
      'a response_type that is neither code nor token (CODE, code token) is refused with invalid_request (an invalid value) instead of unsupported_response_type',
    env: {},
    patch: { authorization: { responseTypeIsCode: responseTypeKnownOrInvalid } },
  },
  'authz-response-type-error-page': {
    description:
      'a response_type that is neither code nor token (CODE, code token) is refused with a 400 error page, without a redirect to the client',
    env: {},
    patch: { authorization: { redirectUriRegistered: responseTypeKnownBeforeRedirect } },
  },
} as const satisfies Record<string, VariantDefinition>;
