import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FaultSet } from '../faults.js';
import type { SandboxState } from '../state.js';
import { bodyGrant } from './body-token.js';
import { BASIC_USER_INFO_PATH } from '../../spec/paths.js';

/**
 * POST /oauth_api/basic_user_info (4.3). Not shown by the spec, the sandbox's choices: a missing
 * or unknown token is 401 ACCESS_DENIED, a token without the permission 403 ACCESS_SCOPE_DENIED.
 */
export function registerBasicUserInfo(app: FastifyInstance, state: SandboxState): void {
  app.post(BASIC_USER_INFO_PATH, (request, reply) => {
    const { faults } = state;
    const grant = bodyGrant(request, state.tokens);
    if (
      grant === undefined &&
      faults.has('basic-info-unknown-token-answered') &&
      hasBodyToken(request.body)
    ) {
      const someone = state.users.any('') ?? { name: 'Guest', email: 'guest@sandbox.example' };
      return send(reply, someone.name, someone.email, faults);
    }
    if (grant === undefined)
      return reply
        .code(401)
        .send({ reason: 'ACCESS_DENIED', message: 'Check the access_token in the body.' });
    if (!grant.scopes.includes('basic_user_info') && !faults.has('basic-info-scope-not-checked')) {
      return reply
        .code(403)
        .send({ reason: 'ACCESS_SCOPE_DENIED', message: 'The token lacks the basic_user_info permission.' });
    }
    const user = faults.has('basic-info-other-user')
      ? state.users.any(grant.login)
      : state.users.find(grant.login);
    if (user === undefined)
      return reply
        .code(401)
        .send({ reason: 'ACCESS_DENIED', message: 'The user of this token no longer exists.' });
    return send(
      reply,
      faults.has('basic-info-user-name-is-login') ? user.login : user.name,
      user.email,
      faults,
    ).code(state.variants.has('resources-other-2xx') ? 201 : 200);
  });
}

function hasBodyToken(body: unknown): boolean {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as Record<string, unknown>).access_token === 'string'
  );
}

/** The 2.4 answer: user_name and user_email. */
function send(reply: FastifyReply, name: string, email: string, faults: FaultSet): FastifyReply {
  return reply
    .header('content-type', 'application/json;charset=UTF-8')
    .send(
      faults.has('basic-info-email-field-renamed')
        ? { user_name: name, email }
        : { user_name: name, user_email: email },
    );
}
