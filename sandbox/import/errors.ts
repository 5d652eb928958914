import { JSON_UTF8, reasonedAnswer, type ErrorAnswer, type Failure } from '../http/error-answer.js';
import type { RouteErrorAnswer } from '../http/error-handling.js';
import { reasonedFormat } from '../http/reasons.js';
import { IMPORT_STATUS, type CodeMessage, type ImportOutcome } from './vocabulary.js';

/**
 * The ad import's two kinds of answer (docs/sandbox-import.md): an outcome of the import itself is
 * HTTP 200 with `{token, statusCode, statusMessage, errors}` (an ImportRefusal); a request the
 * endpoint cannot take (no or unknown token, no `autoupload`, a malformed body, an unknown import
 * token) is a 4xx with the API's `{reason, message}` (an ImportHttpError), never an HTML page.
 */

/** One bad ad of a cancelled import: `{id, status: "error", messages: [{category}]}`. */
export interface AdProblem {
  id: string | null;
  status: 'error';
  messages: CodeMessage[];
}

/** The import is refused with a statusCode (every code but 0), its `token` null. */
export class ImportRefusal extends Error {
  constructor(
    readonly outcome: Exclude<ImportOutcome, 'imported'>,
    readonly errors: readonly AdProblem[] = [],
    detail?: string,
    /** The documentation's message with its numbers, where it gives one (-7), for the code's own. */
    readonly statusMessage?: string,
  ) {
    super(detail ?? statusMessage ?? IMPORT_STATUS[outcome].message);
    this.name = 'ImportRefusal';
  }
}

/** A request the import's endpoints refuse at the HTTP level. */
export class ImportHttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404,
    readonly reason: 'BAD_REQUEST' | 'ACCESS_TOKEN_NOT_FOUND' | 'ACCESS_SCOPE_DENIED' | 'NOT_FOUND',
    message: string,
  ) {
    super(message);
    this.name = 'ImportHttpError';
  }
}

/** The import's answer: `statusMessage` the code's own, a refusal's detail in `message` beside it. */
export function importAnswerBody(
  outcome: ImportOutcome,
  token: string | null,
  errors: readonly AdProblem[],
  detail?: string,
  statusMessage?: string,
): string {
  const { code } = IMPORT_STATUS[outcome];
  const message = statusMessage ?? IMPORT_STATUS[outcome].message;
  const said = detail === undefined || detail === message ? {} : { message: detail };
  return JSON.stringify({ token, statusCode: code, statusMessage: message, errors, ...said });
}

/** The family's own errors: refusals 200 in the import's shape, the rest `{reason, message}`. */
export const importOwnAnswer: RouteErrorAnswer = (error) => {
  if (error instanceof ImportRefusal)
    return {
      status: 200,
      headers: { 'content-type': JSON_UTF8 },
      body: importAnswerBody(error.outcome, null, error.errors, error.message, error.statusMessage),
    };
  if (error instanceof ImportHttpError) return reasonedAnswer(error.status, error.reason, error.message);
  return undefined;
};

/** What the framework refuses at an import path (bad JSON, 413 past 1 MB, 415, 404): `{reason, message}`. */
export const importErrorFormat = (failure: Failure): ErrorAnswer => reasonedFormat(failure);
