import { closeSync, openSync, writeSync } from 'node:fs';
import type {
  DeliveryRecord,
  JournalAnswer,
  JournalEndpoint,
  JournalRecord,
  RequestRecord,
} from '../../spec/journal.js';
import { Fingerprinter } from './fingerprint.js';
import { RevokedTokens } from './revoked-tokens.js';

/** Records kept per client id (the records of requests no client is known for share one ring). */
export const JOURNAL_RING_SIZE = 5000;

/**
 * How long records wait to be appended to the file together. Appended one by one through a write
 * stream, each delivery and each request cost a JSON text and a stream write (a hop to libuv's
 * threads and back) on the path of its answer: about a tenth more CPU per status change than a
 * sandbox without a file (bench/persistence.ts). Now one synchronous append per 20 ms, off that
 * path; a process killed outright loses at most the last 20 ms of its log (a stop writes them
 * first), as the data file's batches do.
 */
export const FILE_BATCH_MS = 20;

export interface JournalFilter {
  clientId?: string;
  /** Epoch milliseconds, inclusive. */
  sinceMs?: number;
  untilMs?: number;
  endpoint?: JournalEndpoint;
}

type NewRecord = Omit<RequestRecord, 'seq' | 'at'> | Omit<DeliveryRecord, 'seq' | 'at'>;

/**
 * Everything the sandbox received and delivered, redacted by the recorders (fingerprints, never a
 * secret). In memory a ring per client id, so one busy client never pushes out another's
 * records; what a ring drops is counted. With a file, every record is also appended to it as one
 * JSON line, unbounded on disk as a log is.
 */
export class Journal {
  readonly fingerprints = new Fingerprinter();
  /** Whose each revoked token was (by fingerprint): its later uses stay its client's. */
  readonly revoked = new RevokedTokens();
  private readonly rings = new Map<string, JournalRecord[]>();
  private droppedCount = 0;
  private seq = 0;
  /** The file's descriptor, opened for appending; null without a file or once closed. */
  private file: number | null;
  /** Records not yet in the file, turned into JSON lines when the batch is written. */
  private unwritten: JournalRecord[] = [];
  private batchTimer: NodeJS.Timeout | undefined;

  constructor(
    /** Off, nothing is recorded (the hooks return at once). */
    readonly enabled: boolean = true,
    file: string | null = null,
    private readonly ringSize: number = JOURNAL_RING_SIZE,
  ) {
    this.file = file === null ? null : openForAppending(file);
  }

  get dropped(): number {
    return this.droppedCount;
  }

  /** The last record's number. */
  get lastSeq(): number {
    return this.seq;
  }

  /** Numbers the next records after `seq` (a data folder's journal across a restart). */
  continueAfter(seq: number): void {
    if (Number.isSafeInteger(seq)) this.seq = Math.max(this.seq, seq);
  }

  /**
   * `ringKey`: the ring it is kept in, its client's by default; the recorders pass '' (the shared
   * ring) for an id no client has, so that made-up ids cannot multiply the rings. `at`: when it
   * happened (a request's arrival), now by default.
   */
  add(record: NewRecord, ringKey: string = record.client_id ?? '', at: Date = new Date()): JournalRecord {
    this.seq += 1;
    const full: JournalRecord = { seq: this.seq, at: at.toISOString(), ...record };
    const key = ringKey;
    const ring = this.rings.get(key) ?? [];
    this.rings.set(key, ring);
    ring.push(full);
    if (ring.length > this.ringSize) {
      ring.shift();
      this.droppedCount += 1;
    }
    if (this.file !== null) this.queue(full);
    return full;
  }

  private queue(record: JournalRecord): void {
    this.unwritten.push(record);
    if (this.batchTimer !== undefined) return;
    this.batchTimer = setTimeout(() => {
      this.writeBatch();
    }, FILE_BATCH_MS);
    this.batchTimer.unref();
  }

  /** The records not yet in the file, appended in one write. */
  private writeBatch(): void {
    clearTimeout(this.batchTimer);
    this.batchTimer = undefined;
    if (this.unwritten.length === 0) return;
    const text = this.unwritten.map((record) => `${JSON.stringify(record)}\n`).join('');
    this.unwritten = [];
    if (this.file === null) return;
    try {
      writeSync(this.file, text);
    } catch {
      // A full disk or a removed folder must not stop the sandbox: the memory keeps the records.
    }
  }

  /** The records kept that match, in the order they were made. */
  read(filter: JournalFilter = {}): JournalAnswer {
    const rings =
      filter.clientId === undefined
        ? [...this.rings.values()]
        : [this.rings.get(filter.clientId) ?? [], filter.clientId === '' ? [] : (this.rings.get('') ?? [])];
    const records = rings
      .flat()
      .filter((record) => matches(record, filter))
      .sort((a, b) => a.seq - b.seq);
    return { records, dropped: this.droppedCount };
  }

  close(): Promise<void> {
    if (this.file === null) return Promise.resolve();
    this.writeBatch();
    closeSync(this.file);
    this.file = null;
    return Promise.resolve();
  }
}

/** The file's descriptor for appending, or null when it cannot be opened (the memory keeps the records). */
function openForAppending(file: string): number | null {
  try {
    return openSync(file, 'a');
  } catch {
    return null;
  }
}

function matches(record: JournalRecord, filter: JournalFilter): boolean {
  if (filter.clientId !== undefined && record.client_id !== filter.clientId) return false;
  const atMs = Date.parse(record.at);
  if (filter.sinceMs !== undefined && atMs < filter.sinceMs) return false;
  if (filter.untilMs !== undefined && atMs > filter.untilMs) return false;
  if (filter.endpoint !== undefined && (record.kind !== 'request' || record.endpoint !== filter.endpoint))
    return false;
  return true;
}
