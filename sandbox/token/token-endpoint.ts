import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TokenError } from '../../spec/errors.js';
import { TOKEN_PATH } from '../../spec/paths.js';
import type { ErrorAnswer } from '../http/error-answer.js';
import { runChecks } from '../rules/patch.js';
import type { SandboxState } from '../state/sandbox-state.js';
import { RawRefusal, TokenExchange, type TokenCall, type TokenReply } from './exchange.js';
import { sendToken, sendTokenError, tokenErrorAnswer as errorAnswerOf, usePost } from './respond.js';
import type { TokenRules } from './rules.js';

/**
 * POST /oauth/token (4.2): the code exchanged for a Bearer token; every failure a 7.2 error. The
 * checks run in the order the seam exchangeOrder gives (pipeline.ts), each a rule of the token
 * area in force at the request (`inForce()`), so that a fault or variant changes one rule and never
 * this code.
 */
export function registerToken(app: FastifyInstance, state: SandboxState, inForce: () => TokenRules): void {
  app.post(TOKEN_PATH, (request, reply) => {
    const rules = inForce();
    return rules.answerPost(callOf(request, reply, state, rules), (call) => exchangeCode(call, rules));
  });
  app.route({
    method: ['GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'],
    url: TOKEN_PATH,
    handler: (request, reply) => {
      const rules = inForce();
      const call = callOf(request, reply, state, rules);
      if (request.method !== 'GET') return usePost(call);
      return rules.answerGet(call, (exchanged) => exchangeCode(exchanged, rules));
    },
  });
}

function callOf(
  request: FastifyRequest,
  reply: FastifyReply,
  state: SandboxState,
  rules: TokenRules,
): TokenCall {
  return { request, reply, state, sendError: (error) => sendTokenError(reply, rules, error) };
}

/** The checks in their declared order, then the redemption; the first check that throws answers. */
function exchangeCode({ request, reply, state }: TokenCall, rules: TokenRules): TokenReply {
  const exchange = new TokenExchange(request, state, rules);
  try {
    runChecks(rules.exchangeOrder(rules), exchange);
    return rules.redemption(() => issue(exchange, rules, reply));
  } catch (error) {
    if (error instanceof RawRefusal) return error.send(reply);
    if (!(error instanceof TokenError)) throw error;
    rules.afterRefusal(request, state.codes);
    return sendTokenError(reply, rules, error);
  }
}

/** R2.2-03: the code is used up by the exchange that gives its token. */
function issue(
  { state, client, code, scopes }: TokenExchange,
  rules: TokenRules,
  reply: FastifyReply,
): FastifyReply {
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
export function tokenErrorAnswer(rules: TokenRules, error: TokenError, status = error.status): ErrorAnswer {
  return errorAnswerOf(rules, error, status);
}
