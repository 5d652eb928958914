import { CATALOG_CHAINS, CUBIC_CAPACITIES_PATH, CATALOG_PREFIX } from '../../spec/paths.js';
import type { RulebookPatch } from '../rules/book.js';
import type { ObservedCatalogNode } from './observed.js';

/**
 * The catalog snapshot of an observation served by the sandbox's lookups: names and ids as the
 * marketplace answered them, at the same places. A lookup the snapshot did not reach, or that
 * failed there, is answered from the sandbox's own data (listed as not reproduced).
 */

type Snapshot = Record<string, ObservedCatalogNode>;
type IdMap = Readonly<Record<string, number | string>>;

/** The snapshot's chains (helpers/profile/catalog-tree.ts's SNAPSHOT_CHAINS) by their route segment. */
const CHAIN_OF_SEGMENT: Readonly<Record<string, string>> = {
  [CATALOG_CHAINS.car]: 'car',
  [CATALOG_CHAINS.motorcycle]: 'motorcycle',
  [CATALOG_CHAINS.cellphone]: 'cellphone',
  [CUBIC_CAPACITIES_PATH.slice(CATALOG_PREFIX.length + 1)]: 'motorcycle cubic capacities',
};

/** The lookup keyed by id (`{"1": "50"}`): the snapshot keeps its values as the names. */
const CUBIC_CAPACITIES = CUBIC_CAPACITIES_PATH.slice(CATALOG_PREFIX.length + 1);

/** The entries a node's lookup answered, when it answered a catalog (as the lookup writes them). */
function answered(node: ObservedCatalogNode | undefined, place = ''): IdMap | undefined {
  if (node?.children === undefined || node.unreached === true || node.failed !== undefined) return undefined;
  const entries = Object.entries(node.children).map(([name, child]): [string, number | string] =>
    place === CUBIC_CAPACITIES ? [String(child.id), name] : [name, child.id],
  );
  return Object.fromEntries(entries);
}

/** The child of a node whose id is the path's id (ids compared as text, as a path holds them). */
function childWithId(
  node: ObservedCatalogNode | undefined,
  id: string | undefined,
): ObservedCatalogNode | undefined {
  if (node?.children === undefined || id === undefined) return undefined;
  return Object.values(node.children).find((child) => String(child.id) === id);
}

/** The node whose lookup a request makes: the chain's root, a brand, or a brand's model. */
function nodeOf(
  snapshot: Snapshot,
  place: string,
  params: Readonly<Record<string, string>>,
): ObservedCatalogNode | undefined {
  const [segment] = place.split('/');
  const chain = CHAIN_OF_SEGMENT[segment ?? ''];
  const root = chain === undefined ? undefined : snapshot[chain];
  if (place.endsWith('/:modelId')) return childWithId(childWithId(root, params.brandId), params.modelId);
  if (place.endsWith('/:brandId')) return childWithId(root, params.brandId);
  return root;
}

/** Whether the snapshot knows what this lookup answers (else the sandbox's own data does). */
function known(snapshot: Snapshot, place: string, params: Readonly<Record<string, string>>): boolean {
  const [segment] = place.split('/');
  const root = snapshot[CHAIN_OF_SEGMENT[segment ?? ''] ?? ''];
  if (answered(root) === undefined) return false;
  if (!place.includes('/:')) return true;
  const brand = childWithId(root, params.brandId);
  // An id the brand lookup did not answer is unknown to the marketplace too: 404 (its own choice unseen).
  if (brand === undefined) return true;
  if (!place.endsWith('/:modelId')) return brand.unreached !== true && brand.failed === undefined;
  const model = childWithId(brand, params.modelId);
  return (
    brand.unreached !== true &&
    (model === undefined || (model.unreached !== true && model.failed === undefined))
  );
}

/** The rulebook patch that answers the snapshot's catalogs. */
export function catalogPatch(snapshot: Snapshot): RulebookPatch {
  return {
    catalogs: {
      lookedUp: (lookedUp) => (place, params, found) =>
        known(snapshot, place, params)
          ? answered(nodeOf(snapshot, place, params), place)
          : lookedUp(place, params, found),
    },
  };
}

/** Paths (chain / names) of every lookup the snapshot could not say: answered from the sandbox's data. */
export function unknownLookups(snapshot: Snapshot): Array<{ path: string; why: string }> {
  const found: Array<{ path: string; why: string }> = [];
  const walk = (node: ObservedCatalogNode, path: string): void => {
    if (node.unreached === true) found.push({ path, why: 'its lookup was not reached by the observation' });
    else if (node.failed !== undefined) found.push({ path, why: `its lookup answered ${node.failed}` });
    for (const [name, child] of Object.entries(node.children ?? {})) walk(child, `${path} / ${name}`);
  };
  for (const [chain, root] of Object.entries(snapshot)) walk(root, chain);
  return found;
}
