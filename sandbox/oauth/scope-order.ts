import type { FaultSet } from '../faults.js';
import type { Scope } from '../scopes.js';

/**
 * 4.1 / 5 rule 1: the order of the scope values is irrelevant, so the grant is the set requested.
 * Only the fault authz-scope-order-sensitive makes it depend on the order: values not in
 * alphabetical order lose the last one.
 */
export function scopesAsGranted(requested: Scope[], faults: FaultSet): Scope[] {
  if (!faults.has('authz-scope-order-sensitive') || requested.length < 2) return requested;
  const sorted = [...requested].sort();
  return sorted.every((scope, index) => scope === requested[index]) ? requested : requested.slice(0, -1);
}
