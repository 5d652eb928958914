import { setTimeout as delay } from 'node:timers/promises';
import type { Database, Statement } from 'node-sqlite3-wasm';
import { mkdirSync, statSync } from 'node:fs';
import {
  addSums,
  cellText,
  CONVERTIBLE_VERSION,
  DataFileError,
  openDataFile,
  REMEDY,
  rowSum,
  SCHEMA_VERSION,
  writeAhead,
} from './data-file.js';
import { checkCleanStop, forgetCleanStop, keepCheckpoint, keepCleanStop, withRemedy } from './last-good.js';
import type { KeptRow, KeptStore, RowJournal } from './journal.js';
import { OwnerLock } from './owner-lock.js';

type Change =
  | { store: string; kind: 'put'; key: string; value: unknown }
  | { store: string; kind: 'delete'; key: string }
  | { store: string; kind: 'deletePrefix'; key: string };

/**
 * How long a data file that could not be written waits before it is tried again. Meanwhile the
 * changes stay queued, in order, and state-changing requests are refused (503).
 */
export const RETRY_MS = 500;

/** A file of version 1 brought to this version, said in one line; closed when it cannot be. */
/** Brings a file of version 1 to this version in place (state/version-1.ts), or throws a DataFileError. */
export type Version1Converter = (db: Database, path: string) => void;

/** A file of an earlier version brought to this one (version 1 by `convertVersion1`), said in one line. */
function converted(
  db: Database,
  path: string,
  version: number,
  convertVersion1: Version1Converter | undefined,
): void {
  try {
    if (version === CONVERTIBLE_VERSION && convertVersion1 === undefined)
      throw new DataFileError(
        `${path}: a data file of schema version ${CONVERTIBLE_VERSION}, this sandbox reads version ${SCHEMA_VERSION}; ${REMEDY}`,
      );
    if (version === CONVERTIBLE_VERSION) convertVersion1?.(db, path);
    addSums(db, path);
  } catch (error) {
    db.close();
    throw error;
  }
  console.error(`sandbox: ${path} converted from schema version ${version} to ${SCHEMA_VERSION}`);
}

/** How long a start waits for a data folder whose sandbox is closing (a stop takes at most 5 s). */
const LOCK_WAIT_MS = 10_000;
const LOCK_RETRY_MS = 200;

/**
 * The state's rows in the data file. Reads never come here: the stores in memory answer them. Each
 * change a store writes to its journal is queued, and everything queued is written at the end of
 * the event loop's turn in one transaction (a group commit): the changes of every request handled
 * in that turn share it (committed by each answer at once, 2,000 changes at 1,000 a second took
 * 2,000 transactions; at the turn's end, 753), and nothing waits longer, so the backlog is what one
 * turn queued, whatever the load. An answer that says the state changed leaves once its changes
 * are committed (writtenUpTo, from persist/acknowledged.ts): a process killed at any instant loses
 * no change it acknowledged. The file holds the changes up to some point, never a later one without an
 * earlier one: a write that fails is rolled back, its changes stay queued, and it is tried again
 * every RETRY_MS, in order, while state-changing requests are refused.
 */
export class Persistence {
  private pending: Change[] = [];
  /** Changes queued since the start, and of them those committed to the file. */
  private queuedCount = 0;
  private committed = 0;
  private scheduled = false;
  /** Settles after the next write (done or failed): the answers waiting for it, all at once. */
  private nextCommit: Promise<void> | undefined;
  private commitDone: () => void = () => undefined;
  /** Those waiting for changes to be kept whatever fails first (keptUpTo), in the order they asked. */
  private keptWaiters: Array<{ upTo: number; settle: (kept: boolean) => void }> = [];
  private retry: NodeJS.Timeout | undefined;
  /** Why the file cannot be written, while it cannot. */
  private failure: string | undefined;
  private closed = false;
  private readonly put: Statement;
  /** Files whose digest a clean stop writes beside the data file's (the journal's file). */
  readonly logs: string[] = [];
  private readonly remove: Statement;
  private readonly removePrefix: Statement;
  /** The file as opened: a file removed or replaced under the sandbox is written no more. */
  private readonly identity: string;
  /**
   * Runs inside each transaction, before its commit: throwing fails the write as a full disk does
   * (a seam: the self-tests inject a failing disk here; the reference does nothing).
   */
  beforeCommit: () => void = () => undefined;

