import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { DATA_FILE_NAME } from '../sandbox/persist/data-file.js';
import { NO_JOURNAL, type KeptRow, type KeptStore } from '../sandbox/persist/journal.js';
import { LOCK_DIR_NAME } from '../sandbox/persist/owner-lock.js';
import { Persistence } from '../sandbox/persist/persistence.js';

/**
 * The data file is written ahead (sandbox/persist/data-file.ts): what a batch wrote is in the log
 * beside the file until a checkpoint, and a process that ends without closing the file (killed
 * outright) loses none of it: the next open replays the log.
 */
function store(): KeptStore & { rows: KeptRow[] } {
  const kept = {
    journal: NO_JOURNAL,
    rows: [] as KeptRow[],
    loadRows: (rows: readonly KeptRow[]) => {
      kept.rows = [...rows];
    },
  };
  return kept;
}

test('rows written in batches survive a process that never closed the file; a close folds the log into the file', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-write-ahead-'));
  const path = join(dir, DATA_FILE_NAME);
  try {
    const first = await Persistence.open(dir, true);
    const written = store();
    first.keep({ things: written });
    for (let index = 0; index < 50; index += 1) {
      written.journal.put(`key-${index}`, { index });
      if (index % 10 === 9) first.flush();
    }
    expect(existsSync(`${path}-wal`), 'the log beside the file').toBe(true);
    // Ended without a close, as a killed process: its locks (the sandbox's, naming this live
    // process, and the VFS's folder) are left behind; the sandbox's is removed as a dead owner's
    // would be taken over, the VFS's is left for the next open to clear.
    rmSync(join(dir, LOCK_DIR_NAME), { recursive: true, force: true });

    const second = await Persistence.open(dir, false);
    const reread = store();
    second.keep({ things: reread });
    expect(reread.rows.map(([, value]) => value)).toEqual(
      Array.from({ length: 50 }, (_, index) => ({ index })),
    );
    second.close();
    expect(existsSync(`${path}-wal`), 'no log after a close').toBe(false);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
