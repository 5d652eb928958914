import type { FastifyReply } from 'fastify';
import { EMBEDDED_SANDBOX_SELECTORS } from '../../spec/contract.js';
import { escapeHtml, sendPage } from '../http/html.js';
import { SCOPES } from '../scopes.js';
import type { PendingAuthorization } from '../store/sessions.js';
import type { VariantSet } from '../variants.js';

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
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  return {
    status: 429,
    message: `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  };
}

function hidden(name: string, value: string): string {
  return `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
}

export function sendLoginPage(
  reply: FastifyReply,
  variants: VariantSet,
  pending: PendingAuthorization,
  csrf: string,
  problem: LoginProblem | null,
): FastifyReply {
  const message =
    problem === null
      ? ''
      : `<p class="error" id="login-error" role="alert">${escapeHtml(problem.message)}</p>`;
  const status = problem?.status ?? 200;
  if (variants.has('login-other-markup'))
    return sendPage(
      reply,
      status,
      'Entrar',
      `${message}<form class="sign-in" method="post" action="${LOGIN_PATH}">${hidden('request', pending.id)}${hidden('csrf', csrf)}` +
        `<div class="field"><span>E-mail ou usuário</span><input name="login" required></div>` +
        `<div class="field"><span>Senha</span><input name="password" type="password" required></div>` +
        `<div class="actions"><a href="#">Esqueci a senha</a><button class="primary">Entrar</button></div></form>`,
    );
  return sendPage(
    reply,
    status,
    'Sign in to the marketplace',
    `${message}<form method="post" action="${LOGIN_PATH}">${hidden('request', pending.id)}${hidden('csrf', csrf)}` +
      `<label for="${id(EMBEDDED_SANDBOX_SELECTORS.loginUsername)}">Login</label><input id="${id(EMBEDDED_SANDBOX_SELECTORS.loginUsername)}" name="login" autocomplete="username" required>` +
      `<label for="${id(EMBEDDED_SANDBOX_SELECTORS.loginPassword)}">Password</label><input id="${id(EMBEDDED_SANDBOX_SELECTORS.loginPassword)}" name="password" type="password" autocomplete="current-password" required>` +
      `<button id="${id(EMBEDDED_SANDBOX_SELECTORS.loginSubmit)}" type="submit">Sign in</button></form>`,
  );
}

export function sendConsentPage(
  reply: FastifyReply,
  variants: VariantSet,
  pending: PendingAuthorization,
  clientName: string,
  csrf: string,
): FastifyReply {
  const scopes = pending.scopes
    .map((scope) => `<li><code>${scope}</code>: ${escapeHtml(SCOPES[scope])}</li>`)
    .join('');
  if (variants.has('login-other-markup'))
    return sendPage(
      reply,
      200,
      'Autorizar acesso',
      `<p>${escapeHtml(clientName)} quer acessar:</p><ul>${scopes}</ul>` +
        `<form class="decision" method="post" action="${CONSENT_PATH}">${hidden('request', pending.id)}${hidden('csrf', csrf)}` +
        `<button class="reject" name="decision" value="deny">Cancelar</button>` +
        `<button class="allow" name="decision" value="approve">Permitir</button></form>`,
    );
  return sendPage(
    reply,
    200,
    'Authorize access',
    `<p><strong>${escapeHtml(clientName)}</strong> asks for:</p><ul id="consent-scopes">${scopes}</ul>` +
      `<form method="post" action="${CONSENT_PATH}">${hidden('request', pending.id)}${hidden('csrf', csrf)}` +
      `<button id="${id(EMBEDDED_SANDBOX_SELECTORS.consentApprove)}" name="decision" value="approve" type="submit">Approve</button>` +
      `<button id="${id(EMBEDDED_SANDBOX_SELECTORS.consentDeny)}" name="decision" value="deny" type="submit">Deny</button></form>`,
  );
}
