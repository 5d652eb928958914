import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { HelperError, NotificationError } from '../helpers/errors.js';
import type { ServerOptions } from './auth-server.js';
import type { SandboxState } from './state.js';
import { loadCatalogs } from './catalogs/data.js';
import { registerCatalogs } from './catalogs/routes.js';
import { registerNotifications } from './notifications/routes.js';
import { registerOpenApiDocument } from './openapi.js';
import { registerBasicUserInfo } from './resources/basic-user-info.js';
import { registerPublished } from './resources/published.js';
import { registerTestHelpers } from './test-helpers/index.js';

/** Large enough for 200,000 seeded ads in one helper call (resources slice). */
const BODY_LIMIT = 64 * 1024 * 1024;

/**
 * The resource server: basic user info, the listing, the catalogs, notifications, the OpenAPI
 * description and the test helpers.
 */
export function buildAppsServer(
  state: SandboxState,
  controlKey: string | null,
  options: ServerOptions,
): FastifyInstance {
  const app = Fastify({
    logger: options.logRequests,
    bodyLimit: BODY_LIMIT,
    routerOptions: { maxParamLength: 512 },
    requestTimeout: 30_000,
  });
  registerPublished(app, state);
  registerBasicUserInfo(app, state);
  registerCatalogs(app, state, loadCatalogs());
  registerNotifications(app, state);
  registerOpenApiDocument(app);
  if (controlKey !== null) registerTestHelpers(app, state, controlKey);
  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({
      reason: 'NOT_FOUND',
      message: `No route ${request.method} ${request.url.split('?')[0] ?? ''}`,
    }),
  );
  app.setErrorHandler((error: FastifyError | HelperError | NotificationError, request, reply) => {
    if (error instanceof HelperError || error instanceof NotificationError)
      return reply.code(error.status).send(error.toBody());
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error(error);
      return reply
        .code(500)
        .send({ reason: 'UNEXPECTED_INTERNAL_ERROR', message: 'Unexpected internal error. Try again later' });
    }
    return reply.code(400).send({ reason: 'BAD_REQUEST', message: error.message });
  });
  return app;
}
