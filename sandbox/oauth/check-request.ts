import { AuthorizationError } from '../../spec/errors.js';
import type { AuthorizationRequest } from './authorization-request.js';
import type { Check } from '../rules/patch.js';
import { NoRedirectError } from './no-redirect-error.js';

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

/** The response_type values this server knows: 4.1's `code`, and the implicit grant's `token` it does not offer. */
const KNOWN_RESPONSE_TYPES: ReadonlySet<string> = new Set(['code', 'token']);

/** Sent, and none of the known values: `CODE`, `code token`. */
function unknownResponseType({ params }: AuthorizationRequest): boolean {
  const responseType = params.get('response_type');
  return responseType !== undefined && responseType !== '' && !KNOWN_RESPONSE_TYPES.has(responseType);
}

/**
 * The variant authz-response-type-invalid-value: a response_type that is no value this server
 * knows (another case of `code`, `code` with another value) is an invalid parameter value (7.1
 * invalid_request) rather than an unsupported one; `token` stays unsupported_response_type.
 */
export function responseTypeKnownOrInvalid(check: Check<AuthorizationRequest>): Check<AuthorizationRequest> {
  return (request) => {
    if (unknownResponseType(request))
      throw new AuthorizationError('invalid_request', 'response_type is not a known value.');
    check(request);
  };
}

/**
 * The variant authz-response-type-error-page: such a response_type is refused with a 400 error page
 * once the redirect URI is checked, before anything goes back to the client.
 */
export function responseTypeKnownBeforeRedirect(
  check: Check<AuthorizationRequest>,
): Check<AuthorizationRequest> {
  return (request) => {
    check(request);
    if (unknownResponseType(request)) throw new NoRedirectError(400, 'response_type is not a known value.');
  };
}
