import { AuthorizationError } from '../../spec/errors.js';
import type { AuthorizationRequest } from './authorization-request.js';
import type { Check } from '../rules/patch.js';

/** R7.1-06 (RFC 6749 3.1): a parameter sent more than once makes the request malformed. */
export function noRepeatedParameters({ params }: AuthorizationRequest): void {
  const repeated = params.repeated();
  if (repeated.length > 0)
    throw new AuthorizationError('invalid_request', `Repeated parameter: ${repeated.join(', ')}`);
}

/** R4.1-02: `response_type` is required and its only value is `code`. */
export function responseTypeIsCode({ params, rules }: AuthorizationRequest): void {
  const responseType = params.get('response_type');
  if (responseType === undefined || responseType === '') rules.refuseMissingResponseType();
  else if (responseType !== 'code') rules.refuseOtherResponseType();
}

/** R7.1-06: a required parameter missing is invalid_request. */
export function refuseMissingResponseType(): void {
  throw new AuthorizationError('invalid_request', 'response_type is missing.');
}

/** R7.1-08: a way of obtaining a code the server does not support is unsupported_response_type. */
export function refuseOtherResponseType(): void {
  throw new AuthorizationError('unsupported_response_type', 'Only response_type=code is supported.');
}

/**
 * R4.1-09: a parameter the authorization request does not define is ignored (RFC 6749 3.1), so
 * the reference passes every request here.
 */
export const unknownParametersIgnored: Check<AuthorizationRequest> = () => undefined;
