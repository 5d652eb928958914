import { isApiError } from '../../spec/errors.js';
import { statusOf } from '../http/error-status.js';
import { JSON_UTF8, type ErrorAnswer, type Failure } from '../http/error-answer.js';
import type { RouteErrorAnswer } from '../http/error-handling.js';
import { reasonOf } from '../http/reasons.js';

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
  isApiError(error, 'catalog') ? catalogErrorAnswer(statusOf(error), error.code, error.message) : undefined;
