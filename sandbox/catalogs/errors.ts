import { JSON_UTF8, type ErrorAnswer, type Failure } from '../http/error-answer.js';
import { reasonOf } from '../http/reasons.js';

/** The sandbox's catalog errors (the spec shows none): `{status: "error", reason, message}`. */
export function catalogErrorAnswer(status: number, reason: string, message: string): ErrorAnswer {
  return {
    status,
    headers: { 'content-type': JSON_UTF8 },
    body: JSON.stringify({ status: 'error', reason, message }),
  };
}

export function catalogErrorFormat(failure: Failure): ErrorAnswer {
  return catalogErrorAnswer(failure.status, reasonOf(failure.status), failure.message);
}
