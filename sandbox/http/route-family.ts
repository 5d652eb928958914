import type { FastifyInstance } from 'fastify';
import type { ErrorAnswer, ErrorFormat } from './error-answer.js';
import type { FormatForTarget } from './client-errors.js';
import { errorResponder, type RouteErrorAnswer } from './error-handling.js';
import { routedPath } from './merge-slashes.js';

/**
 * Where a family answers requests that reach none of its routes (an unknown path or method, a URL
 * the router or Node's parser refused): paths it claims as they are (a trailing slash allowed),
 * and paths it claims with everything below them.
 */
export interface Territory {
  readonly paths?: readonly string[];
  readonly trees?: readonly string[];
}

/**
 * Routes that answer every error in one format, declared with the routes themselves: the
 * family's routes are registered in their own Fastify scope whose error handler speaks it.
 */
export interface RouteFamily {
  readonly name: string;
  /** A failure the framework raises (bad JSON, 413, 415, 414, 404, a bug's 500) in this family's words. */
  readonly format: ErrorFormat;
  /** Errors the family's routes throw on purpose, already in its format; undefined for others. */
  readonly ownAnswer: RouteErrorAnswer;
  readonly territory: Territory;
  readonly register: (scope: FastifyInstance) => void;
}

/** Registers each family's routes in a scope of its own, with the family's error handler. */
export function serveFamilies(app: FastifyInstance, families: readonly RouteFamily[]): void {
  for (const family of families)
    void app.register((scope, _options, done) => {
      const respond = errorResponder(() => family.format, family.ownAnswer);
      scope.setErrorHandler((error, request, reply) => respond(error, request, reply));
      family.register(scope);
      done();
    });
}

/**
 * For a request no route took: the format of the family whose territory holds its path, else
 * of `others` (the family that claims no territory: everything the others do not).
 */
export function formatByTerritory(families: readonly RouteFamily[], others: RouteFamily): FormatForTarget {
  return (target) => {
    const path = routedPath(target);
    return (families.find((family) => holds(family.territory, path)) ?? others).format;
  };
}

/** Any family's own error, for the errors no family scope handled (hooks of an unrouted request). */
export function ownAnswerOfAny(families: readonly RouteFamily[]): RouteErrorAnswer {
  return (error) => {
    for (const family of families) {
      const answer: ErrorAnswer | undefined = family.ownAnswer(error);
      if (answer !== undefined) return answer;
    }
    return undefined;
  };
}

function holds(territory: Territory, path: string): boolean {
  const exact = territory.paths ?? [];
  const trees = territory.trees ?? [];
  return (
    exact.some((claimed) => path === claimed || path === `${claimed}/`) ||
    trees.some((claimed) => path === claimed || path.startsWith(`${claimed}/`))
  );
}
