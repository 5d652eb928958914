import * as approval from './approval.js';
import { backToClient } from './back-to-client.js';
import { clientIdKnown, findClient } from './check-client.js';
import * as redirectUri from './check-redirect-uri.js';
import * as request from './check-request.js';
import * as scope from './check-scope.js';
import { errorRedirect, untrustedRequestRedirect } from './error-redirect.js';
import { injectedFailure, reportedError } from './injected-failure.js';
import { consentPage, loginPage } from './pages.js';
import * as registration from './registration.js';
import { returnedState } from './returned-state.js';
import { grantedScopes } from './scope-order.js';

/**
 * The authorization area's rules (2.1, 4.1, 5, 7.1: registration, GET /oauth, login, consent, the
 * way back to the client), by name: the reference behaviour, which faults and variants patch
 * (rules/patch.ts); the area's type is this value's (rules/book.ts). Each rule's module heads it
 * with the requirement ids it enforces.
 */
export const AUTHORIZATION_RULES = {
  clientIdKnown,
  redirectUriRegistered: redirectUri.redirectUriRegistered,
  unknownParametersIgnored: request.unknownParametersIgnored,
  injectedFailure,
  noRepeatedParameters: request.noRepeatedParameters,
  responseTypeIsCode: request.responseTypeIsCode,
  scopeValid: scope.scopeValid,
  findClient,
  redirectUriMatches: redirectUri.redirectUriMatches,
  redirectUriMismatchStatus: redirectUri.redirectUriMismatchStatus,
  redirectUriOmitted: redirectUri.redirectUriOmitted,
  reportedError,
  refuseMissingResponseType: request.refuseMissingResponseType,
  refuseOtherResponseType: request.refuseOtherResponseType,
  missingScope: scope.missingScope,
  requestedScope: scope.requestedScope,
  grantedScopes,
  returnedState,
  untrustedRequestRedirect,
  errorRedirect,
  loginPage,
  consentPage,
  signIn: approval.signIn,
  returnAfterLogin: approval.returnAfterLogin,
  consentAsked: approval.consentAsked,
  denialError: approval.denialError,
  approvalParams: approval.approvalParams,
  approvalLocation: approval.approvalLocation,
  backToClient,
  newClientId: registration.newClientId,
  maxRedirectUris: registration.maxRedirectUris,
  registrableRedirectUris: registration.registrableRedirectUris,
  registrationAnswer: registration.registrationAnswer,
};
