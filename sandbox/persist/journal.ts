// What a store that is kept across restarts implements (persist/README in docs/sandbox-service.md):
// it stays the source of every read, writes each change to its journal as a row (a key and a JSON
// value), and is refilled from its rows at start. The persistence gives each store a journal of its
// own; until then (the suite's embedded sandbox, which keeps nothing) the journal is NO_JOURNAL.

/** Where a store writes its changes. A value is turned into JSON when the tick's changes are written. */
export interface RowJournal {
  put(key: string, value: unknown): void;
  delete(key: string): void;
  /** Deletes every row whose key starts with `prefix`. */
  deletePrefix(prefix: string): void;
  /**
   * Settles once every change journaled before the call is in the data file (or its write failed,
   * said on stderr): an answer that says the state changed waits for it when a process killed
   * outright must not lose the change.
   */
  written(): Promise<void>;
}

/** A row as read back at start: its key and its parsed value, in the order the rows were last written. */
export type KeptRow = readonly [key: string, value: unknown];

/** A store kept across restarts. */
export interface KeptStore {
  journal: RowJournal;
  /** Refills the empty store from its rows (before any journal is attached: nothing is written back). */
  loadRows(rows: readonly KeptRow[]): void;
}

/** The journal of a store nothing keeps. */
export const NO_JOURNAL: RowJournal = {
  put: () => undefined,
  delete: () => undefined,
  deletePrefix: () => undefined,
  written: () => Promise.resolve(),
};

/**
 * Rows written with their latest value: each row's JSON is made when its batch is written, so a row
 * changed again before then is queued once and turned into JSON once (a user's row of 500 ads
 * after every ad the import adds, an import's row after every decision). Nothing is queued on
 * NO_JOURNAL.
 */
export class LatestRows {
  /** Rows queued and not yet turned into JSON: another change to them is in that JSON already. */
  private readonly unwritten = new Set<string>();

  put(journal: RowJournal, key: string, value: () => unknown): void {
    if (journal === NO_JOURNAL || this.unwritten.has(key)) return;
    this.unwritten.add(key);
    journal.put(key, {
      toJSON: () => {
        this.unwritten.delete(key);
        return value();
      },
    });
  }

  /** The row deleted after what was queued for it: a later put queues it again. */
  delete(journal: RowJournal, key: string): void {
    this.unwritten.delete(key);
    journal.delete(key);
  }
}
