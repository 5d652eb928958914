import type { FastifyReply } from 'fastify';
import { SANDBOX_SELECTORS } from '../options.js';
import { escapeHtml, sendPage } from '../http/html.js';
import { SCOPES } from '../scopes.js';
import type { PendingAuthorization } from '../store/sessions.js';

const id = (selector: string): string => selector.replace(/^#/, '');

export const LOGIN_PATH = '/oauth/login';
export const CONSENT_PATH = '/oauth/consent';
export const LOGIN_ERROR = 'Invalid login or password.';

function hidden(name: string, value: string): string {
  return `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
}

export function sendLoginPage(
  reply: FastifyReply,
  pending: PendingAuthorization,
  csrf: string,
  error: boolean,
): FastifyReply {
  const message = error ? `<p class="error" id="login-error" role="alert">${LOGIN_ERROR}</p>` : '';
  return sendPage(
    reply,
    error ? 401 : 200,
    'Sign in to the marketplace',
    `${message}<form method="post" action="${LOGIN_PATH}">${hidden('request', pending.id)}${hidden('csrf', csrf)}` +
      `<label for="${id(SANDBOX_SELECTORS.loginUsername)}">Login</label><input id="${id(SANDBOX_SELECTORS.loginUsername)}" name="login" autocomplete="username" required>` +
      `<label for="${id(SANDBOX_SELECTORS.loginPassword)}">Password</label><input id="${id(SANDBOX_SELECTORS.loginPassword)}" name="password" type="password" autocomplete="current-password" required>` +
      `<button id="${id(SANDBOX_SELECTORS.loginSubmit)}" type="submit">Sign in</button></form>`,
  );
}

export function sendConsentPage(
  reply: FastifyReply,
  pending: PendingAuthorization,
  clientName: string,
  csrf: string,
): FastifyReply {
  const scopes = pending.scopes
    .map((scope) => `<li><code>${scope}</code>: ${escapeHtml(SCOPES[scope])}</li>`)
    .join('');
  return sendPage(
    reply,
    200,
    'Authorize access',
    `<p><strong>${escapeHtml(clientName)}</strong> asks for:</p><ul id="consent-scopes">${scopes}</ul>` +
      `<form method="post" action="${CONSENT_PATH}">${hidden('request', pending.id)}${hidden('csrf', csrf)}` +
      `<button id="${id(SANDBOX_SELECTORS.consentApprove)}" name="decision" value="approve" type="submit">Approve</button>` +
      `<button id="${id(SANDBOX_SELECTORS.consentDeny)}" name="decision" value="deny" type="submit">Deny</button></form>`,
  );
}
