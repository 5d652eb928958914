import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BASIC_USER_INFO_PATH } from '../../spec/paths.js';
import type { SandboxState } from '../state.js';
import { type BasicInfoAnswer, type BasicInfoRequest } from './basic-info-checks.js';
import type { ResourcesRules } from './rules.js';

/** POST /oauth_api/basic_user_info (4.3), its checks in order; each a rule of `state.rules.resources`. */
export const BASIC_USER_INFO_CHECKS = [
  'bodyTokenValid',
  'basicInfoScope',
  'userOfToken',
] as const satisfies readonly (keyof ResourcesRules)[];

/** The 2.4 answer's media type as production sends it. */
const BASIC_INFO_CONTENT_TYPE = 'application/json;charset=UTF-8';

/**
 * POST /oauth_api/basic_user_info (4.3). Not shown by the spec, the sandbox's choices: a missing
 * or unknown token is 401 ACCESS_DENIED, a token without the permission 403 ACCESS_SCOPE_DENIED.
 */
export function registerBasicUserInfo(app: FastifyInstance, state: SandboxState): void {
  const rules = state.rules.resources;
  app.post(BASIC_USER_INFO_PATH, (request, reply) => {
    // A BasicInfoRefusal a check throws is answered by the family's error handler (apps-errors.ts).
    return send(reply, rules, describe(request, state));
  });
}

function describe(request: FastifyRequest, state: SandboxState): BasicInfoAnswer {
  const rules = state.rules.resources;
  const info: BasicInfoRequest = { request, state, rules };
  for (const check of BASIC_USER_INFO_CHECKS) {
    const answered = rules[check](info);
    if (answered !== undefined) return answered;
  }
  if (info.user === undefined) throw new Error('userOfToken must run before the answer.');
  return { status: rules.basicInfoStatus(), name: rules.userName(info.user), email: info.user.email };
}

function send(reply: FastifyReply, rules: ResourcesRules, answer: BasicInfoAnswer): FastifyReply {
  return reply
    .code(answer.status)
    .header('content-type', BASIC_INFO_CONTENT_TYPE)
    .send(rules.basicInfoBody(answer.name, answer.email));
}
