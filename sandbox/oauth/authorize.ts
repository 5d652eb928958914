import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AuthorizationError } from '../../spec/errors.js';
import { AUTHORIZATION_PATH } from '../../spec/paths.js';
import { addressKey } from '../http/client-address.js';
import { readCookie, SESSION_COOKIE, sessionCookie } from '../http/cookies.js';
import { redirect, sendErrorPage } from '../http/html.js';
import { Params } from '../http/params.js';
import { runChecks, type Check } from '../rules/patch.js';
import type { OAuthState } from './oauth-state.js';
import { AuthorizationRequest } from './authorization-request.js';
import { askOrApprove } from './decision.js';
import { NoRedirectError } from './no-redirect-error.js';
import { withResponseParams } from './redirect-uri.js';
import type { AuthorizationRules } from './rules.js';

/**
 * GET /oauth's checks while the client or its redirect URI is not yet trusted: a failure is an
 * error page, never a redirect (7.1 rows 1 and 2). As the rules in force have them.
 */
export const untrustedRequestChecks = (rules: AuthorizationRules): readonly Check<AuthorizationRequest>[] => [
  rules.clientIdKnown,
  rules.redirectUriRegistered,
  rules.unknownParametersIgnored,
];

/** Then the checks whose failure goes back to the client with `error` and `state` (7.1, other rows). */
export const redirectedChecks = (rules: AuthorizationRules): readonly Check<AuthorizationRequest>[] => [
  rules.injectedFailure,
  rules.noRepeatedParameters,
  rules.responseTypeIsCode,
  rules.scopeValid,
];

/**
 * GET /oauth (4.1): the checks in order, then login (unless a session exists) and the decision (5).
 * GET /oauth/ too, as the official PHP client asks it, unless strict-oauth-path is on.
 */
export function registerAuthorize(
  app: FastifyInstance,
  state: OAuthState,
  inForce: () => AuthorizationRules,
): void {
  app.get(AUTHORIZATION_PATH, (request, reply) => authorize(request, reply, state, inForce()));
  app.get(`${AUTHORIZATION_PATH}/`, (request, reply) => {
    const rules = inForce();
    if (!rules.slashedAuthorizationPath()) return sendErrorPage(reply, 404, SLASHED_PATH_REFUSED);
    return authorize(request, reply, state, rules);
  });
}

const SLASHED_PATH_REFUSED =
  'The authorization endpoint is GET {auth_url}/oauth, without a trailing slash (spec 4.1); the sandbox switch strict-oauth-path is on.';

function authorize(
  request: FastifyRequest,
  reply: FastifyReply,
  state: OAuthState,
  rules: AuthorizationRules,
): FastifyReply {
  const authorization = new AuthorizationRequest(Params.fromUrl(request.raw.url ?? ''), state, rules);
  try {
    runChecks(untrustedRequestChecks(rules), authorization);
  } catch (error) {
    if (!(error instanceof NoRedirectError)) throw error;
    keepTheBrowser(request, reply, state);
    return refuseUntrusted(reply, authorization, rules, error);
  }
  try {
    runChecks(redirectedChecks(rules), authorization);
    return askTheUser(request, reply, authorization, rules);
  } catch (error) {
    if (!(error instanceof AuthorizationError)) throw error;
    keepTheBrowser(request, reply, state);
    return redirect(reply, rules.errorRedirect(authorization.target.uri, error, authorization.state));
  }
}

/**
 * A refused authorization request leaves the browser its cookie too (a signed-in session's is
 * kept): the client that goes on, in the same browser or cookie jar, to a consent and a code it
 * exchanges proves this request its own (sandbox/journal/flows.ts), so the report card grades the
 * mistake that got it refused.
 */
function keepTheBrowser(request: FastifyRequest, reply: FastifyReply, state: OAuthState): void {
  const cookie = readCookie(request.headers.cookie, SESSION_COOKIE);
  if (state.sessions.find(cookie) !== undefined) return;
  reply.header('set-cookie', sessionCookie(state.sessions.browserOf(cookie)));
}

/** R7.1-01, R7.1-02: an error page (a faulty server may redirect instead). */
function refuseUntrusted(
  reply: FastifyReply,
  authorization: AuthorizationRequest,
  rules: AuthorizationRules,
  error: NoRedirectError,
): FastifyReply {
  const { params, clientIfKnown, state } = authorization;
  const location = rules.untrustedRequestRedirect(params, clientIfKnown);
  if (location !== null)
    return redirect(reply, withResponseParams(location, { error: 'invalid_request', state }));
  return sendErrorPage(reply, error.status, error.message, error.notes);
}

/**
 * 5 steps 1-2: the login page, the request sealed in its form (nothing is stored before sign-in);
 * or, for a signed-in session, the request held for its user and the consent page.
 */
function askTheUser(
  request: FastifyRequest,
  reply: FastifyReply,
  authorization: AuthorizationRequest,
  rules: AuthorizationRules,
): FastifyReply {
  const { sandbox: state, client, target, scope } = authorization;
  const returnTo = rules.returnAfterLogin(request.raw.url ?? AUTHORIZATION_PATH);
  const held = {
    clientId: client.clientId,
    redirectUri: target.uri,
    redirectUriSent: target.sent,
    scopes: rules.grantedScopes(scope.scopes),
    unknownScopes: scope.unknown,
    state: authorization.state,
    // Kept only where it is used: a long URL held per pending request costs memory.
    ...(returnTo === undefined ? {} : { returnTo }),
  };
  const cookie = readCookie(request.headers.cookie, SESSION_COOKIE);
  const session = state.sessions.find(cookie);
  if (session === undefined || session.login === null) {
    const browser = state.sessions.browserOf(cookie);
    reply.header('set-cookie', sessionCookie(browser));
    const sealed = { ...held, id: state.sessions.sealed.seal(held, browser), sessionId: browser };
    return rules.loginPage(reply, sealed, browser, null);
  }
  const pending = state.sessions.hold({ ...held, sessionId: session.id }, session.login);
  return askOrApprove(reply, { state, rules }, session, pending, addressKey(request.socket.remoteAddress));
}
