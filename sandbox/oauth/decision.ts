import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readCookie, SESSION_COOKIE } from '../http/cookies.js';
import { redirect, sendErrorPage } from '../http/html.js';
import { Params } from '../http/params.js';
import type { SandboxState } from '../state.js';
import type { BrowserSession, PendingAuthorization } from '../store/sessions.js';
import { sameSecret } from '../crypto.js';
import { CONSENT_PATH, LOGIN_PATH, sendConsentPage, sendLoginPage } from './pages.js';
import { withResponseParams } from './redirect-uri.js';

interface FormContext {
  form: Params;
  session: BrowserSession;
  pending: PendingAuthorization;
}

/** The login and consent forms: both CSRF-protected, both bound to a pending authorization. */
export function registerDecision(app: FastifyInstance, state: SandboxState): void {
  app.post(LOGIN_PATH, (request, reply) =>
    withForm(request, reply, state, (context) => login(reply, state, context)),
  );
  app.post(CONSENT_PATH, (request, reply) =>
    withForm(request, reply, state, (context) => decide(reply, state, context)),
  );
}

function withForm(
  request: FastifyRequest,
  reply: FastifyReply,
  state: SandboxState,
  next: (context: FormContext) => FastifyReply,
): FastifyReply {
  const form = Params.fromEncoded(typeof request.body === 'string' ? request.body : '');
  const session = state.sessions.find(readCookie(request.headers.cookie, SESSION_COOKIE));
  if (session === undefined || !sameSecret(form.get('csrf') ?? '', session.csrf)) {
    return sendErrorPage(
      reply,
      403,
      'The form has expired or was not sent by this site. Start again from the application.',
    );
  }
  const pending = state.sessions.pendingRequest(form.get('request') ?? '');
  if (pending === undefined)
    return sendErrorPage(reply, 400, 'Unknown or already decided authorization request.');
  return next({ form, session, pending });
}

function login(
  reply: FastifyReply,
  state: SandboxState,
  { form, session, pending }: FormContext,
): FastifyReply {
  const user = state.users.verify(form.get('login') ?? '', form.get('password') ?? '');
  if (user === undefined) return sendLoginPage(reply, pending, session.csrf, true);
  session.login = user.login;
  const client = state.clients.find(pending.clientId);
  return sendConsentPage(reply, pending, client?.name ?? pending.clientId, session.csrf);
}

function decide(
  reply: FastifyReply,
  state: SandboxState,
  { form, session, pending }: FormContext,
): FastifyReply {
  const client = state.clients.find(pending.clientId);
  if (session.login === null || client === undefined) return sendErrorPage(reply, 400, 'Sign in first.');
  state.sessions.takePending(pending.id);
  if (form.get('decision') !== 'approve') {
    return redirect(
      reply,
      withResponseParams(pending.redirectUri, { error: 'access_denied', state: pending.state }),
    );
  }
  const code = state.codes.issue({
    clientId: client.clientId,
    login: session.login,
    scopes: pending.scopes,
    redirectUriSent: pending.redirectUriSent,
    issuedAtMs: client.clock.now(),
  });
  return redirect(reply, withResponseParams(pending.redirectUri, { code, state: pending.state }));
}
