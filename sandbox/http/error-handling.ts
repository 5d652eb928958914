import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendAnswer, type ErrorAnswer } from './error-answer.js';
import { failureOf } from './failure.js';
import type { FormatForTarget } from './client-errors.js';
import { checkUrlLength } from './limits.js';

/** An error a route throws on purpose, already in its endpoint's format; undefined for others. */
export type RouteErrorAnswer = (error: unknown) => ErrorAnswer | undefined;

export type ErrorResponder = (error: unknown, request: FastifyRequest, reply: FastifyReply) => FastifyReply;

/**
 * The last resort for every error of a server: a route's own error as it is, a client's fault
 * (bad JSON, 413, 415, a bad URL, FST_ERR_*) in the endpoint's format with its 4xx, and anything
 * else, a genuine bug, logged to stderr and answered 500 in the endpoint's format.
 */
export function errorResponder(formatFor: FormatForTarget, routeAnswer: RouteErrorAnswer): ErrorResponder {
  return (error, request, reply) => {
    const own = routeAnswer(error);
    if (own !== undefined) return sendAnswer(reply, own);
    const failure = failureOf(error);
    if (failure.status >= 500) logBug(request, error);
    return sendAnswer(reply, formatFor(request.url)(failure));
  };
}

/** Error, not-found and limit handling of one server: call before its routes are registered. */
export function installErrorHandling(
  app: FastifyInstance,
  formatFor: FormatForTarget,
  respond: ErrorResponder,
): void {
  app.addHook('onRequest', checkUrlLength);
  app.setErrorHandler((error: FastifyError, request, reply) => respond(error, request, reply));
  app.setNotFoundHandler((request, reply) =>
    sendAnswer(
      reply,
      formatFor(request.url)({ status: 404, message: `No route ${request.method} ${pathOf(request.url)}.` }),
    ),
  );
}

function pathOf(url: string): string {
  const path = url.split('?')[0] ?? '';
  return path.length > 200 ? `${path.slice(0, 200)}...` : path;
}

function logBug(request: FastifyRequest, error: unknown): void {
  const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
  process.stderr.write(`sandbox: unexpected error on ${request.method} ${pathOf(request.url)}: ${detail}\n`);
}
