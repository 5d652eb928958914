import { MediaTypeError } from './body-parsers.js';
import { LimitError } from './limits.js';
import type { Failure } from './error-answer.js';

/** Statuses of the client's own faults that keep their number in every format that allows it. */
const CLIENT_STATUSES = new Set([400, 404, 405, 408, 413, 414, 415, 431]);

const MESSAGES: Readonly<Record<string, string>> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is larger than this endpoint accepts.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This endpoint does not accept that Content-Type.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The JSON body is empty.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The body is not valid JSON (or holds __proto__ or constructor.prototype).',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length does not match the body.',
  FST_ERR_BAD_URL: 'The URL is not valid (a path segment does not decode).',
  FST_ERR_MAX_PARAM_LENGTH: 'A path segment is too long.',
};

interface ErrorLike {
  code?: unknown;
  statusCode?: unknown;
}

/**
 * Fastify's and Node's errors, as a failure: a 4xx keeps its status and gets a message that says
 * what to fix; anything else is a genuine bug, a 500. Messages never echo the input: a malformed
 * body can hold a token, and V8's JSON errors quote it.
 */
export function failureOf(error: unknown): Failure {
  const { code, statusCode } = (error ?? {}) as ErrorLike;
  if (typeof statusCode !== 'number' || statusCode >= 500 || statusCode < 400)
    return { status: 500, message: 'Unexpected internal error.' };
  const known = typeof code === 'string' ? MESSAGES[code] : undefined;
  const status = CLIENT_STATUSES.has(statusCode) ? statusCode : 400;
  if (known !== undefined) return { status, message: known };
  if (error instanceof LimitError || error instanceof MediaTypeError)
    return { status, message: error.message };
  return { status, message: 'The request is malformed.' };
}
