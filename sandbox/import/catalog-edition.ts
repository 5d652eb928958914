import { loadCatalogs, type Catalogs } from '../catalogs/data.js';

/**
 * A catalog renumbering (field notes: "Catalog ids were realigned once; ads with outdated ids are
 * rejected"), switched on at run time: from a stated moment, every car and motorcycle id (brand,
 * model, version) is its old id plus `shift`. The lookups then answer the new ids and 404 for the
 * old ones; the import refuses an old id with the vehicle codes. Cellphones and the cubic
 * capacities keep their ids. Off, the original numbering is back.
 */

/** The default distance between an old id and its new one: every id in the data is far below it. */
export const DEFAULT_RENUMBERING_SHIFT = 1_000_000;
/** Ids stay positive integers of at most 10 digits (the lookups' own rule). */
const MAX_SHIFT = 1_000_000_000;

export interface Renumbering {
  /** When the new ids take effect, epoch milliseconds. */
  atMs: number;
  shift: number;
}

export class CatalogEdition {
  private readonly original: Catalogs = loadCatalogs();
  private renumbered: { shift: number; catalogs: Catalogs } | undefined;
  private scheduled: Renumbering | null = null;

  constructor(private readonly now: () => number = Date.now) {}

  /** The catalogs in force now: the renumbered ones once the stated moment has passed. */
  current(): Catalogs {
    const scheduled = this.scheduled;
    if (scheduled === null || this.now() < scheduled.atMs) return this.original;
    if (this.renumbered?.shift !== scheduled.shift)
      this.renumbered = {
        shift: scheduled.shift,
        catalogs: loadCatalogs((id) => id + scheduled.shift),
      };
    return this.renumbered.catalogs;
  }

  renumbering(): Renumbering | null {
    return this.scheduled === null ? null : { ...this.scheduled };
  }

  /** Schedules a renumbering (null: the original numbering, at once). */
  schedule(renumbering: Renumbering | null): void {
    if (renumbering !== null && !(Number.isInteger(renumbering.shift) && renumbering.shift >= 1))
      throw new Error('the shift is a positive integer');
    if (renumbering !== null && renumbering.shift > MAX_SHIFT)
      throw new Error(`the shift is at most ${MAX_SHIFT}`);
    this.scheduled = renumbering === null ? null : { ...renumbering };
  }
}
