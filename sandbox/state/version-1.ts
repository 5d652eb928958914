// A data file of schema version 1 (a user's ads in one row, ["set", login], and one row per status
// changed since, ["status", login, id]) brought to version 2 (then given its rows' checksums, as a
// file of version 2 is: persist/data-file.ts), in place and in one transaction: a sandbox of an earlier release keeps its clients, tokens and ads across the
// upgrade. Every other store's rows are the same in both versions. Here, not in persist/: it knows
// how the ads store keeps its rows, and the persistence is handed it (start.ts).
import type { Database } from 'node-sqlite3-wasm';
import type { Ad } from '../store/ad.js';
import { DataFileError, REMEDY, VERSION_WITHOUT_SUMS } from '../persist/data-file.js';
import type { RowJournal } from '../persist/journal.js';
import { KeptAds } from '../store/kept-ads.js';

const ADS_STORE = 'ads';

/** Each user's ads as version 1 kept them, the statuses changed since applied. */
function version1Sets(db: Database): Map<string, Ad[]> {
  const sets = new Map<string, Ad[]>();
  const statuses: Array<[login: string, id: string, status: string]> = [];
  for (const row of db.all('SELECT key, value FROM rows WHERE store = ? ORDER BY rowid', [ADS_STORE])) {
    const key = typeof row.key === 'string' ? row.key : '';
    const [kind, login, id] = JSON.parse(key) as [unknown, unknown, unknown];
    const value = JSON.parse(row.value as string) as unknown;
    if (kind === 'set' && typeof login === 'string' && Array.isArray(value)) sets.set(login, value as Ad[]);
    else if (
      kind === 'status' &&
      typeof login === 'string' &&
      typeof id === 'string' &&
      typeof value === 'string'
    )
      statuses.push([login, id, value]);
    else throw new Error(`a row of ads is neither a set nor a status (${key})`);
  }
  for (const [login, id, status] of statuses) {
    const ad = sets.get(login)?.find((one) => one.id === id);
    if (ad !== undefined) ad.status = status;
  }
  return sets;
}

/** The rows version 2 keeps for these sets (store/kept-ads.ts), as writes to run. */
function version2Writes(sets: ReadonlyMap<string, Ad[]>): Array<[key: string, value: string]> {
  const writes: Array<[string, string]> = [];
  const journal: RowJournal = {
    put: (key, value) => writes.push([key, JSON.stringify(value)]),
    delete: () => undefined,
    deletePrefix: () => undefined,
    written: () => Promise.resolve(),
  };
  const kept = new KeptAds();
  kept.journal = journal;
  for (const [login, ads] of sets) kept.replaced(login, ads);
  return writes;
}

/** Converts the file from version 1; a file it cannot read is left as it was, and said so. */
export function convertVersion1(db: Database, path: string): void {
  try {
    db.exec('BEGIN');
    const writes = version2Writes(version1Sets(db));
    db.run('DELETE FROM rows WHERE store = ?', [ADS_STORE]);
    for (const [key, value] of writes)
      db.run('INSERT INTO rows (store, key, value) VALUES (?, ?, ?)', [ADS_STORE, key, value]);
    db.exec(`PRAGMA user_version = ${VERSION_WITHOUT_SUMS}; COMMIT`);
  } catch (error) {
    if (db.inTransaction) db.exec('ROLLBACK');
    throw new DataFileError(
      `${path}: a data file of schema version 1 that cannot be converted (${error instanceof Error ? error.message : String(error)}); ${REMEDY}`,
    );
  }
}
