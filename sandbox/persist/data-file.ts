// The data folder's SQLite file (node-sqlite3-wasm: SQLite compiled to WebAssembly, no install
// script and no binary to download; docs/sandbox-service.md says why). One table of rows per store,
// each row with a checksum of its content, a schema version in SQLite's user_version: a file of
// another version, another program's, or a damaged one stops the start with one line, never a
// silent reset.
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Database } from 'node-sqlite3-wasm';
import { writeAheadDamage } from './write-ahead-check.js';

/**
 * The layout of the rows. 3: each row with the checksum of its content (`sum`); 2 the same rows
 * without it (converted at start: each row given its checksum); 1 kept a user's ads in one row where
 * 2 keeps them in rows of 500 under a head row (store/kept-ads.ts), converted at start to 2 then 3
 * (state/version-1.ts). Any other number is refused.
 */
export const SCHEMA_VERSION = 3;
export const VERSION_WITHOUT_SUMS = 2;
export const CONVERTIBLE_VERSION = 1;
export const DATA_FILE_NAME = 'sandbox.sqlite';

/** Why a data folder cannot be used: one line for stderr, then a non-zero exit. */
export class DataFileError extends Error {
  /** Held by another process (maybe a sandbox still closing): worth trying again shortly. */
  locked = false;
  /**
   * The exit status: 2 for a file that is damaged or not the sandbox's (a command refusing its
   * input file), 1 for a folder in use by another sandbox.
   */
  exitCode = 2;
}

const SCHEMA = `CREATE TABLE rows (
  store TEXT NOT NULL,
  key TEXT NOT NULL,
  value TEXT NOT NULL,
  sum TEXT,
  PRIMARY KEY (store, key)
)`;

/**
 * A row's checksum: SHA-256 over its store, key and value (128 bits of it, base64url). Read back
 * at start, a row whose content no longer gives it (a flipped byte in a secret, a key, the
 * checksum itself) stops the start: SQLite checks its pages' structure, not what a cell holds.
 */
export function rowSum(store: string, key: string, value: string): string {
  return createHash('sha256')
    .update(store)
    .update('\0')
    .update(key)
    .update('\0')
    .update(value)
    .digest('base64url')
    .slice(0, 22);
}

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
  const logDamage = writeAheadDamage(`${path}-wal`);
  if (logDamage !== undefined) throw new DataFileError(`${path}-wal: damaged: ${logDamage}; ${REMEDY}`);
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

/**
 * The file's schema version: this sandbox's, or one it converts. SQLite's full integrity check
 * (pages, and each index against its table) costs no more than its quick one here: 70 ms for a
 * file of 40 MB.
 */
function checkSchema(db: Database, path: string): number {
  const integrity = db.get('PRAGMA integrity_check')?.integrity_check;
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
  if (version !== SCHEMA_VERSION && version !== VERSION_WITHOUT_SUMS && version !== CONVERTIBLE_VERSION)
    throw new DataFileError(
      `${path}: a data file of schema version ${version}, this sandbox reads version ${SCHEMA_VERSION}; ${REMEDY}`,
    );
  return version;
}

export const REMEDY = 'move it away, or start again with --fresh (which deletes it)';

/**
 * A cell as the text it should hold: a number as its digits, anything else (a blob, a null: a
 * damaged cell's type) as no text, which no checksum matches.
 */
export function cellText(cell: unknown): string {
  if (typeof cell === 'string') return cell;
  return typeof cell === 'number' || typeof cell === 'bigint' ? String(cell) : '';
}

/** A file of version 2 given its checksums, in place and in one transaction. */
export function addSums(db: Database, path: string): void {
  try {
    db.exec('BEGIN');
    const columns = db.all('PRAGMA table_info(rows)').map((column) => column.name);
    if (!columns.includes('sum')) db.exec('ALTER TABLE rows ADD COLUMN sum TEXT');
    const rows = db.all('SELECT rowid, store, key, value FROM rows');
    for (const row of rows)
      db.run('UPDATE rows SET sum = ? WHERE rowid = ?', [
        rowSum(cellText(row.store), cellText(row.key), cellText(row.value)),
        Number(row.rowid),
      ]);
    db.exec(`PRAGMA user_version = ${SCHEMA_VERSION}; COMMIT`);
  } catch (error) {
    if (db.inTransaction) db.exec('ROLLBACK');
    throw new DataFileError(
      `${path}: a data file of schema version ${VERSION_WITHOUT_SUMS} that cannot be converted (${oneLine(error instanceof Error ? error.message : String(error))}); ${REMEDY}`,
    );
  }
}

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
  locked.exitCode = 1;
  return locked;
}
