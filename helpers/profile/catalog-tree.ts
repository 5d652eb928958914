/**
 * The catalog as the snapshot saw it: per chain a tree of entries by name, each with its id.
 * Keyed by name, not id, so that a renumbered brand is one change and its models stay matched.
 */
export interface CatalogNode {
  id: number | string;
  /** The entries its lookup answered; absent for a last link (a version, a cubic capacity). */
  children?: Record<string, CatalogNode>;
  /** Its lookup was not made within the request budget: nothing is known below it. */
  unreached?: true;
  /** Its lookup did not answer a catalog (status and body form): nothing is known below it. */
  failed?: string;
}

/** The four chains of 4.5, each from a root whose children are the first lookup's entries. */
export type CatalogSnapshot = Record<string, CatalogNode>;

/** The chains, their lookups' depth (how many links have a lookup of their own below). */
export const SNAPSHOT_CHAINS = {
  car: { segment: 'car_info', depth: 3 },
  motorcycle: { segment: 'moto_info', depth: 3 },
  cellphone: { segment: 'cellphone_info', depth: 2 },
  'motorcycle cubic capacities': { segment: 'moto_cubiccms_info', depth: 1 },
} as const;

/** Paths (names from the chain down) of every node whose lookup was not made. */
export function unreachedPaths(snapshot: CatalogSnapshot): string[][] {
  const found: string[][] = [];
  const walk = (node: CatalogNode, path: string[]): void => {
    if (node.unreached === true) found.push(path);
    for (const [name, child] of Object.entries(node.children ?? {})) walk(child, [...path, name]);
  };
  for (const [chain, root] of Object.entries(snapshot)) walk(root, [chain]);
  return found;
}

/** How many entries the snapshot holds, and how many lookups it still lacks. */
export function snapshotCounts(snapshot: CatalogSnapshot): { entries: number; unreached: number } {
  let entries = 0;
  const walk = (node: CatalogNode): void => {
    for (const child of Object.values(node.children ?? {})) {
      entries += 1;
      walk(child);
    }
  };
  Object.values(snapshot).forEach(walk);
  return { entries, unreached: unreachedPaths(snapshot).length };
}

/** A path as one string, for sets and keys ("car / Chevrolet / Onix"). */
export function pathKey(path: readonly string[]): string {
  return path.join(' / ');
}
