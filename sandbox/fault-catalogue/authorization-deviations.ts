import { AuthorizationError, type AuthorizationErrorCode } from '../../spec/errors.js';
import { AUTHORIZATION_PARAMETERS, unknownParameters } from '../http/unknown-parameters.js';
import type { Params } from '../http/params.js';
import type { AuthorizationRequest } from '../oauth/authorization-request.js';
import { isAbsoluteWithoutFragment } from '../oauth/check-redirect-uri.js';
import { NoRedirectError } from '../oauth/no-redirect-error.js';
import type { ResponseParams } from '../oauth/redirect-uri.js';
import type { Check } from '../rules/patch.js';
import type { Client } from '../store/clients.js';

/**
 * The pieces of the authorization faults' patches (authorization.ts) too long to read inline:
 * each is what a deviating server does in place of, or around, one reference rule.
 */

export function fail(code: AuthorizationErrorCode, description: string): never {
  throw new AuthorizationError(code, description);
}

export function refuse(status: number, message: string): never {
  throw new NoRedirectError(status, message);
}

/** The URI without its http/https scheme (redirect-uri-scheme-ignored). */
export function schemeless(uri: string): string {
  return uri.replace(/^https?:/i, '');
}

/** The registration answer without client_secret (registration-secret-not-issued). */
export function withoutSecret(answer: Record<string, unknown>): Record<string, unknown> {
  const rest = { ...answer };
  delete rest.client_secret;
  return rest;
}

/** The code under the name `authorization_code` (authz-code-param-renamed). */
export function renamedCode({ code, ...rest }: ResponseParams): ResponseParams {
  return { authorization_code: code ?? null, ...rest };
}

/** Any scope failure as invalid_request (authz-unknown-scope-invalid-request). */
export function asInvalidRequest<Value>(read: () => Value): Value {
  try {
    return read();
  } catch (error) {
    if (error instanceof AuthorizationError)
      throw new AuthorizationError('invalid_request', error.description);
    throw error;
  }
}

/** Unknown client, absolute redirect_uri sent: go there anyway (authz-unknown-client-redirects). */
export function sentUriWhenUnknown(params: Params, client: Client | undefined): string | null {
  const sent = params.get('redirect_uri');
  return client === undefined && sent !== undefined && isAbsoluteWithoutFragment(sent) ? sent : null;
}

/** Known client, redirect_uri left out: its first URI (authz-missing-redirect-uri-redirects). */
export function firstUriWhenMissing(params: Params, client: Client | undefined): string | null {
  const first = client?.redirectUris[0];
  return params.get('redirect_uri') === undefined && first !== undefined ? first : null;
}

/** An error page for any parameter 4.1 does not define (authz-unknown-parameter-error-page). */
export function refuseUnknownParameters({ params }: AuthorizationRequest): void {
  if (unknownParameters(params, AUTHORIZATION_PARAMETERS).length > 0) refuse(400, 'Unknown parameter.');
}

/**
 * The response_type check with some values other than `code` let through as if they were `code`
 * (authz-response-type-case-insensitive, authz-response-type-code-prefix).
 */
export function responseTypeAlsoAccepting(
  accepted: (responseType: string) => boolean,
): (check: Check<AuthorizationRequest>) => Check<AuthorizationRequest> {
  return (check) => (request) => {
    const responseType = request.params.get('response_type');
    if (responseType === undefined || !accepted(responseType)) check(request);
  };
}
