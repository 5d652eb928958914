import { AuthorizationError, TokenError } from '../../spec/errors.js';
import { parseScope } from '../oauth/check-scope.js';
import type { Scope } from '../../spec/scopes.js';
import type { TokenExchange } from './exchange.js';

/**
 * R7.2-10, R5-07: an optional `scope` (RFC 6749 6) may narrow the grant, never widen it; the token
 * carries only what the user granted.
 */
export function scopeNarrowed(exchange: TokenExchange): void {
  const scopes = requestedScope(exchange);
  if (scopes.some((scope) => !exchange.code.scopes.includes(scope)))
    throw new TokenError('invalid_scope', 'The requested scope exceeds the scope granted.');
  exchange.scopes = scopes;
}

/** R7.2-10: the scope the token request names (an unknown value is invalid_scope), else the grant. */
export function requestedScope({ form, code }: TokenExchange): readonly Scope[] {
  const requested = form.get('scope');
  if (requested === undefined) return code.scopes;
  try {
    return parseScope(requested);
  } catch (error) {
    if (error instanceof AuthorizationError) throw new TokenError('invalid_scope', error.description);
    throw error;
  }
}

/** This module's rules, by name (token/rules.ts spreads them into the area's table). */
export const SCOPE_CHECKS = { scopeNarrowed };
