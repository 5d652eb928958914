import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AuthorizationError, type AuthorizationErrorCode } from '../../spec/errors.js';
import type { FaultSet } from '../faults.js';
import { addressKey } from '../http/client-address.js';
import { readCookie, SESSION_COOKIE, sessionCookie } from '../http/cookies.js';
import { redirect, sendErrorPage } from '../http/html.js';
import { Params } from '../http/params.js';
import type { SandboxState } from '../state.js';
import type { Client } from '../store/clients.js';
import { checkClient } from './check-client.js';
import { checkRedirectUri, isAbsoluteWithoutFragment, type RedirectTarget } from './check-redirect-uri.js';
import { checkNoRepeats, checkResponseType } from './check-request.js';
import { checkScope } from './check-scope.js';
import { NoRedirectError } from './no-redirect-error.js';
import { sendConsentPage, sendLoginPage } from './pages.js';
import { withFragmentParams, withResponseParams } from './redirect-uri.js';
import { AUTHORIZATION_PARAMETERS, unknownParameters } from '../http/unknown-parameters.js';
import { scopesAsGranted } from './scope-order.js';
import { AUTHORIZATION_PATH } from '../../spec/paths.js';

/** GET /oauth (4.1): validate, then ask the user to log in (unless a session exists) and decide. */
export function registerAuthorize(app: FastifyInstance, state: SandboxState): void {
  app.get(AUTHORIZATION_PATH, (request, reply) => authorize(request, reply, state));
}

function authorize(request: FastifyRequest, reply: FastifyReply, state: SandboxState): FastifyReply {
  const params = Params.fromUrl(request.raw.url ?? '');
  const faults = state.faults;
  const sentState = returnedState(params, faults);
  let client: Client | undefined;
  let target: RedirectTarget;
  try {
    client = checkClient(params, state.clients, faults);
    target = checkRedirectUri(params, client, faults);
  } catch (error) {
    if (error instanceof NoRedirectError) {
      const faulty = faultyRedirect(params, client, faults);
      if (faulty !== null)
        return redirect(reply, withResponseParams(faulty, { error: 'invalid_request', state: sentState }));
      return sendErrorPage(reply, error.status, error.message);
    }
    throw error;
  }
  if (
    faults.has('authz-unknown-parameter-error-page') &&
    unknownParameters(params, AUTHORIZATION_PARAMETERS).length > 0
  )
    return sendErrorPage(reply, 400, 'Unknown parameter.');
  try {
    consumeInjectedFailure(client, faults);
    checkNoRepeats(params);
    checkResponseType(params, faults);
    const requested = checkScope(params, faults, state.variants);
    const scopes = scopesAsGranted(requested.scopes, faults);
    const address = addressKey(request.socket.remoteAddress);
    const session = state.sessions.open(readCookie(request.headers.cookie, SESSION_COOKIE), address);
    const pending = state.sessions.hold(
      {
        sessionId: session.id,
        clientId: client.clientId,
        redirectUri: target.uri,
        redirectUriSent: target.sent,
        scopes,
        unknownScopes: requested.unknown,
        state: sentState,
        // Kept only where it is used: a long URL held per pending request costs memory.
        ...(state.variants.has('login-redirects-back')
          ? { returnTo: request.raw.url ?? AUTHORIZATION_PATH }
          : {}),
      },
      address,
    );
    reply.header('set-cookie', sessionCookie(session.id));
    return session.login === null
      ? sendLoginPage(reply, state.variants, pending, session.csrf, null)
      : sendConsentPage(reply, state.variants, pending, client.name, session.csrf);
  } catch (error) {
    if (error instanceof AuthorizationError) {
      const inFragment = faults.has('authz-error-in-fragment') && error.code === 'unsupported_response_type';
      return redirect(
        reply,
        (inFragment ? withFragmentParams : withResponseParams)(target.uri, {
          error: error.code,
          error_description: error.description ?? null,
          state: faults.has('authz-error-redirect-drops-state') ? null : sentState,
        }),
      );
    }
    throw error;
  }
}

/** The state to return: the single value sent, unchanged (4.1). */
function returnedState(params: Params, faults: FaultSet): string | null {
  const sent = params.repeated().includes('state') ? null : (params.get('state') ?? null);
  if (sent === null || !faults.has('authz-state-double-decoded')) return sent;
  try {
    return decodeURIComponent(sent);
  } catch {
    return sent;
  }
}

/**
 * Only under a fault: where a server that wrongly redirects on a client or redirect_uri failure
 * (7.1: never) would send the browser. Null: no redirect, the error page.
 */
function faultyRedirect(params: Params, client: Client | undefined, faults: FaultSet): string | null {
  const sent = params.get('redirect_uri');
  if (client === undefined)
    return faults.has('authz-unknown-client-redirects') &&
      sent !== undefined &&
      isAbsoluteWithoutFragment(sent)
      ? sent
      : null;
  const first = client.redirectUris[0];
  return faults.has('authz-missing-redirect-uri-redirects') && sent === undefined && first !== undefined
    ? first
    : null;
}

/** The failures helper: the next N valid-client requests fail with the chosen error (7.1). */
function consumeInjectedFailure(client: Client, faults: FaultSet): void {
  const injected = client.injected.authorize;
  if (injected.count === 0) return;
  injected.count -= 1;
  throw new AuthorizationError(reportedError(injected.error, faults), 'Injected failure (test helper).');
}

function reportedError(error: AuthorizationErrorCode, faults: FaultSet): AuthorizationErrorCode {
  if (error === 'temporarily_unavailable' && faults.has('authz-unavailable-as-server-error'))
    return 'server_error';
  if (error === 'server_error' && faults.has('authz-server-error-as-unavailable'))
    return 'temporarily_unavailable';
  return error;
}
