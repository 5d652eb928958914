import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BASIC_USER_INFO_PATH } from '../../spec/paths.js';
import { BODY_TOKEN_ROUTE } from '../http/body-parsers.js';
import { runChecks } from '../rules/patch.js';
import type { ResourcesState } from './resources-state.js';
import type { BasicInfoAnswer, BasicInfoCheck, BasicInfoRequest } from './basic-info-checks.js';
import type { ResourcesRules } from './rules.js';

/** POST /oauth_api/basic_user_info (4.3), its checks in order, as the rules in force have them. */
export const basicUserInfoChecks = (rules: ResourcesRules): readonly BasicInfoCheck[] => [
  rules.bodyTokenValid,
  rules.basicInfoScope,
  rules.userOfToken,
];

/** The 2.4 answer's media type as production sends it. */
const BASIC_INFO_CONTENT_TYPE = 'application/json;charset=UTF-8';

/**
 * POST /oauth_api/basic_user_info (4.3). Not shown by the spec, the sandbox's choices: a missing
 * or unknown token is 401 ACCESS_DENIED, a token without the permission 403 ACCESS_SCOPE_DENIED.
 */
export function registerBasicUserInfo(
  app: FastifyInstance,
  state: ResourcesState,
  inForce: () => ResourcesRules,
): void {
  app.post(BASIC_USER_INFO_PATH, BODY_TOKEN_ROUTE, (request, reply) => {
    const rules = inForce();
    // A BasicInfoError a check throws is answered by the family's error handler (apps-errors.ts).
    return send(reply, rules, describe(request, state, rules));
  });
}

function describe(request: FastifyRequest, state: ResourcesState, rules: ResourcesRules): BasicInfoAnswer {
  const info: BasicInfoRequest = { request, state, rules };
  const answered = runChecks(basicUserInfoChecks(rules), info);
  if (answered !== undefined) return answered;
  if (info.user === undefined) throw new Error('userOfToken must run before the answer.');
  return { status: rules.basicInfoStatus(), name: rules.userName(info.user), email: info.user.email };
}

function send(reply: FastifyReply, rules: ResourcesRules, answer: BasicInfoAnswer): FastifyReply {
  return reply
    .code(answer.status)
    .header('content-type', BASIC_INFO_CONTENT_TYPE)
    .send(rules.basicInfoBody(answer.name, answer.email));
}
