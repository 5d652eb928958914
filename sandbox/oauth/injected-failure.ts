import { AuthorizationError, type AuthorizationErrorCode } from '../../spec/errors.js';
import type { AuthorizationRequest } from './authorization-request.js';

/**
 * R7.1-10, R7.1-11: the failures helper (contract section 2) makes the client's next N requests
 * fail with the chosen error, temporarily_unavailable or server_error, redirected like any other.
 */
export function injectedFailure({ client, rules }: AuthorizationRequest): void {
  const injected = client.injected.authorize;
  if (injected.count === 0) return;
  injected.count -= 1;
  throw new AuthorizationError(rules.reportedError(injected.error), 'Injected failure (test helper).');
}

/** R7.1-10, R7.1-11: each failure is reported under its own code. */
export function reportedError(error: AuthorizationErrorCode): AuthorizationErrorCode {
  return error;
}
