import type { FastifyReply } from 'fastify';
import { escapeHtml, sendPage } from '../http/html.js';
import type { PendingAuthorization } from '../store/pending-authorization.js';
import {
  CONSENT_PATH,
  hidden,
  LOGIN_PATH,
  loginProblemHtml,
  scopeItems,
  type LoginProblem,
} from './pages.js';

/**
 * Variant login-other-markup: the same login and consent forms with other markup (no ids; names
 * and classes, Portuguese labels), which the suite finds through its selector variables.
 */
export function otherLoginPage(
  reply: FastifyReply,
  pending: PendingAuthorization,
  csrf: string,
  problem: LoginProblem | null,
): FastifyReply {
  return sendPage(
    reply,
    problem?.status ?? 200,
    'Entrar',
    `${loginProblemHtml(problem)}<form class="sign-in" method="post" action="${LOGIN_PATH}">${hidden('request', pending.id)}${hidden('csrf', csrf)}` +
      `<div class="field"><span>E-mail ou usuário</span><input name="login" required></div>` +
      `<div class="field"><span>Senha</span><input name="password" type="password" required></div>` +
      `<div class="actions"><a href="#">Esqueci a senha</a><button class="primary">Entrar</button></div></form>`,
  );
}

export function otherConsentPage(
  reply: FastifyReply,
  pending: PendingAuthorization,
  clientName: string,
  csrf: string,
): FastifyReply {
  return sendPage(
    reply,
    200,
    'Autorizar acesso',
    `<p>${escapeHtml(clientName)} quer acessar:</p><ul>${scopeItems(pending)}</ul>` +
      `<form class="decision" method="post" action="${CONSENT_PATH}">${hidden('request', pending.id)}${hidden('csrf', csrf)}` +
      `<button class="reject" name="decision" value="deny">Cancelar</button>` +
      `<button class="allow" name="decision" value="approve">Permitir</button></form>`,
  );
}
