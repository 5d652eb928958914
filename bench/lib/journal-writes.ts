// What the journal's file costs per delivery (sandbox/journal/journal.ts): delivery records added at
// a steady rate to a journal with a file, its lines appended in one write per batch (the sandbox's
// way), beside the same records each turned into JSON and written to the file's stream at once
// (the way it appended them before), and a journal without a file (in memory, the reference the
// file's cost is counted from: the pacing's timers cost as much in every mode). The process's CPU
// per record (the stream's writes on libuv's threads included), the modes in turn, in one run.
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { DeliveryRecord } from '../../spec/journal.js';
import { Journal } from '../../sandbox/journal/journal.js';
import { median } from './stats.js';

type Mode = 'memory' | 'per-record' | 'batched';
const MODES: readonly Mode[] = ['memory', 'per-record', 'batched'];

function deliveryRecord(index: number): Omit<DeliveryRecord, 'seq' | 'at'> {
  return {
    kind: 'delivery',
    client_id: 'cl_bench_journal_writes',
    login: 'bench-journal-user',
    configuration_id: 'cfg_000001',
    url: 'http://127.0.0.1:9/bench/journal-writes',
    event_id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    ad_id: `ad-${index}`,
    status_sent: 'published',
    attempt: 1,
    outcome: 'delivered',
    http_status: 204,
    duration_ms: 1,
  };
}

/** The journal as it appended before: each record's JSON line written to the stream when added. */
function perRecordJournal(file: string): { add: (index: number) => void; close: () => Promise<void> } {
  const stream = createWriteStream(file, { flags: 'a' });
  let seq = 0;
  return {
    add: (index) => {
      seq += 1;
      stream.write(`${JSON.stringify({ seq, at: new Date().toISOString(), ...deliveryRecord(index) })}\n`);
    },
    close: () => new Promise((resolve) => stream.end(resolve)),
  };
}

function batchedJournal(file: string | null): { add: (index: number) => void; close: () => Promise<void> } {
  const journal = new Journal(true, file);
  return { add: (index) => journal.add(deliveryRecord(index)), close: () => journal.close() };
}

/** CPU µs per record at `rate` records a second. */
async function cpuPerRecord(mode: Mode, rate: number, records: number): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-journal-writes-'));
  const file = join(dir, 'journal.jsonl');
  const journal =
    mode === 'per-record' ? perRecordJournal(file) : batchedJournal(mode === 'batched' ? file : null);
  try {
    const before = process.cpuUsage();
    const startedAt = performance.now();
    for (let index = 0; index < records; index += 1) {
      journal.add(index);
      const due = startedAt + ((index + 1) * 1000) / rate;
      await delay(Math.max(0, due - performance.now()));
    }
    await journal.close();
    const cpu = process.cpuUsage(before);
    return Math.round((cpu.user + cpu.system) / records);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface JournalWritesRow {
  rate_per_s: number;
  in_memory_cpu_us: number;
  /** What the file adds per record, over the journal in memory. */
  file_cpu_us_per_record_before: number;
  file_cpu_us_per_record_batched: number;
}

/** Per rate, the CPU per record of each mode (median of the rounds, the order turned each round). */
export async function journalWrites(
  rates: readonly number[],
  rounds: number,
  records: number,
): Promise<JournalWritesRow[]> {
  const rows: JournalWritesRow[] = [];
  for (const rate of rates) {
    const runs: Record<Mode, number[]> = { memory: [], 'per-record': [], batched: [] };
    for (let round = 0; round < rounds; round += 1)
      for (const mode of [...MODES.slice(round % 3), ...MODES.slice(0, round % 3)])
        runs[mode].push(await cpuPerRecord(mode, rate, records));
    const memory = median(runs.memory);
    rows.push({
      rate_per_s: rate,
      in_memory_cpu_us: memory,
      file_cpu_us_per_record_before: median(runs['per-record']) - memory,
      file_cpu_us_per_record_batched: median(runs.batched) - memory,
    });
  }
  return rows;
}
