import { AuthorizationError } from '../../spec/errors.js';
import { isScope, type Scope } from '../../spec/scopes.js';
import type { AuthorizationRequest, RequestedScope } from './authorization-request.js';

/**
 * R4.1-06, R4.1-07, R5-04, R7.1-09: `scope` is required, a list separated by single spaces,
 * case-sensitive, in any order, of the values 5 names; an unknown or malformed value is invalid_scope.
 */
export function scopeValid(request: AuthorizationRequest): void {
  const scope = request.params.get('scope');
  const { rules } = request;
  request.scope = scope === undefined || scope === '' ? rules.missingScope() : rules.requestedScope(scope);
}

/** R4.1-06, R7.1-06: a request without scope is invalid_request. */
export function missingScope(): RequestedScope {
  throw new AuthorizationError('invalid_request', 'scope is missing.');
}

/** R4.1-07, R5-04, R7.1-09: every value known, exactly as spelt; the grant is the set. */
export function requestedScope(scope: string): RequestedScope {
  return { scopes: parseScope(scope), unknown: [] };
}

/**
 * R5-05 (5 rule 2: the server can ignore requested scopes partly or totally), the variant
 * authz-scope-ignored: unknown or misspelt values are dropped, case-sensitively; when none is
 * left the request is denied (7.1 access_denied: "server denied the request").
 */
export function ignoreUnknownScope(scope: string): RequestedScope {
  const values = scope.split(' ');
  const scopes = [...new Set(values.filter(isScope))];
  if (scopes.length === 0) throw new AuthorizationError('access_denied', 'No scope this server grants.');
  return { scopes, unknown: values.filter((value) => !isScope(value)) };
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
