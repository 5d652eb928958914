import type { Params } from './params.js';

/** The parameters 4.1 defines for the authorization request. */
export const AUTHORIZATION_PARAMETERS = ['response_type', 'client_id', 'redirect_uri', 'scope', 'state'];
/** The form fields 4.2 defines, and the optional scope of RFC 6749 6 that 7.2 mentions. */
export const TOKEN_PARAMETERS = ['grant_type', 'code', 'redirect_uri', 'client_id', 'client_secret', 'scope'];

/**
 * Names outside `known`. RFC 6749 3.1 and 3.2: the server ignores unrecognised parameters; the
 * sandbox does, and only its faults authz-unknown-parameter-error-page and
 * token-unknown-parameter-server-error look at them.
 */
export function unknownParameters(params: Params, known: readonly string[]): string[] {
  return params.names().filter((name) => !known.includes(name));
}
