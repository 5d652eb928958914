import { AuthorizationError } from '../../helpers/errors.js';
import type { Params } from '../http/params.js';
import { isScope, type Scope } from '../scopes.js';

/**
 * 4.1 / 5: `scope` is required, a list separated by single spaces, case-sensitive, in any order;
 * an unknown or malformed value is invalid_scope.
 */
export function checkScope(params: Params): Scope[] {
  const scope = params.get('scope');
  if (scope === undefined || scope === '')
    throw new AuthorizationError('invalid_request', 'scope is missing.');
  return parseScope(scope);
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
