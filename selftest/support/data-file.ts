import { join } from 'node:path';
import { Database } from 'node-sqlite3-wasm';
import { DATA_FILE_NAME } from '../../sandbox/persist/data-file.js';

/**
 * Runs `use` on a closed sandbox's data file, then closes it. The file is written ahead (WAL),
 * which the binding opens only under an exclusive lock (it has no shared memory).
 */
export function withDataFile<T>(dataDir: string, use: (db: Database) => T): T {
  const db = new Database(join(dataDir, DATA_FILE_NAME));
  try {
    db.exec('PRAGMA locking_mode = EXCLUSIVE');
    return use(db);
  } finally {
    db.close();
  }
}
