import type { FastifyReply } from 'fastify';
import { EMBEDDED_SANDBOX_SELECTORS } from '../../spec/contract.js';
import { escapeHtml, sendPage } from '../http/html.js';
import { SCOPES } from '../../spec/scopes.js';
import type { PendingAuthorization } from '../store/pending-authorization.js';

/** The element id a `#id` selector of the contract names. */
const id = (selector: string): string => selector.replace(/^#/, '');

export const LOGIN_PATH = '/oauth/login';
export const CONSENT_PATH = '/oauth/consent';
export const LOGIN_ERROR = 'Invalid login or password.';

/** Why the login page is shown again: its status and the message above the form. */
export interface LoginProblem {
  status: number;
  message: string;
}

export const WRONG_CREDENTIALS: LoginProblem = { status: 401, message: LOGIN_ERROR };

/** Throttled (login-throttle.ts): 429, and when to try again, whatever the password was. */
export function tooManyAttempts(waitMs: number): LoginProblem {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const minutes = Math.ceil(seconds / 60);
  const wait =
    seconds < 60
      ? `${seconds} second${seconds === 1 ? '' : 's'}`
      : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return { status: 429, message: `Too many failed sign-in attempts. Try again in ${wait}.` };
}

export function hidden(name: string, value: string): string {
  return `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
}

/** R5-01: the user signs in by login and password on the service's own page. */
export function loginPage(
  reply: FastifyReply,
  pending: PendingAuthorization,
  csrf: string,
  problem: LoginProblem | null,
): FastifyReply {
  return sendPage(
    reply,
    problem?.status ?? 200,
    'Sign in to the marketplace',
    `${loginProblemHtml(problem)}<form method="post" action="${LOGIN_PATH}">${hidden('request', pending.id)}${hidden('csrf', csrf)}` +
      `<label for="${id(EMBEDDED_SANDBOX_SELECTORS.loginUsername)}">Login</label><input id="${id(EMBEDDED_SANDBOX_SELECTORS.loginUsername)}" name="login" autocomplete="username" required>` +
      `<label for="${id(EMBEDDED_SANDBOX_SELECTORS.loginPassword)}">Password</label><input id="${id(EMBEDDED_SANDBOX_SELECTORS.loginPassword)}" name="password" type="password" autocomplete="current-password" required>` +
      `<button id="${id(EMBEDDED_SANDBOX_SELECTORS.loginSubmit)}" type="submit">Sign in</button></form>`,
  );
}

/** Why the login page is shown again, above its form (nothing the first time). */
export function loginProblemHtml(problem: LoginProblem | null): string {
  return problem === null
    ? ''
    : `<p class="error" id="login-error" role="alert">${escapeHtml(problem.message)}</p>`;
}

/** R5-01: the signed-in user decides: approve or deny the scopes the client asks for. */
export function consentPage(
  reply: FastifyReply,
  pending: PendingAuthorization,
  clientName: string,
  csrf: string,
): FastifyReply {
  return sendPage(
    reply,
    200,
    'Authorize access',
    `<p><strong>${escapeHtml(clientName)}</strong> asks for:</p><ul id="consent-scopes">${scopeItems(pending)}</ul>` +
      `<form method="post" action="${CONSENT_PATH}">${hidden('request', pending.id)}${hidden('csrf', csrf)}` +
      `<button id="${id(EMBEDDED_SANDBOX_SELECTORS.consentApprove)}" name="decision" value="approve" type="submit">Approve</button>` +
      `<button id="${id(EMBEDDED_SANDBOX_SELECTORS.consentDeny)}" name="decision" value="deny" type="submit">Deny</button></form>`,
  );
}

/** The scopes asked for, one list item each, with what they allow. */
export function scopeItems(pending: PendingAuthorization): string {
  return pending.scopes
    .map((scope) => `<li><code>${scope}</code>: ${escapeHtml(SCOPES[scope])}</li>`)
    .join('');
}
