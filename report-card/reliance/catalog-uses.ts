import type { CatalogSnapshot } from '../../helpers/profile/catalog-tree.js';
import type { RequestRecord } from '../../spec/journal.js';
import { CATALOG_CHAINS, CATALOG_PREFIX, CUBIC_CAPACITIES_PATH } from '../../spec/paths.js';
import { placesOf } from './catalog-names.js';
import type { RelianceFact } from './contract.js';

/**
 * The catalog entries a client looked up and then used, from its journal alone: each id its
 * accepted imports carried (`catalog_params`: every id-like parameter with the ad's category; older
 * journals: the vehicle ids), placed by the lookups the client itself made (their paths hold the
 * ids it walked through: `car / #7001 / #7101`), or named from a catalog when one is given (the
 * double's profile, `--double`): `car / Fiat / Uno`. An id neither places is written as such.
 */

/** The chains by the route segment of their lookups. */
const CHAIN_OF_SEGMENT: Readonly<Record<string, string>> = {
  [CATALOG_CHAINS.car]: 'car',
  [CATALOG_CHAINS.motorcycle]: 'motorcycle',
  [CATALOG_CHAINS.cellphone]: 'cellphone',
  [CUBIC_CAPACITIES_PATH.slice(CATALOG_PREFIX.length + 1)]: 'motorcycle cubic capacities',
};
/** The vehicle categories of the ad import (field notes) and the chain their ids are of. */
const CHAIN_OF_CATEGORY: Readonly<Record<string, string>> = { '2020': 'car', '2060': 'motorcycle' };

/** How many ids deep the lookup is whose entries no lookup goes below (versions, cellphone models). */
const LEAF_PARENT_DEPTH: Readonly<Record<string, number>> = { car: 2, motorcycle: 2, cellphone: 1 };

interface UsedId {
  category: string;
  name: string;
  id: string;
}

/** The ids an accepted import carried, with their parameter's name and the ad's category. */
function usedIds(record: RequestRecord): UsedId[] {
  const params = record.params ?? {};
  if (typeof params.catalog_params === 'string')
    return params.catalog_params
      .split(',')
      .map((entry) => /^([^:]*):([^=]+)=(\d{1,19})$/.exec(entry))
      .flatMap((match) =>
        match === null ? [] : [{ category: match[1] ?? '', name: match[2] ?? '', id: match[3] ?? '' }],
      );
  // A journal from before catalog_params: the vehicle ids, in brand, model, version order per ad.
  const names = ['vehicle_brand', 'vehicle_model', 'vehicle_version'];
  return String(params.catalog_ids ?? '')
    .split(',')
    .filter((id) => /^\d{1,12}$/.test(id))
    .map((id, index) => ({ category: '', name: names[index % 3] ?? 'catalog id', id }));
}

/** Each chain's lookups the client made, as paths of ids below the chain (`["7001", "7101"]`). */
function lookedUp(requests: readonly RequestRecord[]): Array<{ chain: string; ids: string[] }> {
  return requests
    .filter((record) => record.endpoint === 'catalog' && record.status >= 200 && record.status < 300)
    .flatMap((record) => {
      const [segment, ...ids] = record.path
        .slice(CATALOG_PREFIX.length + 1)
        .replace(/^v1\//, '')
        .split('/');
      const chain = CHAIN_OF_SEGMENT[segment ?? ''];
      return chain === undefined ? [] : [{ chain, ids: ids.filter((id) => id !== '') }];
    });
}

/**
 * The place of an id by the lookups the client made: the path it walked through to it, or, for an
 * entry no lookup goes below (a version, a cellphone model), its parent's path when another id of
 * the same ad was walked to, else `?` for a parent not known.
 */
function structuralPlace(
  used: UsedId,
  sameAd: readonly UsedId[],
  walks: ReadonlyArray<{ chain: string; ids: string[] }>,
): string | undefined {
  const chains = CHAIN_OF_CATEGORY[used.category];
  const inChain = walks.filter((walk) => chains === undefined || walk.chain === chains);
  const through = inChain.find((walk) => walk.ids.includes(used.id));
  if (through !== undefined)
    return [
      through.chain,
      ...through.ids.slice(0, through.ids.indexOf(used.id) + 1).map((id) => `#${id}`),
    ].join(' / ');
  // A leaf: below the deepest walk that holds another id of the ad.
  const others = new Set(sameAd.map((other) => other.id).filter((id) => id !== used.id));
  const parent = inChain
    .filter((walk) => walk.ids.length > 0 && others.has(walk.ids[walk.ids.length - 1] ?? ''))
    .sort((a, b) => b.ids.length - a.ids.length)[0];
  if (parent !== undefined)
    return [parent.chain, ...parent.ids.map((id) => `#${id}`), `#${used.id}`].join(' / ');
  // No other id of the ad walked to: the last lookup before the import that answers such entries.
  const leafParent = inChain.filter((walk) => walk.ids.length === LEAF_PARENT_DEPTH[walk.chain]).pop();
  if (leafParent !== undefined && !/cubic|cc/i.test(used.name))
    return [leafParent.chain, ...leafParent.ids.map((id) => `#${id}`), `#${used.id}`].join(' / ');
  const root = inChain.find(
    (walk) =>
      walk.ids.length === 0 && walk.chain === 'motorcycle cubic capacities' && /cubic|cc/i.test(used.name),
  );
  return root === undefined ? undefined : `${root.chain} / #${used.id}`;
}

/** The place of an id by a catalog's names, on the chain its category names when it has one. */
function namedPlace(used: UsedId, catalog: CatalogSnapshot): string | undefined {
  const chain = CHAIN_OF_CATEGORY[used.category];
  const places = placesOf(catalog, used.id).filter(
    (place) => chain === undefined || place.path.startsWith(`${chain} / `),
  );
  return places.length === 1 ? places[0]?.path : undefined;
}

/** Whether an import was taken: its answer's statusCode 0 (older journals: any 2xx). */
const accepted = (record: RequestRecord): boolean =>
  record.endpoint === 'import' &&
  record.status >= 200 &&
  record.status < 300 &&
  (record.answer?.statusCode === undefined || record.answer.statusCode === 0);

/**
 * Each id of the client's accepted imports and the entry it stood for: named from `catalog` (the
 * double's), else placed by the client's own lookups, else named from `fallback` (the reference's).
 */
export function catalogUseFacts(
  requests: readonly RequestRecord[],
  catalog: CatalogSnapshot | null,
  fallback: CatalogSnapshot | null,
): RelianceFact[] {
  return requests.filter(accepted).flatMap((record) => {
    const walks = lookedUp(requests.filter((earlier) => earlier.seq < record.seq));
    const ids = usedIds(record);
    return ids.map((used): RelianceFact => {
      const place =
        (catalog === null ? undefined : namedPlace(used, catalog)) ??
        structuralPlace(used, ids, walks) ??
        (fallback === null ? undefined : namedPlace(used, fallback));
      return {
        kind: 'catalog id',
        subject: `${used.name} ${used.id}`,
        value: place ?? '(neither looked up nor in the catalog it was named from)',
      };
    });
  });
}