  private constructor(
    private readonly db: Database,
    private readonly path: string,
    private readonly lock: OwnerLock,
    private readonly dir: string,
    /** The last clean stop's digests matched: its copy is the last good state already. */
    private readonly cleanStart: boolean,
  ) {
    this.put = db.prepare('INSERT OR REPLACE INTO rows (store, key, value, sum) VALUES (?, ?, ?, ?)');
    this.remove = db.prepare('DELETE FROM rows WHERE store = ? AND key = ?');
    this.removePrefix = db.prepare('DELETE FROM rows WHERE store = ? AND substr(key, 1, ?) = ?');
    this.identity = fileIdentity(path) ?? 'unknown';
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
          // Before the file is opened: a file the clean stop digested is as it left it.
          const cleanStart = fresh ? false : checkCleanStop(dir);
          const { db, path, version } = openDataFile(dir, fresh);
          forgetCleanStop(dir);
          if (version !== SCHEMA_VERSION) converted(db, path, version, convertVersion1);
          return new Persistence(db, path, lock, dir, cleanStart);
        } catch (error) {
          lock.release();
          throw error instanceof DataFileError && !error.locked ? withRemedy(error, dir) : error;
        }
      } catch (error) {
        if (!(error instanceof DataFileError && error.locked) || Date.now() > deadline) throw error;
        await delay(LOCK_RETRY_MS);
      }
    }
  }

  /**
   * Refills each store from its rows, then attaches its journal: one entry per kept store. Rows a
   * store cannot read, or whose checksum does not match, stop the start, as a damaged file does,
   * the file unchanged (data-file.ts); once all are read, a start after a kill keeps the file as
   * the last good state (last-good.ts), and the file is written ahead.
   */
  keep(stores: Readonly<Record<string, KeptStore>>): void {
    for (const [name, store] of Object.entries(stores)) {
      try {
        store.loadRows(this.rows(name));
      } catch (error) {
        this.abandon();
        const refusal =
          error instanceof DataFileError
            ? error
            : new DataFileError(
                `${this.path}: the rows of ${name} cannot be read (${String(error)}); ${REMEDY}`,
              );
        throw withRemedy(refusal, this.dir);
      }
      store.journal = this.journal(name);
    }
    if (!this.cleanStart) this.keepCheckpoint();
    writeAhead(this.db);
  }

  /** The file as verified, its write-ahead log folded in first, copied as the last good state. */
  private keepCheckpoint(): void {
    try {
      this.db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
      keepCheckpoint(this.dir);
    } catch (error) {
      console.error(`sandbox: ${this.path} could not be kept as the last good state (${String(error)})`);
    }
  }

  /** A store's rows, in the order they were last written, each checked against its checksum. */
  rows(store: string): KeptRow[] {
    return this.db
      .all('SELECT rowid, key, value, sum FROM rows WHERE store = ? ORDER BY rowid', [store])
      .map((row) => {
        const key = cellText(row.key);
        const value = cellText(row.value);
        // After a clean stop whose digest matched, every byte is as written: no row is summed again.
        if (!this.cleanStart && row.sum !== rowSum(store, key, value))
          throw withRemedy(
            new DataFileError(
              `${this.path}: damaged: a row of ${store} (rowid ${cellText(row.rowid)}) does not match its checksum; ${REMEDY}`,
            ),
            this.dir,
          );
        return [key, this.parsed(store, value)] as const;
      });
  }

  private parsed(store: string, value: string): unknown {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      throw withRemedy(new DataFileError(`${this.path}: a row of ${store} is not JSON; ${REMEDY}`), this.dir);
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

  /** Settles once the changes queued so far are written (now), or their write failed, or the file closed. */
  written(): Promise<void> {
    return this.writtenUpTo(this.queuedCount).then(() => undefined);
  }

  /** How many changes were queued since the start: a count to wait for with writtenUpTo. */
  queued(): number {
    return this.queuedCount;
  }

  /** Why the file cannot be written now, or undefined when it can. */
  writeFailure(): string | undefined {
    return this.failure;
  }

  /**
   * True once the first `upTo` changes are committed (by the write at the end of this turn, which
   * queue() scheduled); false while the file cannot be written (the changes stay queued), or when
   * they could not be written before the file closed.
   */
  writtenUpTo(upTo: number): Promise<boolean> {
    if (upTo <= this.committed) return Promise.resolve(true);
    if (this.failure !== undefined || this.closed) return Promise.resolve(false);
    this.nextCommit ??= new Promise<void>((settle) => {
      this.commitDone = settle;
    });
    return this.nextCommit.then(() => upTo <= this.committed);
  }

  /**
   * True once the first `upTo` changes are committed, however many writes fail before; false only
   * when the file closes without them. What a delivery announcing a change waits for
   * (notifications/delivery.ts): it never leaves before the change it tells of is in the file.
   */
  keptUpTo(upTo: number): Promise<boolean> {
    if (upTo <= this.committed) return Promise.resolve(true);
    if (this.closed) return Promise.resolve(false);
    return new Promise<boolean>((settle) => {
      this.keptWaiters.push({ upTo, settle });
    });
  }

  /** Settles the waiters whose changes are committed (all of them, false, once the file is closed). */
  private settleKept(): void {
    const settled = (upTo: number): boolean => this.closed || upTo <= this.committed;
    const ready = this.keptWaiters.filter(({ upTo }) => settled(upTo));
    this.keptWaiters = this.keptWaiters.filter(({ upTo }) => !settled(upTo));
    for (const { upTo, settle } of ready) settle(upTo <= this.committed);
  }

  /**
   * Writes every change queued, in order, in one transaction. A failure rolls it back and keeps
   * the changes queued: said once on stderr, then tried again every RETRY_MS until it succeeds
   * (said too). True when everything queued is written.
   */
  flush(): boolean {
    this.scheduled = false;
    try {
      return this.writePending();
    } finally {
      this.nextCommit = undefined;
      this.commitDone();
    }
  }

  private writePending(): boolean {
    if (this.pending.length === 0) return true;
    const batch = this.pending.length;
    try {
      this.db.exec('BEGIN');
      for (const change of this.pending) this.write(change);
      this.beforeCommit();
      this.db.exec('COMMIT');
      this.checkFile();
    } catch (error) {
      if (this.db.isOpen && this.db.inTransaction) this.db.exec('ROLLBACK');
      this.failed(error);
      return false;
    }
    this.pending = this.pending.slice(batch);
    this.committed += batch;
    this.settleKept();
    if (this.failure !== undefined) {
      console.error(`sandbox: ${this.path} written again (${batch} changes that waited); changes accepted`);
      this.failure = undefined;
      clearTimeout(this.retry);
      this.retry = undefined;
    }
    return true;
  }

  /** A write failed: said once until a write succeeds, tried again later. */
  private failed(error: unknown): void {
    const reason = error instanceof Error ? error.message : String(error);
    if (this.failure === undefined)
      console.error(
        `sandbox: ${this.path} cannot be written (${reason}): state changes are refused (503) until it can, reads go on; ${this.pending.length} changes wait`,
      );
    this.failure = reason;
    if (this.closed || this.retry !== undefined) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      this.flush();
    }, RETRY_MS);
  }

  /** A file removed or replaced under the sandbox: what is committed there is lost, so it fails. */
  private checkFile(): void {
    const now = fileIdentity(this.path);
    if (now !== this.identity)
      throw new Error(now === undefined ? 'the file was removed' : 'the file was replaced by another one');
  }

  /** Says the sandbox is stopping: a start on the folder meanwhile waits rather than being refused. */
  closing(): void {
    if (!this.closed) this.lock.markClosing();
  }

  /** Writes what is queued (what cannot be written is said on stderr), then closes the file. */
  close(): void {
    if (this.closed) return;
    clearTimeout(this.retry);
    this.retry = undefined;
    if (!this.flush())
      console.error(`sandbox: ${this.pending.length} changes never acknowledged were not written`);
    this.closed = true;
    this.settleKept();
    for (const statement of [this.put, this.remove, this.removePrefix]) statement.finalize();
    this.db.close();
    if (this.pending.length === 0) this.keepCleanStop();
    this.lock.release();
  }

  /** Everything written and the file closed: its copy and digests kept for the next start. */
  private keepCleanStop(): void {
    try {
      keepCleanStop(this.dir, this.logs);
    } catch (error) {
      console.error(`sandbox: ${this.path} could not be kept as the last good state (${String(error)})`);
    }
  }

  /** Closes the file with nothing more written: what it holds is left as it is. */
  private abandon(): void {
    this.closed = true;
    this.settleKept();
    this.pending = [];
    this.db.close();
    this.lock.release();
  }

  private queue(change: Change): void {
    if (this.closed) return;
    this.pending.push(change);
    this.queuedCount += 1;
    if (this.scheduled || this.failure !== undefined) return;
    this.scheduled = true;
    setImmediate(() => {
      if (!this.closed) this.flush();
    });
  }

  private write(change: Change): void {
    if (change.kind === 'put') {
      const value = JSON.stringify(change.value);
      this.put.run([change.store, change.key, value, rowSum(change.store, change.key, value)]);
    } else if (change.kind === 'delete') this.remove.run([change.store, change.key]);
    else this.removePrefix.run([change.store, change.key.length, change.key]);
  }
}

/** The file's device and inode, or undefined when it is gone. */
function fileIdentity(path: string): string | undefined {
  try {
    const { dev, ino } = statSync(path);
    return `${dev}/${ino}`;
  } catch {
    return undefined;
  }
}
