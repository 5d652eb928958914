import type { FastifyInstance } from 'fastify';
import { loadOpenApiDocument } from '../spec/openapi.js';

/**
 * GET /openapi.json: the API's OpenAPI description (schemas/openapi.yaml) as JSON, so that
 * integrators can point their tools at a running sandbox. Served as written, faults or not. Read
 * at the first request: parsing the YAML was a third of the sandbox's start, which every run of
 * the suite waits for.
 */
export function registerOpenApiDocument(app: FastifyInstance): void {
  let document: ReturnType<typeof loadOpenApiDocument> | undefined;
  app.get('/openapi.json', (_request, reply) => reply.send((document ??= loadOpenApiDocument())));
}
