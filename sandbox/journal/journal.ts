import { createWriteStream, type WriteStream } from 'node:fs';
import type {
  DeliveryRecord,
  JournalAnswer,
  JournalEndpoint,
  JournalRecord,
  RequestRecord,
} from '../../spec/journal.js';
import { Fingerprinter } from './fingerprint.js';

/** Records kept per client id (the records of requests no client is known for share one ring). */
export const JOURNAL_RING_SIZE = 5000;

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
  private readonly rings = new Map<string, JournalRecord[]>();
  private droppedCount = 0;
  private seq = 0;
  private readonly file: WriteStream | null;

  constructor(
    /** Off, nothing is recorded (the hooks return at once). */
    readonly enabled: boolean = true,
    file: string | null = null,
    private readonly ringSize: number = JOURNAL_RING_SIZE,
  ) {
    this.file = file === null ? null : createWriteStream(file, { flags: 'a' });
    // A full disk or a removed folder must not stop the sandbox: the memory keeps the records.
    this.file?.on('error', () => undefined);
  }

  get dropped(): number {
    return this.droppedCount;
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
    this.file?.write(`${JSON.stringify(full)}\n`);
    return full;
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

  async close(): Promise<void> {
    const file = this.file;
    if (file === null) return;
    await new Promise<void>((resolve) => file.end(resolve));
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
