import { isScope, SCOPES, type Scope } from '../../spec/scopes.js';

/** R4.1-07 (5 rule 1): the order of the scope values is irrelevant, so the grant is the set requested. */
export function grantedScopes(requested: Scope[]): Scope[] {
  return requested;
}

/** Only for the fault authz-scope-order-sensitive: values not in alphabetical order lose the last one. */
export function orderSensitiveScopes(requested: Scope[]): Scope[] {
  if (requested.length < 2) return requested;
  const sorted = [...requested].sort();
  return sorted.every((scope, index) => scope === requested[index]) ? requested : requested.slice(0, -1);
}

/**
 * Only for the variant authz-scope-widened: by its policy (5 rule 2) the server grants every scope
 * of section 5 whatever was asked (the sandbox registers no scopes per client).
 */
export function everyScope(): Scope[] {
  return Object.keys(SCOPES).filter(isScope);
}
