// What one batch of the data file costs (sandbox/persist/): a transaction of the rows a batch of
// 20 ms holds at a given rate of status changes, on a fresh data file written ahead (WAL, the
// sandbox's mode) and, as the reference, with the rollback journal the sandbox used before
// (PERSIST). Both through openDataFile and the persistence's own statement, alternately, in one run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDataFile, writeAhead } from '../../sandbox/persist/data-file.js';
import { FLUSH_DELAY_MS } from '../../sandbox/persist/persistence.js';
import { median } from './stats.js';

export type JournalMode = 'write-ahead' | 'rollback';
const BATCHES = 1000;
/** The ads' set of the crawl's seed lives in the file beside the small rows, as in the sandbox. */
const SEEDED_SET_BYTES = 5_500_000;

/** Wall and CPU time of one batch (µs, median of the rounds), `rowsPerBatch` status rows each. */
function batchCost(mode: JournalMode, rowsPerBatch: number): { wallUs: number; cpuUs: number } {
  const dir = mkdtempSync(join(tmpdir(), 'bench-batch-writes-'));
  const { db } = openDataFile(dir, true);
  try {
    if (mode === 'write-ahead') writeAhead(db);
    else db.exec('PRAGMA journal_mode = PERSIST');
    const put = db.prepare('INSERT OR REPLACE INTO rows (store, key, value) VALUES (?, ?, ?)');
    put.run(['ads', 'set\nbench', JSON.stringify('x'.repeat(SEEDED_SET_BYTES))]);
    const startedAt = performance.now();
    const cpuBefore = process.cpuUsage();
    for (let batch = 0; batch < BATCHES; batch += 1) {
      db.exec('BEGIN');
      for (let row = 0; row < rowsPerBatch; row += 1)
        put.run(['ads', `status\nbench\nad-${batch}-${row}`, '"published"']);
      db.exec('COMMIT');
    }
    const cpu = process.cpuUsage(cpuBefore);
    put.finalize();
    return {
      wallUs: Math.round(((performance.now() - startedAt) * 1000) / BATCHES),
      cpuUs: Math.round((cpu.user + cpu.system) / BATCHES),
    };
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface BatchRow {
  rate_per_s: number;
  rows_per_batch: number;
  figure: string;
  rollback: number;
  write_ahead: number;
  ratio: number;
}

/** Per rate, a batch's wall and CPU time in each mode (the modes alternated each round) and their ratio. */
export function batchWrites(rates: readonly number[], rounds: number): BatchRow[] {
  return rates.flatMap((rate) => {
    const rowsPerBatch = Math.max(1, Math.round((rate * FLUSH_DELAY_MS) / 1000));
    const runs: Record<JournalMode, Array<{ wallUs: number; cpuUs: number }>> = {
      rollback: [],
      'write-ahead': [],
    };
    for (let round = 0; round < rounds; round += 1) {
      const order: JournalMode[] =
        round % 2 === 0 ? ['rollback', 'write-ahead'] : ['write-ahead', 'rollback'];
      for (const mode of order) runs[mode].push(batchCost(mode, rowsPerBatch));
    }
    return (['wallUs', 'cpuUs'] as const).map((figure) => {
      const rollback = median(runs.rollback.map((run) => run[figure]));
      const writeAhead = median(runs['write-ahead'].map((run) => run[figure]));
      return {
        rate_per_s: rate,
        rows_per_batch: rowsPerBatch,
        figure: figure === 'wallUs' ? 'batch_wall_us' : 'batch_cpu_us',
        rollback,
        write_ahead: writeAhead,
        ratio: Number((writeAhead / rollback).toFixed(2)),
      };
    });
  });
}
