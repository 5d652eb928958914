import * as approval from './approval.js';
import { backToClient } from './back-to-client.js';
import { clientIdKnown, findClient } from './check-client.js';
import * as redirectUri from './check-redirect-uri.js';
import * as request from './check-request.js';
import * as scope from './check-scope.js';
import { errorRedirect } from './error-redirect.js';
import { injectedFailure } from './injected-failure.js';
import { consentPage, loginPage } from './pages.js';
import * as registration from './registration.js';
import { grantedScopes } from './scope-order.js';
import type { AUTHORIZATION_SEAMS } from './seams.js';

/**
 * The authorization area's spec rules (2.1, 4.1, 5, 7.1: registration, GET /oauth, login, consent,
 * the way back to the client), by name; each rule's module heads it with the requirement ids it
 * enforces. Where a fault bends the area is its seams (seams.ts); both are patched by name
 * (rules/patch.ts).
 */
export const AUTHORIZATION_RULES = {
  clientIdKnown,
  redirectUriRegistered: redirectUri.redirectUriRegistered,
  injectedFailure,
  noRepeatedParameters: request.noRepeatedParameters,
  responseTypeIsCode: request.responseTypeIsCode,
  scopeValid: scope.scopeValid,
  findClient,
  redirectUriMatches: redirectUri.redirectUriMatches,
  redirectUriOmitted: redirectUri.redirectUriOmitted,
  refuseMissingResponseType: request.refuseMissingResponseType,
  refuseOtherResponseType: request.refuseOtherResponseType,
  missingScope: scope.missingScope,
  requestedScope: scope.requestedScope,
  grantedScopes,
  errorRedirect,
  loginPage,
  consentPage,
  signIn: approval.signIn,
  denialError: approval.denialError,
  approvalParams: approval.approvalParams,
  approvalLocation: approval.approvalLocation,
  backToClient,
  newClientId: registration.newClientId,
  maxRedirectUris: registration.maxRedirectUris,
  registrationAnswer: registration.registrationAnswer,
};

/** The authorization area's rules in force: its spec rules and its seams, patched or not. */
export type AuthorizationRules = Readonly<typeof AUTHORIZATION_RULES & typeof AUTHORIZATION_SEAMS>;
