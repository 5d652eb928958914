import type { FastifyInstance } from 'fastify';
import { loadOpenApiDocument } from '../spec/openapi.js';

/**
 * GET /openapi.json: the API's OpenAPI description (schemas/openapi.yaml) as JSON, so that
 * integrators can point their tools at a running sandbox. Served as written, faults or not.
 */
export function registerOpenApiDocument(app: FastifyInstance): void {
  const document = loadOpenApiDocument();
  app.get('/openapi.json', (_request, reply) => reply.send(document));
}
