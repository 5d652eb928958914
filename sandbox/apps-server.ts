import Fastify, { type FastifyInstance } from 'fastify';
import { appsErrorFormat, appsRouteAnswer } from './apps-errors.js';
import type { ServerOptions } from './auth-server.js';
import type { SandboxState } from './state.js';
import { loadCatalogs } from './catalogs/data.js';
import { registerCatalogs } from './catalogs/routes.js';
import { clientErrorHandler, RequestTargets } from './http/client-errors.js';
import { errorResponder, installErrorHandling } from './http/error-handling.js';
import { LIMITS } from './http/limits.js';
import { registerNotifications } from './notifications/routes.js';
import { registerOpenApiDocument } from './openapi.js';
import { registerBasicUserInfo } from './resources/basic-user-info.js';
import { registerPublished } from './resources/published.js';
import { usableControlKey } from './test-helpers/control-key.js';
import { registerTestHelpers } from './test-helpers/index.js';

/**
 * The resource server: basic user info, the listing, the catalogs, notifications, the OpenAPI
 * description and the test helpers. Every refusal, down to a request Node's parser rejects, is
 * in the endpoint's own error format (apps-errors.ts).
 */
export function buildAppsServer(
  state: SandboxState,
  controlKey: string | null,
  options: ServerOptions,
): FastifyInstance {
  const formatFor = appsErrorFormat(state);
  const respond = errorResponder(formatFor, appsRouteAnswer(state));
  const targets = new RequestTargets();
  const app = Fastify({
    logger: options.logRequests,
    bodyLimit: LIMITS.appsBodyBytes,
    http: { maxHeaderSize: LIMITS.headerBytes },
    routerOptions: { maxParamLength: LIMITS.paramLength },
    requestTimeout: 30_000,
    frameworkErrors: (error, request, reply) => {
      respond(error, request, reply);
    },
    clientErrorHandler: clientErrorHandler(targets, formatFor),
  });
  targets.watch(app.server, false);
  installErrorHandling(app, formatFor, respond);
  registerPublished(app, state);
  registerBasicUserInfo(app, state);
  registerCatalogs(app, state, loadCatalogs());
  registerNotifications(app, state);
  registerOpenApiDocument(app);
  const key = usableControlKey(controlKey);
  if (key !== null) registerTestHelpers(app, state, key);
  return app;
}
