import { setTimeout as delay } from 'node:timers/promises';
import type { Database, Statement } from 'node-sqlite3-wasm';
import { mkdirSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import {
  CONVERTIBLE_VERSION,
  DataFileError,
  openDataFile,
  REMEDY,
  SCHEMA_VERSION,
  writeAhead,
} from './data-file.js';
import type { KeptRow, KeptStore, RowJournal } from './journal.js';
import { OwnerLock } from './owner-lock.js';

type Change =
  | { store: string; kind: 'put'; key: string; value: unknown }
  | { store: string; kind: 'delete'; key: string }
  | { store: string; kind: 'deletePrefix'; key: string };

/**
 * How long changes wait to be written together. Written at each turn of the event loop, every
 * status change paid a transaction of its own between its answer and its delivery (delivery p50
 * 4.8 times that of a sandbox keeping nothing, bench/persistence.ts); in batches of 20 ms, a
 * transaction serves every change of those 20 ms, off the path of each.
 */
export const FLUSH_DELAY_MS = 20;

/** The longest one transaction of a batch holds the event loop (a row may take longer alone). */
export const WRITE_SLICE_MS = 1;

/**
 * The pause after each transaction of a large batch: its writing takes at most a fifth of the
 * event loop's time, so that requests meanwhile (a crawl's pages) rarely find a write running.
 */
export const WRITE_PAUSE_MS = 4;

/**
 * A large batch's next transaction waits while the event loop is busier than this (serving
 * requests) since the last one, for at most YIELD_LIMIT_MS after the batch's first change: a crawl
 * started right after a seed of 100,000 ads still paid the seed's writing (150 to 250 ms of CPU) on
 * a machine whose cores are all busy, however it was sliced.
 */
const BUSY_LOOP = 0.25;
const YIELD_LIMIT_MS = 2000;

/** A file of version 1 brought to this version, said in one line; closed when it cannot be. */
/** Brings a file of version 1 to this version in place (state/version-1.ts), or throws a DataFileError. */
export type Version1Converter = (db: Database, path: string) => void;

function converted(db: Database, path: string, convertVersion1: Version1Converter | undefined): void {
  try {
    if (convertVersion1 === undefined)
      throw new DataFileError(
        `${path}: a data file of schema version ${CONVERTIBLE_VERSION}, this sandbox reads version ${SCHEMA_VERSION}; ${REMEDY}`,
      );
    convertVersion1(db, path);
  } catch (error) {
    db.close();
    throw error;
  }
  console.error(`sandbox: ${path} converted from schema version ${CONVERTIBLE_VERSION} to ${SCHEMA_VERSION}`);
}

/** How long a start waits for a data folder whose sandbox is closing (a stop takes at most 5 s). */
const LOCK_WAIT_MS = 10_000;
const LOCK_RETRY_MS = 200;

/**
 * The state's rows in the data file. Reads never come here: the stores in memory answer them. Each
 * change a store writes to its journal is queued, and the changes of FLUSH_DELAY_MS are written
 * together, in order, in transactions of at most WRITE_SLICE_MS, WRITE_PAUSE_MS apart: a process killed outright
 * loses at most the changes of its last 20 ms and those still queued behind a large batch (a stop by
 * signal writes them first), and the file holds the changes up to some point, never a later one
 * without an earlier one.
 */
export class Persistence {
  private pending: Change[] = [];
  /** Changes taken to be written since the start; with those pending, every change queued. */
  private taken = 0;
  /** Who waits for the changes up to a count to be written (written()), in the order they came. */
  private waiters: { upTo: number; settle: () => void }[] = [];
  private scheduled = false;
  private batchStartedAt = 0;
  private loopSince = performance.eventLoopUtilization();
  private closed = false;
  private readonly put: Statement;
  private readonly remove: Statement;
  private readonly removePrefix: Statement;

  private constructor(
    private readonly db: Database,
    private readonly path: string,
    private readonly lock: OwnerLock,
  ) {
    this.put = db.prepare('INSERT OR REPLACE INTO rows (store, key, value) VALUES (?, ?, ?)');
    this.remove = db.prepare('DELETE FROM rows WHERE store = ? AND key = ?');
    this.removePrefix = db.prepare('DELETE FROM rows WHERE store = ? AND substr(key, 1, ?) = ?');
  }

  /**
   * Takes the data folder's lock (owner-lock.ts: a live sandbox's is refused at once, a dead one's
   * taken over), then opens its file (data-file.ts; `fresh` starts it empty). A folder whose
   * sandbox is closing is tried again for LOCK_WAIT_MS: a restart may come while the sandbox before
   * it is still closing (its parent, npm's shell, ends at once). A file of version 1 is converted
   * by `convertVersion1`, refused without it.
   */
  static async open(dir: string, fresh: boolean, convertVersion1?: Version1Converter): Promise<Persistence> {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const deadline = Date.now() + LOCK_WAIT_MS;
    for (;;) {
      try {
        const lock = OwnerLock.take(dir);
        try {
          const { db, path, version } = openDataFile(dir, fresh);
          if (version === CONVERTIBLE_VERSION) converted(db, path, convertVersion1);
          return new Persistence(db, path, lock);
        } catch (error) {
          lock.release();
          throw error;
        }
      } catch (error) {
        if (!(error instanceof DataFileError && error.locked) || Date.now() > deadline) throw error;
        await delay(LOCK_RETRY_MS);
      }
    }
  }

  /**
   * Refills each store from its rows, then attaches its journal: one entry per kept store. Rows a
   * store cannot read stop the start, as a damaged file does, the file unchanged (data-file.ts);
   * once all are read, the file is written ahead.
   */
  keep(stores: Readonly<Record<string, KeptStore>>): void {
    for (const [name, store] of Object.entries(stores)) {
      try {
        store.loadRows(this.rows(name));
      } catch (error) {
        this.abandon();
        if (error instanceof DataFileError) throw error;
        throw new DataFileError(
          `${this.path}: the rows of ${name} cannot be read (${String(error)}); ${REMEDY}`,
        );
      }
      store.journal = this.journal(name);
    }
    writeAhead(this.db);
  }

  /** A store's rows, in the order they were last written. */
  rows(store: string): KeptRow[] {
    return this.db
      .all('SELECT key, value FROM rows WHERE store = ? ORDER BY rowid', [store])
      .map((row) => [row.key as string, this.parsed(store, row.value as string)] as const);
  }

  private parsed(store: string, value: string): unknown {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      throw new DataFileError(`${this.path}: a row of ${store} is not JSON; ${REMEDY}`);
    }
  }

  journal(store: string): RowJournal {
    return {
      put: (key, value) => {
        this.queue({ store, kind: 'put', key, value });
      },
      delete: (key) => {
        this.queue({ store, kind: 'delete', key });
      },
      deletePrefix: (key) => {
        this.queue({ store, kind: 'deletePrefix', key });
      },
      written: () => this.written(),
    };
  }

  /** Settles once the changes queued so far are written (or their write failed, or the file closed). */
  written(): Promise<void> {
    if (this.pending.length === 0 || this.closed) return Promise.resolve();
    return new Promise((settle) => {
      this.waiters.push({ upTo: this.taken + this.pending.length, settle });
    });
  }

  /** Settles the waiters whose changes are all written; every one when the file is closed. */
  private settleWaiters(): void {
    const settled = this.waiters.filter(({ upTo }) => upTo <= this.taken || this.closed);
    this.waiters = this.waiters.filter((waiter) => !settled.includes(waiter));
    for (const { settle } of settled) settle();
  }

  /**
   * Writes what is queued, in transactions of at most `sliceMs` each (one when unbounded, as at
   * close); what a slice leaves is written WRITE_PAUSE_MS later, after the requests that came
   * meanwhile. A set of 100,000 ads written in one turn held every request for 100 to 750 ms on
   * this machine; written back to back in slices of 4 ms, it still held most pages of a crawl
   * meanwhile (crawl 1.4 to 3 times as long as in memory); at a fifth of the time, a page rarely
   * meets a slice, and then for about a millisecond.
   */
  flush(sliceMs = Number.POSITIVE_INFINITY): void {
    this.scheduled = false;
    if (this.pending.length === 0) return;
    const deadline = performance.now() + sliceMs;
    let taken = 0;
    try {
      this.db.exec('BEGIN');
      do {
        const change = this.pending[taken];
        taken += 1;
        if (change !== undefined) this.write(change);
      } while (taken < this.pending.length && performance.now() < deadline);
      this.db.exec('COMMIT');
    } catch (error) {
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
      // A full disk must not stop the sandbox serving: said once per failed write.
      console.error(`sandbox: ${taken} changes not written to the data file: ${String(error)}`);
    }
    this.pending = this.pending.slice(taken);
    this.taken += taken;
    this.settleWaiters();
    if (this.pending.length === 0) return;
    this.scheduled = true;
    this.loopSince = performance.eventLoopUtilization();
    this.continueBatch();
  }

  /** The batch's next transaction, once the event loop is quiet or the batch has waited its limit. */
  private continueBatch(): void {
    setTimeout(() => {
      const busy = performance.eventLoopUtilization(this.loopSince).utilization;
      if (busy > BUSY_LOOP && performance.now() - this.batchStartedAt < YIELD_LIMIT_MS) {
        this.loopSince = performance.eventLoopUtilization();
        this.continueBatch();
      } else this.flush(WRITE_SLICE_MS);
    }, WRITE_PAUSE_MS);
  }

  /** Says the sandbox is stopping: a start on the folder meanwhile waits rather than being refused. */
  closing(): void {
    if (!this.closed) this.lock.markClosing();
  }

  close(): void {
    this.flush();
    this.closed = true;
    this.settleWaiters();
    for (const statement of [this.put, this.remove, this.removePrefix]) statement.finalize();
    this.db.close();
    this.lock.release();
  }

  /** Closes the file with nothing more written: what it holds is left as it is. */
  private abandon(): void {
    this.closed = true;
    this.pending = [];
    this.settleWaiters();
    this.db.close();
    this.lock.release();
  }

  private queue(change: Change): void {
    if (this.closed) return;
    this.pending.push(change);
    if (this.scheduled) return;
    this.scheduled = true;
    this.batchStartedAt = performance.now();
    setTimeout(() => {
      this.flush(WRITE_SLICE_MS);
    }, FLUSH_DELAY_MS);
  }

  private write(change: Change): void {
    if (change.kind === 'put') this.put.run([change.store, change.key, JSON.stringify(change.value)]);
    else if (change.kind === 'delete') this.remove.run([change.store, change.key]);
    else this.removePrefix.run([change.store, change.key.length, change.key]);
  }
}
