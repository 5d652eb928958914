import { AuthorizationError } from '../../spec/errors.js';
import type { FaultSet } from '../faults.js';
import type { VariantSet } from '../variants.js';
import type { Params } from '../http/params.js';
import { isScope, type Scope } from '../scopes.js';

/**
 * 4.1 / 5: `scope` is required, a list separated by single spaces, case-sensitive, in any order;
 * an unknown or malformed value is invalid_scope.
 */
export function checkScope(params: Params, faults: FaultSet, variants: VariantSet): RequestedScope {
  const scope = params.get('scope');
  if (scope === undefined || scope === '') {
    if (faults.has('authz-scope-not-required')) return { scopes: ['basic_user_info'], unknown: [] };
    throw new AuthorizationError('invalid_request', 'scope is missing.');
  }
  if (faults.has('authz-chat-scope-refused') && scope.split(' ').includes('chat'))
    throw new AuthorizationError('invalid_scope', 'Unknown or malformed scope: "chat"');
  if (variants.has('authz-scope-ignored') || faults.has('authz-unknown-scope-granted'))
    return ignoreUnknown(scope);
  try {
    return {
      scopes: parseScope(faults.has('authz-scope-case-insensitive') ? scope.toLowerCase() : scope),
      unknown: [],
    };
  } catch (error) {
    if (error instanceof AuthorizationError && faults.has('authz-unknown-scope-invalid-request'))
      throw new AuthorizationError('invalid_request', error.description);
    throw error;
  }
}

/** What the request asked for: the known values, and the others (kept only to be shown). */
export interface RequestedScope {
  scopes: Scope[];
  unknown: string[];
}

/**
 * Variant authz-scope-ignored (5 rule 2: the server can ignore requested scopes partly or
 * totally): unknown or misspelt values are dropped, case-sensitively; when none is left the
 * request is denied (7.1 access_denied: "server denied the request").
 */
function ignoreUnknown(scope: string): RequestedScope {
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
