import Fastify, { type FastifyInstance } from 'fastify';
import { authErrorFormat, authRouteAnswer } from './auth-errors.js';
import { RequestTargets, type FormatForTarget } from './http/client-errors.js';
import { errorResponder, installErrorHandling } from './http/error-handling.js';
import { boundRequestsInFlight } from './http/in-flight.js';
import { LIMITS } from './http/limits.js';
import { sharedServerOptions, TLS_SERVER_OPTIONS } from './http/server-options.js';
import { registerAuthorize } from './oauth/authorize.js';
import { registerDecision } from './oauth/decision.js';
import type { RulesInForce } from './rules/in-force.js';
import type { SandboxState } from './state/sandbox-state.js';
import { registerToken } from './token/token-endpoint.js';

export interface ServerOptions {
  logRequests: boolean;
  /** Hooks the server's answers to the data file (persist/acknowledged.ts), in its own error formats. */
  guardAnswers?: (app: FastifyInstance, formatFor: FormatForTarget) => void;
}

/** The authorization server (4.1, 4.2): HTTPS, every failure in the endpoint's own format. */
export function buildAuthServer(
  state: SandboxState,
  rules: RulesInForce,
  tls: { key: string; cert: string },
  options: ServerOptions,
): FastifyInstance {
  const tokenRules = () => rules.current.token;
  const authorizationRules = () => rules.current.authorization;
  const formatFor = authErrorFormat(tokenRules);
  const respond = errorResponder(formatFor, authRouteAnswer(tokenRules));
  const targets = new RequestTargets();
  const app = Fastify({
    ...sharedServerOptions(options.logRequests, targets, formatFor, respond),
    https: { key: tls.key, cert: tls.cert, maxHeaderSize: LIMITS.headerBytes, ...TLS_SERVER_OPTIONS },
    bodyLimit: LIMITS.authBodyBytes,
  });
  targets.watch(app.server, true);
  // One caller's pipeline or flood never holds the others' requests back (http/in-flight.ts).
  boundRequestsInFlight(app.server);
  // Login, consent and token forms are read as text and parsed by the routes, repeats kept.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: LIMITS.authBodyBytes },
    (_request, body, done) => {
      done(null, body);
    },
  );
  installErrorHandling(app, formatFor, respond);
  options.guardAnswers?.(app, formatFor);
  registerAuthorize(app, state, authorizationRules);
  registerDecision(app, state, authorizationRules);
  registerToken(app, state, tokenRules);
  return app;
}
