import { LISTING_ERRORS } from '../../spec/errors.js';
import { reasonedAnswer, type ErrorAnswer, type Failure } from './error-answer.js';

/** The `reason` of a failure in the sandbox's `{reason, message}` formats. */
export function reasonOf(
  status: number,
): 'BAD_REQUEST' | 'ACCESS_DENIED' | 'NOT_FOUND' | 'UNEXPECTED_INTERNAL_ERROR' {
  if (status >= 500) return 'UNEXPECTED_INTERNAL_ERROR';
  if (status === 401) return 'ACCESS_DENIED';
  if (status === 404) return 'NOT_FOUND';
  return 'BAD_REQUEST';
}

/** `{reason, message}` with the failure's own status: basic user info, notifications, the rest. */
export function reasonedFormat(failure: Failure): ErrorAnswer {
  const reason = reasonOf(failure.status);
  return reasonedAnswer(
    failure.status,
    reason,
    reason === 'UNEXPECTED_INTERNAL_ERROR' ? LISTING_ERRORS.UNEXPECTED_INTERNAL_ERROR : failure.message,
  );
}
