import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { Database } from 'node-sqlite3-wasm';
import { cellText, DATA_FILE_NAME, rowSum } from '../../sandbox/persist/data-file.js';
import { CLEAN_STOP_FILE } from '../../sandbox/persist/last-good.js';

/**
 * Runs `use` on a closed sandbox's data file, then closes it. The file is written ahead (WAL),
 * which the binding opens only under an exclusive lock (it has no shared memory). The file is
 * changed on purpose (an earlier release's rows): the rows written without a checksum are given
 * theirs, and the clean stop's digest, which would refuse the change, is removed.
 */
export function withDataFile<T>(dataDir: string, use: (db: Database) => T): T {
  const db = new Database(join(dataDir, DATA_FILE_NAME));
  try {
    db.exec('PRAGMA locking_mode = EXCLUSIVE');
    const result = use(db);
    const columns = db.all('PRAGMA table_info(rows)').map((column) => column.name);
    if (columns.includes('sum'))
      for (const row of db.all('SELECT rowid, store, key, value FROM rows WHERE sum IS NULL'))
        db.run('UPDATE rows SET sum = ? WHERE rowid = ?', [
          rowSum(cellText(row.store), cellText(row.key), cellText(row.value)),
          Number(row.rowid),
        ]);
    return result;
  } finally {
    db.close();
    rmSync(join(dataDir, CLEAN_STOP_FILE), { force: true });
  }
}
