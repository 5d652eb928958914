import type { Scope } from '../scopes.js';

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
