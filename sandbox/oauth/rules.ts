import type { FastifyReply } from 'fastify';
import type { AuthorizationError, AuthorizationErrorCode } from '../../spec/errors.js';
import type { Params } from '../http/params.js';
import type { Check } from '../rules/patch.js';
import type { Scope } from '../scopes.js';
import type { Client, ClientStore } from '../store/clients.js';
import type { ConsentMemory } from '../store/consents.js';
import type { PendingAuthorization } from '../store/sessions.js';
import type { User, UserStore } from '../store/users.js';
import * as approval from './approval.js';
import type { AuthorizationRequest, RedirectTarget, RequestedScope } from './authorization-request.js';
import { backToClient } from './back-to-client.js';
import { clientIdKnown, findClient } from './check-client.js';
import * as redirectUri from './check-redirect-uri.js';
import * as request from './check-request.js';
import * as scope from './check-scope.js';
import { errorRedirect, untrustedRequestRedirect } from './error-redirect.js';
import { injectedFailure, reportedError } from './injected-failure.js';
import { consentPage, loginPage, type LoginProblem } from './pages.js';
import type { ResponseParams } from './redirect-uri.js';
import * as registration from './registration.js';
import { returnedState } from './returned-state.js';
import { grantedScopes } from './scope-order.js';

/**
 * The authorization area's rules (2.1, 4.1, 5, 7.1: registration, GET /oauth, login, consent, the
 * way back to the client), by name: the reference behaviour, which faults and variants patch
 * (rules/patch.ts). Each rule's module heads it with the requirement ids it enforces.
 */
export interface AuthorizationRules {
  // GET /oauth's checks, run in the order authorize.ts declares.
  clientIdKnown: Check<AuthorizationRequest>;
  redirectUriRegistered: Check<AuthorizationRequest>;
  unknownParametersIgnored: Check<AuthorizationRequest>;
  injectedFailure: Check<AuthorizationRequest>;
  noRepeatedParameters: Check<AuthorizationRequest>;
  responseTypeIsCode: Check<AuthorizationRequest>;
  scopeValid: Check<AuthorizationRequest>;
  // What the checks decide with.
  findClient: (clients: ClientStore, clientId: string) => Client | undefined;
  redirectUriMatches: (sent: string, registered: string) => boolean;
  redirectUriMismatchStatus: () => number;
  redirectUriOmitted: (client: Client) => RedirectTarget;
  reportedError: (error: AuthorizationErrorCode) => AuthorizationErrorCode;
  refuseMissingResponseType: () => void;
  refuseOtherResponseType: () => void;
  missingScope: () => RequestedScope;
  requestedScope: (scope: string) => RequestedScope;
  grantedScopes: (requested: Scope[]) => Scope[];
  returnedState: (sent: string) => string;
  // Failures: an error page, or back to the client.
  untrustedRequestRedirect: (params: Params, client: Client | undefined) => string | null;
  errorRedirect: (redirectUri: string, error: AuthorizationError, state: string | null) => string;
  // Login, consent and the way back.
  loginPage: (
    reply: FastifyReply,
    pending: PendingAuthorization,
    csrf: string,
    problem: LoginProblem | null,
  ) => FastifyReply;
  consentPage: (
    reply: FastifyReply,
    pending: PendingAuthorization,
    clientName: string,
    csrf: string,
  ) => FastifyReply;
  signIn: (users: UserStore, login: string, password: string) => User | undefined;
  returnAfterLogin: (authorizationUrl: string) => string | undefined;
  consentAsked: (login: string, pending: PendingAuthorization, consents: ConsentMemory) => boolean;
  denialError: () => AuthorizationErrorCode;
  approvalParams: (pending: PendingAuthorization, code: string) => ResponseParams;
  approvalLocation: (redirectUri: string, params: ResponseParams) => string;
  backToClient: (reply: FastifyReply, location: string) => FastifyReply;
  // Registration (test helper, contract section 2).
  newClientId: () => string;
  maxRedirectUris: () => number;
  registrableRedirectUris: (uris: readonly string[]) => void;
  registrationAnswer: (client: Client, secret: string) => Record<string, unknown>;
}

export const AUTHORIZATION_RULES: AuthorizationRules = {
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
