import type { FastifyReply } from 'fastify';
import { TokenError } from '../../spec/errors.js';
import { sendAnswer, type ErrorAnswer } from '../http/error-answer.js';
import type { TokenCall } from './exchange.js';
import type { Issued, RESPONSE_RULES } from './responses.js';
import type { TOKEN_SEAMS } from './seams.js';

/** The rules that shape the endpoint's answers: the spec's shapes, and the seams around them. */
export type ResponseRules = Readonly<
  typeof RESPONSE_RULES &
    Pick<typeof TOKEN_SEAMS, 'successStatus' | 'grantedScope' | 'tokenResponse' | 'errorResponse'>
>;

/** R4.2-06 to R4.2-09, 2.3: the success response, as the token area's shaping rules make it. */
export function sendToken(reply: FastifyReply, rules: ResponseRules, issued: Issued): FastifyReply {
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
export function tokenErrorAnswer(
  rules: ResponseRules,
  error: TokenError,
  status = error.status,
): ErrorAnswer {
  return {
    status: rules.errorStatus(error, status),
    headers: { ...rules.tokenHeaders(), ...rules.errorChallenge(error) },
    body: JSON.stringify(rules.errorBody(error)),
  };
}

/** A 7.2 error of the endpoint, as its response rule gives it. */
export function sendTokenError(reply: FastifyReply, rules: ResponseRules, error: TokenError): FastifyReply {
  return sendAnswer(reply, rules.errorResponse(tokenErrorAnswer(rules, error), reply.request, error));
}

/** R4.2-01: the token endpoint is POST; another method is refused as a 7.2 invalid_request. */
export function usePost({ sendError }: TokenCall): FastifyReply {
  return sendError(new TokenError('invalid_request', 'Use POST.'));
}
