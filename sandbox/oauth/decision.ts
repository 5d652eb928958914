import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { addressKey } from '../http/client-address.js';
import { readCookie, SESSION_COOKIE, sessionCookie } from '../http/cookies.js';
import { redirect, sendErrorPage } from '../http/html.js';
import { Params } from '../http/params.js';
import type { OAuthState } from './oauth-state.js';
import type { PendingAuthorization } from '../store/pending-authorization.js';
import type { BrowserSession } from '../store/sessions.js';
import { sameSecret } from '../store/crypto.js';
import { CONSENT_PATH, LOGIN_PATH, tooManyAttempts, WRONG_CREDENTIALS } from './pages.js';
import { withResponseParams } from './redirect-uri.js';
import type { AuthorizationRules } from './rules.js';

/** The sandbox's state and the authorization rules in force at this request. */
export interface Deciding {
  state: OAuthState;
  rules: AuthorizationRules;
}

interface FormContext {
  form: Params;
  session: BrowserSession;
  pending: PendingAuthorization;
  /** Who sent the form (client-address.ts). */
  address: string;
}

const EXPIRED_FORM = 'The form has expired or was not sent by this site. Start again from the application.';
const UNKNOWN_REQUEST =
  'Unknown, expired or already decided authorization request, or one started in another browser.';

/** The login and consent forms: both CSRF-protected, both bound to a pending authorization. */
export function registerDecision(
  app: FastifyInstance,
  state: OAuthState,
  inForce: () => AuthorizationRules,
): void {
  app.post(LOGIN_PATH, (request, reply) =>
    withLoginForm(request, reply, state, (context) => login(reply, { state, rules: inForce() }, context)),
  );
  app.post(CONSENT_PATH, (request, reply) =>
    withForm(request, reply, state, (context) => decide(reply, { state, rules: inForce() }, context)),
  );
}

function withForm(
  request: FastifyRequest,
  reply: FastifyReply,
  state: OAuthState,
  next: (context: FormContext) => FastifyReply,
): FastifyReply {
  const form = Params.fromEncoded(typeof request.body === 'string' ? request.body : '');
  const session = state.sessions.find(readCookie(request.headers.cookie, SESSION_COOKIE));
  if (session === undefined || !sameSecret(form.get('csrf') ?? '', session.csrf))
    return sendErrorPage(reply, 403, EXPIRED_FORM);
  const pending = state.sessions.pendingRequest(form.get('request') ?? '', session);
  if (pending === undefined) return sendErrorPage(reply, 400, UNKNOWN_REQUEST);
  return next({ form, session, pending, address: addressKey(request.socket.remoteAddress) });
}

/**
 * The login form of a signed-out browser: no session yet, the request sealed in the form
 * (sealed-requests.ts) and bound to the browser's pre-login cookie, which the form repeats (CSRF).
 */
function withLoginForm(
  request: FastifyRequest,
  reply: FastifyReply,
  state: OAuthState,
  next: (context: FormContext) => FastifyReply,
): FastifyReply {
  const form = Params.fromEncoded(typeof request.body === 'string' ? request.body : '');
  const browser = readCookie(request.headers.cookie, SESSION_COOKIE);
  if (browser === undefined || !sameSecret(form.get('csrf') ?? '', browser))
    return sendErrorPage(reply, 403, EXPIRED_FORM);
  const sealed = form.get('request') ?? '';
  const held = state.sessions.sealed.open(sealed, browser);
  if (held === undefined) return sendErrorPage(reply, 400, UNKNOWN_REQUEST);
  const session = { id: browser, csrf: browser, login: null };
  const pending = { ...held, id: sealed, sessionId: browser };
  return next({ form, session, pending, address: addressKey(request.socket.remoteAddress) });
}

/** R5-01: the user signs in by login and password; then decides (or, signed in, is sent back). */
function login(reply: FastifyReply, deciding: Deciding, context: FormContext): FastifyReply {
  const { form, session, pending, address } = context;
  const { state, rules } = deciding;
  const login = form.get('login') ?? '';
  // Checked before any hashing: a throttled attempt costs no scrypt and is refused even when right.
  const waitMs = state.loginThrottle.waitMs(login);
  if (waitMs > 0) return rules.loginPage(reply, pending, session.csrf, tooManyAttempts(waitMs));
  const user = rules.signIn(state.users, login, form.get('password') ?? '');
  if (user === undefined) {
    state.loginThrottle.failed(login);
    return rules.loginPage(reply, pending, session.csrf, WRONG_CREDENTIALS);
  }
  state.loginThrottle.succeeded(user.login);
  // Only now are a session and the pending request stored, both counted against the user.
  const loggedIn = state.sessions.logIn(user.login);
  reply.header('set-cookie', sessionCookie(loggedIn.id));
  // Set only when the rule returnAfterLogin names a place (authorize.ts), which holds it anew.
  if (pending.returnTo !== undefined) return redirect(reply, pending.returnTo);
  const held = state.sessions.hold({ ...pending, sessionId: loggedIn.id }, user.login);
  return askOrApprove(reply, deciding, loggedIn, held, address);
}

/**
 * 5 step 3: a signed-in user decides on the consent page, unless the rule consentAsked says the
 * decision is known already, when the request is approved at once.
 */
export function askOrApprove(
  reply: FastifyReply,
  deciding: Deciding,
  session: BrowserSession,
  pending: PendingAuthorization,
  address: string,
): FastifyReply {
  const { state, rules } = deciding;
  if (session.login !== null && !rules.consentAsked(session.login, pending, state.consents))
    return decide(reply, deciding, { form: Params.fromEncoded(''), session, pending, address }, 'approve');
  const client = state.clients.find(pending.clientId);
  return rules.consentPage(reply, pending, client?.name ?? pending.clientId, session.csrf);
}

/** R5-02, R7.1-04: the decision goes back to the client, with a code or with access_denied. */
function decide(
  reply: FastifyReply,
  { state, rules }: Deciding,
  { form, session, pending }: FormContext,
  decision = form.get('decision'),
): FastifyReply {
  const client = state.clients.find(pending.clientId);
  if (session.login === null || client === undefined) return sendErrorPage(reply, 400, 'Sign in first.');
  state.sessions.takePending(pending.id);
  if (decision !== 'approve') {
    const denial = { error: rules.denialError(), state: pending.state };
    return rules.backToClient(reply, withResponseParams(pending.redirectUri, denial));
  }
  const code = state.codes.issue({
    clientId: client.clientId,
    login: session.login,
    scopes: pending.scopes,
    unknownScopes: pending.unknownScopes ?? [],
    redirectUriSent: pending.redirectUriSent,
    issuedAtMs: client.clock.now(),
  });
  state.consents.remember(session.login, client.clientId, pending.scopes);
  const location = rules.approvalLocation(pending.redirectUri, rules.approvalParams(pending, code));
  return rules.backToClient(reply, location);
}
