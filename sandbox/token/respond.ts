import type { FastifyReply } from 'fastify';
import { TokenError } from '../../spec/errors.js';
import { sendAnswer, type ErrorAnswer } from '../http/error-answer.js';
import type { Scope } from '../scopes.js';
import type { AuthorizationCode } from '../store/codes.js';
import type { TokenCall } from './exchange.js';
import type { TokenRules } from '../rules/book.js';

/** A token response before it is sent: the body still an object, so that rules can reshape it. */
export interface TokenResponse {
  status: number;
  headers: Readonly<Record<string, string>>;
  body: Readonly<Record<string, unknown>>;
}

/** What a successful exchange issued, for the rules that shape its response. */
export interface Issued {
  accessToken: string;
  code: AuthorizationCode;
  scopes: readonly Scope[];
}

/** R4.2-06 to R4.2-09, 2.3: the success response, as the token area's shaping rules make it. */
export function sendToken(reply: FastifyReply, rules: TokenRules, issued: Issued): FastifyReply {
  const response = rules.tokenResponse(
    {
      status: rules.successStatus(),
      headers: rules.tokenHeaders(),
      body: { ...rules.tokenBody(issued.accessToken), ...rules.grantedScope(issued.code, issued.scopes) },
    },
    issued,
  );
  return sendAnswer(reply, { ...response, body: JSON.stringify(response.body) });
}

/**
 * R4.2-10, R7.2-01 to R7.2-04: a 7.2 error; `status` other than 400 only for a genuine bug (500),
 * which the fuzz must see.
 */
export function tokenErrorAnswer(rules: TokenRules, error: TokenError, status = error.status): ErrorAnswer {
  return {
    status: rules.errorStatus(error, status),
    headers: { ...rules.tokenHeaders(), ...rules.errorChallenge(error) },
    body: JSON.stringify(rules.errorBody(error)),
  };
}

/** A 7.2 error of the endpoint, as its response rule gives it. */
export function sendTokenError(reply: FastifyReply, rules: TokenRules, error: TokenError): FastifyReply {
  return sendAnswer(reply, rules.errorResponse(tokenErrorAnswer(rules, error), reply.request, error));
}

/** R4.2-01: the token endpoint is POST; another method is refused as a 7.2 invalid_request. */
export function usePost({ reply, state }: TokenCall): FastifyReply {
  return sendTokenError(reply, state.rules.token, new TokenError('invalid_request', 'Use POST.'));
}
