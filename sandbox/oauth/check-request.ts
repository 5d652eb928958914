import { AuthorizationError } from '../../helpers/errors.js';
import type { Params } from '../http/params.js';

/** RFC 6749 3.1: a parameter sent more than once makes the request malformed. */
export function checkNoRepeats(params: Params): void {
  const repeated = params.repeated();
  if (repeated.length > 0)
    throw new AuthorizationError('invalid_request', `Repeated parameter: ${repeated.join(', ')}`);
}

/** 4.1: `response_type` is required and its only value is `code`. */
export function checkResponseType(params: Params): void {
  const responseType = params.get('response_type');
  if (responseType === undefined || responseType === '')
    throw new AuthorizationError('invalid_request', 'response_type is missing.');
  if (responseType !== 'code')
    throw new AuthorizationError('unsupported_response_type', 'Only response_type=code is supported.');
}
