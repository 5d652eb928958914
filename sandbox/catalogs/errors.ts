import { JSON_UTF8, type ErrorAnswer, type Failure } from '../http/error-answer.js';
import type { RouteErrorAnswer } from '../http/error-handling.js';
import { reasonOf } from '../http/reasons.js';

/** A refusal of a catalog lookup, in the sandbox's catalog error format. */
export class CatalogError extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
    message: string,
  ) {
    super(message);
  }
}

/** The sandbox's catalog errors (the spec shows none): `{status: "error", reason, message}`. */
export function catalogErrorAnswer(status: number, reason: string, message: string): ErrorAnswer {
  return {
    status,
    headers: { 'content-type': JSON_UTF8 },
    body: JSON.stringify({ status: 'error', reason, message }),
  };
}

/** What the framework refuses at a catalog path (bad JSON, 413, 404, a bug's 500). */
export function catalogErrorFormat(failure: Failure): ErrorAnswer {
  return catalogErrorAnswer(failure.status, reasonOf(failure.status), failure.message);
}

/** A CatalogError a lookup throws. */
export const catalogOwnAnswer: RouteErrorAnswer = (error) =>
  error instanceof CatalogError ? catalogErrorAnswer(error.status, error.reason, error.message) : undefined;
