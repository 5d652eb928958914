import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TokenError } from '../../helpers/errors.js';
import type { SandboxState } from '../state.js';
import { authenticateClient } from './authenticate-client.js';
import { setTokenHeaders } from './headers.js';
import { parseTokenRequest } from './parse-request.js';
import { checkCode, markUsed, narrowScope } from './redeem-code.js';

export const TOKEN_PATH = '/oauth/token';

/** POST /oauth/token (4.2): the code exchanged for a Bearer token; every failure a 7.2 error. */
export function registerToken(app: FastifyInstance, state: SandboxState): void {
  app.post(TOKEN_PATH, (request, reply) => exchange(request, reply, state));
  app.route({
    method: ['GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'],
    url: TOKEN_PATH,
    handler: (_request, reply) =>
      sendTokenError(reply, state, new TokenError('invalid_request', 'Use POST.')),
  });
}

function exchange(
  request: FastifyRequest,
  reply: FastifyReply,
  state: SandboxState,
): FastifyReply | Promise<FastifyReply> {
  try {
    const form = parseTokenRequest(request);
    const grantType = form.get('grant_type');
    if (grantType === undefined || grantType === '')
      throw new TokenError('invalid_request', 'grant_type is missing.');
    if (grantType !== 'authorization_code')
      throw new TokenError('unsupported_grant_type', 'Only authorization_code is supported.');
    const client = authenticateClient(request, form, state.clients);
    const code = checkCode(form, client, state.codes, state.faults);
    const scopes = narrowScope(form, code.scopes);
    const issue = (): FastifyReply => {
      markUsed(code, state.faults);
      const accessToken = state.tokens.issue({
        clientId: client.clientId,
        login: code.login,
        scopes,
        issuedAtMs: client.clock.now(),
      });
      return setTokenHeaders(reply, state.faults)
        .code(200)
        .send(jsonBytes({ access_token: accessToken, token_type: 'Bearer' }));
    };
    // The fault opens the window between check and use that the real code keeps shut.
    return state.faults.has('code-concurrent-redeem') ? delay(50).then(issue) : issue();
  } catch (error) {
    if (error instanceof TokenError) return sendTokenError(reply, state, error);
    throw error;
  }
}

export function sendTokenError(reply: FastifyReply, state: SandboxState, error: TokenError): FastifyReply {
  return setTokenHeaders(reply, state.faults).code(error.status).send(jsonBytes(error.toBody()));
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Bytes, so that Fastify sends the Content-Type exactly as set (it appends a charset to strings). */
function jsonBytes(body: object): Buffer {
  return Buffer.from(JSON.stringify(body), 'utf8');
}
