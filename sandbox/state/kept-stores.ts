// What a data folder keeps (docs/sandbox-service.md): the stores below, each under its name, and
// the CA. Sessions, pending sign-ins, page tokens, rate-limit windows, login throttling and the
// delivery queue and log live in memory only: a restart ends them as it ends a browser's visit. The
// moderation's queue too, but its imports are kept and queued again at start (import/routes.ts).
import type { SandboxState } from './sandbox-state.js';
import type { AdImport } from '../import/ad-import.js';
import { LatestRows, NO_JOURNAL, type KeptRow, type KeptStore, type RowJournal } from '../persist/journal.js';
import type { Persistence } from '../persist/persistence.js';

/** The stores kept across restarts, by the name of their rows: another kept store is one entry here. */
export function keptStores(state: SandboxState): Readonly<Record<string, KeptStore>> {
  return {
    clients: state.clients,
    users: state.users,
    codes: state.codes,
    tokens: state.tokens,
    consents: state.consents,
    ads: state.ads,
    notifications: state.notifications,
    import: keptAdImport(state.adImport),
  };
}

/**
 * The ad import: its store's rows (import/store.ts: one per import, one per ad, written as the
 * moderation decides), and one row of the switches' values, written when the import changes.
 * A file of an earlier release kept the whole import as one row: it is read, then replaced by
 * these rows at the first batch.
 */
function keptAdImport(adImport: AdImport): KeptStore {
  let journal: RowJournal = NO_JOURNAL;
  let fromOneRow = false;
  const rows = new LatestRows();
  adImport.onChange(() => {
    rows.put(journal, SWITCHES_ROW, () => adImport.switchValues());
  });
  return {
    get journal() {
      return journal;
    },
    set journal(attached: RowJournal) {
      journal = attached;
      adImport.store.journal = attached;
      if (!fromOneRow) return;
      adImport.store.keepAll();
      adImport.changed();
      attached.delete(ONE_ROW);
    },
    loadRows: (rows: readonly KeptRow[]) => {
      const oneRow = rows.find(([key]) => key === ONE_ROW);
      if (oneRow !== undefined) adImport.load(oneRow[1]);
      fromOneRow = oneRow !== undefined;
      const switches = rows.find(([key]) => key === SWITCHES_ROW);
      if (switches !== undefined) adImport.load({ switches: switches[1] });
      adImport.store.loadRows(rows.filter(([key]) => key !== ONE_ROW && key !== SWITCHES_ROW));
    },
  };
}

/** The row an earlier release kept the whole import in. */
const ONE_ROW = 'state';
const SWITCHES_ROW = JSON.stringify(['switches']);

/** Small records of the service itself (the CA, the demo's credentials), in rows of their own. */
const SERVICE_ROWS = 'service';

/** The record's value as kept (the caller knows its shape: it wrote it), or undefined. */
export function keptRecord(persistence: Persistence | undefined, name: string): unknown {
  return persistence?.rows(SERVICE_ROWS).find(([key]) => key === name)?.[1];
}

export function keepRecord(persistence: Persistence | undefined, name: string, value: unknown): void {
  persistence?.journal(SERVICE_ROWS).put(name, value);
}
