import { DEFAULT_RENUMBERING_SHIFT, type CatalogEdition } from './catalog-edition.js';
import type { SandboxSwitch } from '../rules/switches.js';

/** The latest a renumbering may be scheduled ahead: a day. */
const MAX_AFTER_SECONDS = 24 * 3600;

const ACCEPTED =
  'catalog-renumbering takes false, true (now) or {"after_seconds": 0 to 86400, "shift"?: integer 1 to 1000000000} or {"at": RFC 3339, "shift"?}';

/** When a renumbering takes effect, from the switch's object value; undefined when unreadable. */
function momentOf(given: Record<string, unknown>): number | undefined {
  const after = given.after_seconds;
  if (typeof after === 'number' && after >= 0 && after <= MAX_AFTER_SECONDS) return Date.now() + after * 1000;
  const at = typeof given.at === 'string' && after === undefined ? Date.parse(given.at) : NaN;
  return Number.isNaN(at) ? undefined : at;
}

/** `false` (off), `true` (now), or `{after_seconds?, at?, shift?}`. */
export function renumberingSwitch(catalogs: CatalogEdition): SandboxSwitch {
  return {
    name: 'catalog-renumbering',
    kind: 'setting',
    summary: `from a stated moment every car and motorcycle catalog id becomes id + shift (default ${DEFAULT_RENUMBERING_SHIFT}); old ids 404 in the lookups and are refused by the import`,
    get: () => {
      const now = catalogs.renumbering();
      return now === null ? false : { at: new Date(now.atMs).toISOString(), shift: now.shift };
    },
    set: (value) => {
      if (value === false || value === null || value === true) {
        catalogs.schedule(value === true ? { atMs: Date.now(), shift: DEFAULT_RENUMBERING_SHIFT } : null);
        return;
      }
      const given = (typeof value === 'object' && !Array.isArray(value) ? value : {}) as Record<
        string,
        unknown
      >;
      const atMs = momentOf(given);
      const shift = given.shift ?? DEFAULT_RENUMBERING_SHIFT;
      if (atMs === undefined || typeof shift !== 'number') throw new Error(ACCEPTED);
      try {
        catalogs.schedule({ atMs, shift });
      } catch {
        throw new Error(ACCEPTED);
      }
    },
  };
}
