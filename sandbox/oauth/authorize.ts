import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AuthorizationError } from '../../helpers/errors.js';
import { readCookie, SESSION_COOKIE, sessionCookie } from '../http/cookies.js';
import { redirect, sendErrorPage } from '../http/html.js';
import { Params } from '../http/params.js';
import type { SandboxState } from '../state.js';
import type { Client } from '../store/clients.js';
import { checkClient } from './check-client.js';
import { checkRedirectUri, type RedirectTarget } from './check-redirect-uri.js';
import { checkNoRepeats, checkResponseType } from './check-request.js';
import { checkScope } from './check-scope.js';
import { NoRedirectError } from './no-redirect-error.js';
import { sendConsentPage, sendLoginPage } from './pages.js';
import { withResponseParams } from './redirect-uri.js';

/** GET /oauth (4.1): validate, then ask the user to log in (unless a session exists) and decide. */
export function registerAuthorize(app: FastifyInstance, state: SandboxState): void {
  app.get('/oauth', (request, reply) => authorize(request, reply, state));
}

function authorize(request: FastifyRequest, reply: FastifyReply, state: SandboxState): FastifyReply {
  const params = Params.fromUrl(request.raw.url ?? '');
  let client: Client;
  let target: RedirectTarget;
  try {
    client = checkClient(params, state.clients);
    target = checkRedirectUri(params, client, state.faults);
  } catch (error) {
    if (error instanceof NoRedirectError) return sendErrorPage(reply, error.status, error.message);
    throw error;
  }
  const sentState = params.repeated().includes('state') ? null : (params.get('state') ?? null);
  try {
    consumeInjectedFailure(client);
    checkNoRepeats(params);
    checkResponseType(params);
    const scopes = checkScope(params);
    const pending = state.sessions.hold({
      clientId: client.clientId,
      redirectUri: target.uri,
      redirectUriSent: target.sent,
      scopes,
      state: sentState,
    });
    const session = state.sessions.open(readCookie(request.headers.cookie, SESSION_COOKIE));
    reply.header('set-cookie', sessionCookie(session.id));
    return session.login === null
      ? sendLoginPage(reply, pending, session.csrf, false)
      : sendConsentPage(reply, pending, client.name, session.csrf);
  } catch (error) {
    if (error instanceof AuthorizationError) {
      return redirect(
        reply,
        withResponseParams(target.uri, {
          error: error.code,
          error_description: error.description ?? null,
          state: sentState,
        }),
      );
    }
    throw error;
  }
}

/** The failures helper: the next N valid-client requests fail with the chosen error (7.1). */
function consumeInjectedFailure(client: Client): void {
  const injected = client.injected.authorize;
  if (injected.count === 0) return;
  injected.count -= 1;
  throw new AuthorizationError(injected.error, 'Injected failure (test helper).');
}
