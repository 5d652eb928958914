import type { FastifyInstance, FastifyReply } from 'fastify';
import { TokenError } from '../../spec/errors.js';
import { TOKEN_PATH } from '../../spec/paths.js';
import type { ErrorAnswer } from '../http/error-answer.js';
import { runChecks } from '../rules/patch.js';
import type { SandboxState } from '../state.js';
import { RawRefusal, TokenExchange, type TokenCall, type TokenReply } from './exchange.js';
import { sendToken, sendTokenError, tokenErrorAnswer as errorAnswerOf, usePost } from './respond.js';

/**
 * POST /oauth/token (4.2): the code exchanged for a Bearer token; every failure a 7.2 error. The
 * checks run in the order the rule exchangeOrder gives (pipeline.ts), each a rule of
 * `state.rules.token`, so that a fault or variant changes one rule and never this code.
 */
export function registerToken(app: FastifyInstance, state: SandboxState): void {
  app.post(TOKEN_PATH, (request, reply) =>
    state.rules.token.answerPost({ request, reply, state }, exchangeCode),
  );
  app.route({
    method: ['GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'],
    url: TOKEN_PATH,
    handler: (request, reply) => {
      const call = { request, reply, state };
      return request.method === 'GET' ? state.rules.token.answerGet(call, exchangeCode) : usePost(call);
    },
  });
}

/** The checks in their declared order, then the redemption; the first check that throws answers. */
function exchangeCode({ request, reply, state }: TokenCall): TokenReply {
  const rules = state.rules.token;
  const exchange = new TokenExchange(request, state);
  try {
    runChecks(rules.exchangeOrder(rules), exchange);
    return rules.redemption(() => issue(exchange, reply));
  } catch (error) {
    if (error instanceof RawRefusal) return error.send(reply);
    if (!(error instanceof TokenError)) throw error;
    rules.afterRefusal(request, state.codes);
    return sendTokenError(reply, rules, error);
  }
}

/** R2.2-03: the code is used up by the exchange that gives its token. */
function issue({ rules, state, client, code, scopes }: TokenExchange, reply: FastifyReply): FastifyReply {
  rules.markUsed(code);
  const accessToken = state.tokens.issue({
    clientId: client.clientId,
    login: code.login,
    scopes,
    issuedAtMs: client.clock.now(),
  });
  code.issuedTokens.push(accessToken);
  state.codes.changed(code);
  return sendToken(reply, rules, { accessToken, code, scopes });
}

/** A 7.2 error answer for a failure outside the route (the authorization server's error handler). */
export function tokenErrorAnswer(state: SandboxState, error: TokenError, status = error.status): ErrorAnswer {
  return errorAnswerOf(state.rules.token, error, status);
}
