import { canonical, type Profile } from './profile.js';
import { catalogChanges } from './catalog-drift.js';
import type { Change } from './change.js';

/**
 * What changed from `before` to `after`: the catalog's entries first, then every other area's
 * keys in order. A key seen by one run alone is added or removed (the two runs must have run the
 * same tests for that to mean the target changed).
 */
export function profileChanges(before: Profile, after: Profile): Change[] {
  const changes =
    before.catalog === null || after.catalog === null ? [] : catalogChanges(before.catalog, after.catalog);
  const areas = [...new Set([...Object.keys(before.areas), ...Object.keys(after.areas)])].sort();
  for (const area of areas) {
    const [old, now] = [before.areas[area] ?? {}, after.areas[area] ?? {}];
    for (const key of [...new Set([...Object.keys(old), ...Object.keys(now)])].sort()) {
      const [a, b] = [old[key], now[key]];
      if (a === undefined) changes.push({ area, key, kind: 'added', before: null, after: b ?? null });
      else if (b === undefined) changes.push({ area, key, kind: 'removed', before: a, after: null });
      else if (canonical(a) !== canonical(b))
        changes.push({ area, key, kind: 'changed', before: a, after: b });
    }
  }
  return changes;
}
