import { pathKey, type CatalogNode, type CatalogSnapshot } from './catalog-tree.js';
import type { Change } from './change.js';

/** Nothing is known below a node whose lookup was not made or failed: its entries are not compared. */
function known(node: CatalogNode): boolean {
  return node.unreached !== true && node.failed === undefined;
}

/**
 * The catalog's changes: entries renumbered (same name, another id), renamed (same id, another
 * name under the same parent), added and removed; each once, at the highest entry it concerns
 * (a removed brand, not its models too).
 */
export function catalogChanges(before: CatalogSnapshot, after: CatalogSnapshot): Change[] {
  const changes: Change[] = [];
  for (const chain of [...new Set([...Object.keys(before), ...Object.keys(after)])].sort()) {
    const [old, now] = [before[chain], after[chain]];
    if (old !== undefined && now !== undefined) compareNodes([chain], old, now, changes);
  }
  return changes;
}

function compareNodes(path: string[], before: CatalogNode, after: CatalogNode, changes: Change[]): void {
  if (before.failed !== after.failed && before.unreached !== true && after.unreached !== true) {
    changes.push(change(path, 'lookup answer', before.failed ?? 'a catalog', after.failed ?? 'a catalog'));
    return;
  }
  if (!known(before) || !known(after)) return;
  const [old, now] = [before.children ?? {}, after.children ?? {}];
  const removed = Object.keys(old).filter((name) => !(name in now));
  const added = new Set(Object.keys(now).filter((name) => !(name in old)));
  for (const name of Object.keys(old).filter((entry) => entry in now)) {
    const [a, b] = [old[name] as CatalogNode, now[name] as CatalogNode];
    if (a.id !== b.id) changes.push(change([...path, name], 'renumbered', a.id, b.id));
    compareNodes([...path, name], a, b, changes);
  }
  for (const name of removed) {
    const a = old[name] as CatalogNode;
    const renamed = [...added].find((other) => now[other]?.id === a.id);
    if (renamed === undefined) {
      changes.push(change([...path, name], 'removed', a.id, null));
      continue;
    }
    added.delete(renamed);
    changes.push(change([...path, name], 'renamed', name, renamed));
    compareNodes([...path, renamed], a, now[renamed] as CatalogNode, changes);
  }
  for (const name of added)
    changes.push(change([...path, name], 'added', null, (now[name] as CatalogNode).id));
}

function change(
  path: string[],
  kind: Change['kind'],
  before: Change['before'],
  after: Change['after'],
): Change {
  return { area: 'catalog', key: pathKey(path), kind, before, after };
}
