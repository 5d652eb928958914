// What a data folder keeps (docs/sandbox-service.md): the stores below, each under its name, and
// the CA. Sessions, pending sign-ins, page tokens, rate-limit windows, login throttling and the
// delivery queue and log live in memory only: a restart ends them as it ends a browser's visit.
import type { SandboxState } from './sandbox-state.js';
import type { AdImport } from '../import/ad-import.js';
import { NO_JOURNAL, type KeptRow, type KeptStore } from '../persist/journal.js';
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
 * The ad import as one row, its dump taken when the batch is written (toJSON), so that a burst of
 * decisions costs one write. Its rows are read back through AdImport.load, which validates them.
 */
function keptAdImport(adImport: AdImport): KeptStore {
  const kept: KeptStore = {
    journal: NO_JOURNAL,
    loadRows: (rows: readonly KeptRow[]) => {
      const row = rows.find(([key]) => key === IMPORT_ROW);
      if (row !== undefined) adImport.load(row[1]);
    },
  };
  adImport.onChange(() => {
    kept.journal.put(IMPORT_ROW, { toJSON: () => adImport.dump() });
  });
  return kept;
}

const IMPORT_ROW = 'state';

/** Small records of the service itself (the CA, the demo's credentials), in rows of their own. */
const SERVICE_ROWS = 'service';

/** The record's value as kept (the caller knows its shape: it wrote it), or undefined. */
export function keptRecord(persistence: Persistence | undefined, name: string): unknown {
  return persistence?.rows(SERVICE_ROWS).find(([key]) => key === name)?.[1];
}

export function keepRecord(persistence: Persistence | undefined, name: string, value: unknown): void {
  persistence?.journal(SERVICE_ROWS).put(name, value);
}
