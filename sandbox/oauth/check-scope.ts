import { AuthorizationError } from '../../helpers/errors.js';
import type { FaultSet } from '../faults.js';
import type { Params } from '../http/params.js';
import { isScope, type Scope } from '../scopes.js';

/**
 * 4.1 / 5: `scope` is required, a list separated by single spaces, case-sensitive, in any order;
 * an unknown or malformed value is invalid_scope.
 */
export function checkScope(params: Params, faults: FaultSet): Scope[] {
  const scope = params.get('scope');
  if (scope === undefined || scope === '') {
    if (faults.has('authz-scope-not-required')) return ['basic_user_info'];
    throw new AuthorizationError('invalid_request', 'scope is missing.');
  }
  if (faults.has('authz-chat-scope-refused') && scope.split(' ').includes('chat'))
    throw new AuthorizationError('invalid_scope', 'Unknown or malformed scope: "chat"');
  try {
    return parseScope(faults.has('authz-scope-case-insensitive') ? scope.toLowerCase() : scope);
  } catch (error) {
    if (error instanceof AuthorizationError && faults.has('authz-unknown-scope-invalid-request'))
      throw new AuthorizationError('invalid_request', error.description);
    throw error;
  }
}

export function parseScope(scope: string): Scope[] {
  const values = scope.split(' ');
  const unknown = values.filter((value) => !isScope(value));
  if (unknown.length > 0) {
    throw new AuthorizationError(
      'invalid_scope',
      `Unknown or malformed scope: ${JSON.stringify(unknown.join(' '))}`,
    );
  }
  return [...new Set(values as Scope[])];
}
