import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TokenError } from '../../spec/errors.js';
import type { FaultSet } from '../faults.js';
import { SCOPES, type Scope } from '../scopes.js';
import type { AuthorizationCode } from '../store/codes.js';
import type { SandboxState } from '../state.js';
import { authenticateClient } from './authenticate-client.js';
import { sendAnswer, type ErrorAnswer } from '../http/error-answer.js';
import { setTokenHeaders, tokenHeaders } from './headers.js';
import { echoPage } from './echo-page.js';
import { BASIC_CHALLENGE, BasicAuthenticationFailed } from './basic-auth.js';
import { redirectGet, refuseOtherwise } from './other-refusals.js';
import { MAX_VALUE_LENGTH, parseTokenRequest } from './parse-request.js';
import { checkCode, narrowScope } from './redeem-code.js';
import { consumeCodeOf } from './consume-on-failure.js';
import { TOKEN_PARAMETERS, unknownParameters } from '../http/unknown-parameters.js';
import { TOKEN_PATH } from '../../spec/paths.js';

/** POST /oauth/token (4.2): the code exchanged for a Bearer token; every failure a 7.2 error. */
export function registerToken(app: FastifyInstance, state: SandboxState): void {
  app.post(TOKEN_PATH, (request, reply) =>
    state.faults.has('token-redirects-to-http')
      ? reply
          .code(307)
          .header('location', `http://${request.headers.host ?? 'localhost'}${TOKEN_PATH}`)
          .send()
      : exchange(request, reply, state),
  );
  app.route({
    method: ['GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'],
    url: TOKEN_PATH,
    handler: (request, reply) => {
      if (request.method !== 'GET')
        return sendTokenError(reply, state, new TokenError('invalid_request', 'Use POST.'));
      if (state.faults.has('token-get-accepted')) return exchange(request, reply, state);
      if (state.variants.has('token-other-refusals')) return redirectGet(request, reply, state);
      return sendTokenError(reply, state, new TokenError('invalid_request', 'Use POST.'));
    },
  });
}

function exchange(
  request: FastifyRequest,
  reply: FastifyReply,
  state: SandboxState,
): FastifyReply | Promise<FastifyReply> {
  try {
    const otherLayer = state.variants.has('token-other-refusals') ? otherLayerRefusal(request) : undefined;
    if (otherLayer !== undefined) return refuseOtherwise(reply, otherLayer);
    const form = parseTokenRequest(request, state.faults);
    if (
      state.faults.has('token-unknown-parameter-server-error') &&
      unknownParameters(form, TOKEN_PARAMETERS).length > 0
    )
      return reply.code(500).type('text/plain').send('Internal Server Error');
    // The variant authenticates the client before it reads anything else of the request.
    const early = state.variants.has('token-other-refusals')
      ? authenticateClient(request, form, state.clients, state)
      : undefined;
    const grantType = form.get('grant_type');
    if (grantType === undefined || grantType === '')
      throw new TokenError('invalid_request', 'grant_type is missing.');
    if (grantType !== 'authorization_code' && !state.faults.has('token-grant-type-ignored'))
      throw new TokenError(
        state.faults.has('token-unsupported-grant-invalid-request')
          ? 'invalid_request'
          : 'unsupported_grant_type',
        'Only authorization_code is supported.',
      );
    const client = early ?? authenticateClient(request, form, state.clients, state);
    const code = checkCode(form, client, state.codes, state.faults, state.tokens, state.rules.token);
    const scopes = state.faults.has('token-grants-every-scope')
      ? (Object.keys(SCOPES) as Scope[])
      : narrowScope(form, code.scopes, state.faults);
    const issue = (): FastifyReply => {
      state.rules.token.markUsed(code);
      const accessToken = state.tokens.issue({
        clientId: client.clientId,
        login: code.login,
        scopes,
        issuedAtMs: client.clock.now(),
      });
      code.issuedTokens.push(accessToken);
      if (state.faults.has('token-access-token-in-header')) reply.header('x-access-token', accessToken);
      return setTokenHeaders(reply, state)
        .code(state.faults.has('token-success-status-201') ? 201 : 200)
        .send(jsonBytes({ ...tokenBody(accessToken, state.faults), ...grantedScope(state, code, scopes) }));
    };
    // The fault opens the window between check and use that the real code keeps shut.
    return state.faults.has('code-concurrent-redeem') ? delay(50).then(issue) : issue();
  } catch (error) {
    if (error instanceof TokenError) {
      if (state.faults.has('code-consumed-by-failed-exchange')) consumeCodeOf(request, state.codes);
      return sendTokenError(reply, state, error);
    }
    throw error;
  }
}

export function sendTokenError(reply: FastifyReply, state: SandboxState, error: TokenError): FastifyReply {
  if (state.faults.has('token-error-html-echo')) return sendAnswer(reply, echoPage(reply.request, error));
  return sendAnswer(reply, tokenErrorAnswer(state, error));
}

/** A 7.2 error; `status` other than 400 only for a genuine bug (500), which the fuzz must see. */
export function tokenErrorAnswer(state: SandboxState, error: TokenError, status = error.status): ErrorAnswer {
  const body: Record<string, unknown> = { ...error.toBody() };
  if (state.faults.has('token-error-field-renamed')) {
    body['error_code'] = body['error'];
    delete body['error'];
  }
  const basicFailed = error instanceof BasicAuthenticationFailed;
  return {
    status: state.faults.has('token-error-status-401') || basicFailed ? 401 : status,
    headers: {
      ...tokenHeaders(state),
      ...(basicFailed && !state.faults.has('token-basic-401-no-challenge')
        ? { 'www-authenticate': BASIC_CHALLENGE }
        : {}),
    },
    body: JSON.stringify(body),
  };
}

/** Section 2.3: `access_token` and `token_type` Bearer (the faults rename or retype them). */
function tokenBody(accessToken: string, faults: FaultSet): object {
  if (faults.has('token-access-token-in-header'))
    return { token_type: faults.has('token-type-not-bearer') ? 'MAC' : 'Bearer' };
  return {
    [faults.has('token-access-token-renamed') ? 'accessToken' : 'access_token']: accessToken,
    token_type: faults.has('token-type-not-bearer') ? 'MAC' : 'Bearer',
  };
}

/** Variant token-other-refusals: a JSON body is 415 and an oversized value 413, before any 7.2 check. */
function otherLayerRefusal(request: FastifyRequest): 413 | 415 | undefined {
  const contentType = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (contentType === 'application/json') return 415;
  const body = typeof request.body === 'string' ? request.body : '';
  return body.length > MAX_VALUE_LENGTH ? 413 : undefined;
}

/**
 * RFC 6749 5.1's optional `scope`: named by the variant authz-scope-ignored (the grant may differ
 * from the request), and by the fault authz-unknown-scope-granted with the unknown values too.
 */
function grantedScope(state: SandboxState, code: AuthorizationCode, scopes: readonly Scope[]): object {
  if (state.faults.has('authz-unknown-scope-granted'))
    return { scope: [...scopes, ...(code.unknownScopes ?? [])].join(' ') };
  return state.variants.has('authz-scope-ignored') ? { scope: scopes.join(' ') } : {};
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Bytes, so that Fastify sends the Content-Type exactly as set (it appends a charset to strings). */
function jsonBytes(body: object): Buffer {
  return Buffer.from(JSON.stringify(body), 'utf8');
}
