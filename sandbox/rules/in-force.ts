import { FAULTS, type FaultDefinition, type FaultName } from '../faults.js';
import { rulebookWith, type RulebookPatch } from '../rulebook.js';
import type { Rulebook } from './book.js';
import { VARIANTS, type VariantDefinition, type VariantName } from '../variants.js';

/**
 * The rules of one sandbox process: the reference, changed by its variants (another correct
 * server) and then by its faults (a deviation of that server), each catalogue entry's patch once.
 */
export function rulesInForce(faults: readonly FaultName[], variants: readonly VariantName[]): Rulebook {
  return rulebookWith([...variants.map(variantPatch), ...faults.map(faultPatch)]);
}

function faultPatch(name: FaultName): RulebookPatch | undefined {
  const definition: FaultDefinition = FAULTS[name];
  return patchOf(definition);
}

function variantPatch(name: VariantName): RulebookPatch | undefined {
  const definition: VariantDefinition = VARIANTS[name];
  return patchOf(definition);
}

/** A stateful patch is a factory: called here, at each start, its state is this sandbox's alone. */
function patchOf(definition: FaultDefinition | VariantDefinition): RulebookPatch | undefined {
  return typeof definition.patch === 'function' ? definition.patch() : definition.patch;
}
