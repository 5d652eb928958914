import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { addressKey } from '../http/client-address.js';
import { readCookie, SESSION_COOKIE, sessionCookie } from '../http/cookies.js';
import { redirect, sendErrorPage } from '../http/html.js';
import { Params } from '../http/params.js';
import type { SandboxState } from '../state.js';
import type { BrowserSession, PendingAuthorization } from '../store/sessions.js';
import { sameSecret } from '../crypto.js';
import {
  CONSENT_PATH,
  LOGIN_PATH,
  sendConsentPage,
  sendLoginPage,
  tooManyAttempts,
  WRONG_CREDENTIALS,
} from './pages.js';
import { extraResponseParams, sendBackToClient } from './back-to-client.js';
import { withResponseParams } from './redirect-uri.js';

interface FormContext {
  form: Params;
  session: BrowserSession;
  pending: PendingAuthorization;
  /** Who sent the form (client-address.ts): login failures are throttled per address too. */
  address: string;
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
  const pending = state.sessions.pendingRequest(form.get('request') ?? '', session);
  if (pending === undefined)
    return sendErrorPage(
      reply,
      400,
      'Unknown, expired or already decided authorization request, or one started in another browser.',
    );
  return next({ form, session, pending, address: addressKey(request.socket.remoteAddress) });
}

function login(reply: FastifyReply, state: SandboxState, context: FormContext): FastifyReply {
  const { form, session, pending, address } = context;
  const login = form.get('login') ?? '';
  // Checked before any hashing: a throttled attempt costs no scrypt and is refused even when right.
  const waitMs = state.loginThrottle.waitMs(login, address);
  if (waitMs > 0) return sendLoginPage(reply, state.variants, pending, session.csrf, tooManyAttempts(waitMs));
  const user = state.faults.has('authz-password-not-checked')
    ? state.users.find(login)
    : state.users.verify(login, form.get('password') ?? '');
  if (user === undefined) {
    state.loginThrottle.failed(login, address);
    return sendLoginPage(reply, state.variants, pending, session.csrf, WRONG_CREDENTIALS);
  }
  state.loginThrottle.succeeded(user.login);
  const loggedIn = state.sessions.logIn(session, user.login, pending);
  reply.header('set-cookie', sessionCookie(loggedIn.id));
  if (state.variants.has('login-redirects-back') && pending.returnTo !== undefined)
    return redirect(reply, pending.returnTo);
  const client = state.clients.find(pending.clientId);
  if (state.faults.has('authz-consent-skipped'))
    return decide(reply, state, { ...context, session: loggedIn }, 'approve');
  return sendConsentPage(reply, state.variants, pending, client?.name ?? pending.clientId, loggedIn.csrf);
}

function decide(
  reply: FastifyReply,
  state: SandboxState,
  { form, session, pending }: FormContext,
  decision = form.get('decision'),
): FastifyReply {
  const client = state.clients.find(pending.clientId);
  if (session.login === null || client === undefined) return sendErrorPage(reply, 400, 'Sign in first.');
  state.sessions.takePending(pending.id);
  if (decision !== 'approve') {
    const error = state.faults.has('authz-denial-wrong-error') ? 'invalid_request' : 'access_denied';
    return sendBackToClient(
      reply,
      state,
      withResponseParams(pending.redirectUri, { error, state: pending.state }),
    );
  }
  const code = state.codes.issue({
    clientId: client.clientId,
    login: session.login,
    scopes: pending.scopes,
    unknownScopes: pending.unknownScopes ?? [],
    redirectUriSent: pending.redirectUriSent,
    issuedAtMs: client.clock.now(),
  });
  return sendBackToClient(reply, state, approvalRedirect(state, pending, code));
}

/** 5 step 4: the redirect URI with the query parameters `code` and, if it was sent, `state`. */
function approvalRedirect(state: SandboxState, pending: PendingAuthorization, code: string): string {
  const { faults } = state;
  const sentState = pending.state ?? (faults.has('authz-state-added-when-absent') ? '' : null);
  const codeName = faults.has('authz-code-param-renamed') ? 'authorization_code' : 'code';
  const params = { [codeName]: code, state: sentState, ...extraResponseParams(state, pending.scopes) };
  // The fault sends the browser to the registered URI with a path segment added.
  const target = faults.has('authz-redirect-uri-altered')
    ? pending.redirectUri.replace(/(\?|#|$)/, '/$1')
    : pending.redirectUri;
  if (!faults.has('authz-response-in-fragment')) return withResponseParams(target, params);
  const fragment = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== null) fragment.append(name, value);
  return `${pending.redirectUri}#${fragment.toString()}`;
}
