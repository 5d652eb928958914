// The data folder's SQLite file (node-sqlite3-wasm: SQLite compiled to WebAssembly, no install
// script and no binary to download; docs/sandbox-service.md says why). One table of rows per store,
// a schema version in SQLite's user_version: a file of another version, another program's, or a
// damaged one stops the start with one line, never a silent reset.
import { chmodSync, existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Database } from 'node-sqlite3-wasm';

/**
 * The layout of the rows. 2: a user's ads in rows of 500 under a head row (store/kept-ads.ts),
 * where 1 kept them in one row; a file of version 1 is converted at start (state/version-1.ts), any
 * other number refused.
 */
export const SCHEMA_VERSION = 2;
export const CONVERTIBLE_VERSION = 1;
export const DATA_FILE_NAME = 'sandbox.sqlite';

/** Why a data folder cannot be used: one line for stderr, then a non-zero exit. */
export class DataFileError extends Error {
  /** Held by another process (maybe a sandbox still closing): worth trying again shortly. */
  locked = false;
}

const SCHEMA = `CREATE TABLE rows (
  store TEXT NOT NULL,
  key TEXT NOT NULL,
  value TEXT NOT NULL,
  PRIMARY KEY (store, key)
)`;

/**
 * Opens (or makes) the data file of `dir`; `fresh` deletes it first. The file is locked for this
 * process (a second sandbox on the same folder is refused), and written without waiting for the
 * disk (synchronous=OFF): a crash of the process loses nothing written, a crash of the machine may.
 * Until writeAhead, nothing of a file that exists is changed: one the checks refuse is left as it is.
 */
export function openDataFile(dir: string, fresh: boolean): { db: Database; path: string; version: number } {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const path = join(dir, DATA_FILE_NAME);
  if (fresh)
    for (const file of [path, `${path}-journal`, `${path}-wal`, `${path}-shm`]) rmSync(file, { force: true });
  const isNew = !existsSync(path);
  refuseEmptyOrOrphaned(path, isNew);
  let db: Database | undefined;
  try {
    db = new Database(path);
    db.exec('PRAGMA locking_mode = EXCLUSIVE; PRAGMA synchronous = OFF');
    const version = checkSchema(db, path);
    if (isNew) chmodSync(path, 0o600);
    return { db, path, version };
  } catch (error) {
    if (db?.isOpen === true) db.close();
    throw error instanceof DataFileError ? error : unusable(path, error);
  }
}

/**
 * From here the file is written ahead (journal_mode=WAL, which the exclusive lock lets run without
 * shared memory), once its rows were read (switching changes the file's header): a transaction
 * appends its pages to one log, where a rollback journal wrote each page twice and the journal's
 * header twice; a transaction of two small rows takes a third of the time (60 µs against 190 µs,
 * on the event loop's path between a status change and its delivery). The log goes back into the
 * file at SQLite's automatic checkpoints and on close; a process killed outright leaves it beside
 * the file, and the next open replays it.
 */
export function writeAhead(db: Database): void {
  db.exec('PRAGMA journal_mode = WAL');
}

/** The file's schema version: this sandbox's, or one it converts. */
function checkSchema(db: Database, path: string): number {
  const integrity = db.get('PRAGMA quick_check')?.quick_check;
  if (integrity !== 'ok')
    throw new DataFileError(
      `${path}: damaged (${typeof integrity === 'string' ? oneLine(integrity) : 'unreadable'}); ${REMEDY}`,
    );
  const version = Number(db.get('PRAGMA user_version')?.user_version ?? 0);
  const tables = db.all("SELECT name FROM sqlite_master WHERE type = 'table'");
  if (version === 0 && tables.length === 0) {
    db.exec(`BEGIN; ${SCHEMA}; PRAGMA user_version = ${SCHEMA_VERSION}; COMMIT`);
    return SCHEMA_VERSION;
  }
  if (version !== SCHEMA_VERSION && version !== CONVERTIBLE_VERSION)
    throw new DataFileError(
      `${path}: a data file of schema version ${version}, this sandbox reads version ${SCHEMA_VERSION}; ${REMEDY}`,
    );
  return version;
}

export const REMEDY = 'move it away, or start again with --fresh (which deletes it)';

/**
 * A file of no bytes (a write cut off, a disk that filled up as it was made) would read as a new,
 * empty database; a write-ahead log with no file beside it is the rest of a removed file. Either
 * is refused, never started empty over.
 */
function refuseEmptyOrOrphaned(path: string, isNew: boolean): void {
  if (!isNew && statSync(path).size === 0)
    throw new DataFileError(`${path}: empty (0 bytes), not the state it should hold; ${REMEDY}`);
  if (isNew && existsSync(`${path}-wal`))
    throw new DataFileError(
      `${path}: missing, while its write-ahead log ${path}-wal is there (the file was removed?); ${REMEDY}`,
    );
}

/** SQLite's reason on one line (an integrity check's spans several). */
function oneLine(reason: string): string {
  return reason.replace(/\s+/g, ' ').trim();
}

function unusable(path: string, error: unknown): DataFileError {
  const reason = oneLine(error instanceof Error ? error.message : String(error));
  if (!/locked|busy/i.test(reason))
    return new DataFileError(`${path}: damaged, truncated or not a sandbox data file (${reason}); ${REMEDY}`);
  const locked = new DataFileError(`${path}: in use by another sandbox (${reason})`);
  locked.locked = true;
  return locked;
}
