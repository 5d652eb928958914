import type { AuthorizationError } from '../../spec/errors.js';
import type { Params } from '../http/params.js';
import type { Client } from '../store/clients.js';
import { withResponseParams, type ResponseParams } from './redirect-uri.js';

/**
 * R7.1-01, R7.1-02: a request whose client or redirect URI cannot be trusted is shown an error
 * page; the browser is sent nowhere (null).
 */
export const untrustedRequestRedirect: (params: Params, client: Client | undefined) => string | null = () =>
  null;

/** R7.1-05: other failures go back to the redirect URI with `error` in the query and `state` if sent. */
export function errorRedirect(redirectUri: string, error: AuthorizationError, state: string | null): string {
  return withResponseParams(redirectUri, errorParams(error, state));
}

export function errorParams(error: AuthorizationError, state: string | null): ResponseParams {
  return { error: error.code, error_description: error.description ?? null, state };
}
