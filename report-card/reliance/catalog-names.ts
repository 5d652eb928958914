import type { CatalogNode, CatalogSnapshot } from '../../helpers/profile/catalog-tree.js';

/**
 * The names catalog ids stand for, from a catalog snapshot (an observed profile's, or the
 * sandbox's data as one): the id's place (chain / brand / model / version) and the import field
 * that carries an id of that depth.
 */

/** The import fields of the ad's params by the depth of the id in a vehicle chain. */
const FIELD_AT_DEPTH = ['vehicle_brand', 'vehicle_model', 'vehicle_version'] as const;
const VEHICLE_CHAINS = new Set(['car', 'motorcycle']);

export interface NamedId {
  field: string;
  /** `car / Chevrolet / Onix`. */
  path: string;
}

/**
 * Every place of an id in the chains (an id may stand in several: each is named); a vehicle id's
 * field by its depth, another chain's `<chain> entry`.
 */
export function placesOf(snapshot: CatalogSnapshot, id: string): NamedId[] {
  const found: NamedId[] = [];
  const walk = (node: CatalogNode, names: string[], vehicle: boolean): void => {
    for (const [name, child] of Object.entries(node.children ?? {})) {
      const path = [...names, name];
      const field = vehicle ? FIELD_AT_DEPTH[path.length - 2] : `${names[0] ?? ''} entry`;
      if (String(child.id) === id && field !== undefined) found.push({ field, path: path.join(' / ') });
      walk(child, path, vehicle);
    }
  };
  for (const [chain, root] of Object.entries(snapshot)) walk(root, [chain], VEHICLE_CHAINS.has(chain));
  return found;
}

/**
 * The entry at a path of ids (`car / #7001 / #7101`: the client walked there by the lookups), or
 * the parent whose lookup answered without it, or why tonight's snapshot cannot tell.
 */
export function entryById(snapshot: CatalogSnapshot | null, path: string): PlaceAnswer {
  if (snapshot === null) return { kind: 'unknown', why: 'the observation took no catalog snapshot' };
  const [chain, ...ids] = path.split(' / ');
  const root: CatalogNode | undefined = snapshot[chain ?? ''];
  if (root === undefined) return { kind: 'unknown', why: `the snapshot has no ${chain ?? ''} chain` };
  let node: CatalogNode = root;
  for (const segment of ids) {
    const id = segment.replace(/^#/, '');
    if (node.unreached === true || node.failed !== undefined || node.children === undefined)
      return { kind: 'unknown', why: `the lookup holding ${id} was not observed` };
    const child: CatalogNode | undefined = Object.values(node.children).find(
      (entry) => String(entry.id) === id,
    );
    if (child === undefined) return { kind: 'missing', parent: node };
    node = child;
  }
  return { kind: 'found', node };
}

export type PlaceAnswer =
  | { kind: 'found'; node: CatalogNode }
  | { kind: 'missing'; parent: CatalogNode }
  | { kind: 'unknown'; why: string };

/** The entry at a path of names, or its parent when the parent's lookup answered without it. */
export function entryAt(snapshot: CatalogSnapshot | null, path: string): PlaceAnswer {
  if (snapshot === null) return { kind: 'unknown', why: 'the observation took no catalog snapshot' };
  const [chain, ...names] = path.split(' / ');
  let node = snapshot[chain ?? ''];
  if (node === undefined) return { kind: 'unknown', why: `the snapshot has no ${chain ?? ''} chain` };
  for (const name of names) {
    if (node.unreached === true || node.failed !== undefined || node.children === undefined)
      return { kind: 'unknown', why: `the lookup holding ${name} was not observed` };
    const child: CatalogNode | undefined = node.children[name];
    if (child === undefined) return { kind: 'missing', parent: node };
    node = child;
  }
  return { kind: 'found', node };
}
