import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { TokenError } from '../helpers/errors.js';
import { sendErrorPage } from './http/html.js';
import { registerAuthorize } from './oauth/authorize.js';
import { registerDecision } from './oauth/decision.js';
import type { SandboxState } from './state.js';
import { registerToken, sendTokenError, TOKEN_PATH } from './token/token-endpoint.js';

/** Bodies of the login, consent and token forms are small; anything larger is refused, not buffered. */
const BODY_LIMIT = 16 * 1024;

export interface ServerOptions {
  logRequests: boolean;
}

/** The authorization server (4.1, 4.2): HTTPS, every failure in the endpoint's own format. */
export function buildAuthServer(
  state: SandboxState,
  tls: { key: string; cert: string },
  options: ServerOptions,
): FastifyInstance {
  const app = Fastify({
    https: { key: tls.key, cert: tls.cert },
    logger: options.logRequests,
    bodyLimit: BODY_LIMIT,
    routerOptions: { maxParamLength: 256 },
    requestTimeout: 30_000,
  });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: BODY_LIMIT },
    (_request, body, done) => {
      done(null, body);
    },
  );
  registerAuthorize(app, state);
  registerDecision(app, state);
  registerToken(app, state);
  app.setNotFoundHandler((request, reply) =>
    isTokenPath(request.url)
      ? sendTokenError(reply, state, new TokenError('invalid_request', 'Not found.'))
      : sendErrorPage(reply, 404, 'Not found.'),
  );
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const clientFault = (error.statusCode ?? 500) < 500;
    if (!clientFault) request.log.error(error);
    if (isTokenPath(request.url))
      return sendTokenError(
        reply,
        state,
        new TokenError('invalid_request', clientFault ? error.message : 'Malformed request.'),
      );
    return sendErrorPage(
      reply,
      clientFault ? 400 : 500,
      clientFault ? 'The request is malformed.' : 'Unexpected error.',
    );
  });
  return app;
}

function isTokenPath(url: string): boolean {
  return url === TOKEN_PATH || url.startsWith(`${TOKEN_PATH}?`);
}
