import { AuthorizationError } from '../../spec/errors.js';
import type { FaultSet } from '../faults.js';
import type { Params } from '../http/params.js';

/** RFC 6749 3.1: a parameter sent more than once makes the request malformed. */
export function checkNoRepeats(params: Params): void {
  const repeated = params.repeated();
  if (repeated.length > 0)
    throw new AuthorizationError('invalid_request', `Repeated parameter: ${repeated.join(', ')}`);
}

/** 4.1: `response_type` is required and its only value is `code`. */
export function checkResponseType(params: Params, faults: FaultSet): void {
  const responseType = params.get('response_type');
  if (responseType === undefined || responseType === '') {
    if (faults.has('authz-response-type-not-required')) return;
    throw new AuthorizationError(
      faults.has('authz-missing-response-type-unsupported') ? 'unsupported_response_type' : 'invalid_request',
      'response_type is missing.',
    );
  }
  if (responseType !== 'code')
    throw new AuthorizationError(
      faults.has('authz-unsupported-response-type-invalid-request')
        ? 'invalid_request'
        : 'unsupported_response_type',
      'Only response_type=code is supported.',
    );
}
