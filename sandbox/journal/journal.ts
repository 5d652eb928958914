import {
  BROWSER_ENDPOINTS,
  type DeliveryRecord,
  type JournalAnswer,
  type JournalEndpoint,
  type JournalRecord,
  type RequestRecord,
} from '../../spec/journal.js';
import { randomBytes } from 'node:crypto';
import { Fingerprinter } from './fingerprint.js';
import { BrowserFlows } from './flows.js';
import { JournalFile } from './journal-file.js';
import { cursorPlace, cursorText, readPage } from './journal-page.js';
import { RevokedTokens } from './revoked-tokens.js';
import { KnownSecrets } from './secrets.js';
import { Ring, type KeptRecord } from './ring.js';

/** Records kept per proven client, and in the ring of claimed-only records. */
export const JOURNAL_RING_SIZE = 5000;
/** Bytes (of JSON lines) kept per ring: 5,000 records of about 800 bytes fit. */
export const JOURNAL_RING_BYTES = 4 * 1024 * 1024;
/** Bytes kept by every ring together; beyond, the largest ring gives its oldest record. */
export const JOURNAL_MEMORY_BYTES = 64 * 1024 * 1024;
/**
 * A record's JSON line at most (the facts are cut well below: facts.ts). A record past it keeps
 * its who, where and status, and says `cut: true` in place of its query and facts.
 */
export const JOURNAL_RECORD_BYTES = 16 * 1024;

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
  /** With clientId: also the records that only named it (claimed_client_id), which never count for it unless its card is told. */
  claimed?: boolean;
  /** Epoch milliseconds, inclusive. */
  sinceMs?: number;
  untilMs?: number;
  endpoint?: JournalEndpoint;
}

export interface JournalLimits {
  ringSize: number;
  ringBytes: number;
  memoryBytes: number;
  fileBytes?: number;
  filesKept?: number;
}

const DEFAULT_LIMITS: JournalLimits = {
  ringSize: JOURNAL_RING_SIZE,
  ringBytes: JOURNAL_RING_BYTES,
  memoryBytes: JOURNAL_MEMORY_BYTES,
};

/** The browser's pages of a flow, whose client a later code exchange proves; their claimed ring's key. */
const PAGES: ReadonlySet<string> = new Set(BROWSER_ENDPOINTS);
const PAGES_RING = '\u0000pages';

type NewRecord = Omit<RequestRecord, 'seq' | 'at'> | Omit<DeliveryRecord, 'seq' | 'at'>;

/** The record as one JSON line, no longer than the bound: an oversized one loses its query and facts. */
function lineOf(record: JournalRecord): { record: JournalRecord; line: string } {
  const line = `${JSON.stringify(record)}\n`;
  if (line.length <= JOURNAL_RECORD_BYTES || record.kind !== 'request') return { record, line };
  const cut: RequestRecord = { ...record, query: {}, cut: true };
  delete cut.params;
  delete cut.answer;
  delete cut.decisions;
  return { record: cut, line: `${JSON.stringify(cut)}\n` };
}

/**
 * Everything the sandbox received and delivered, redacted by the recorders (fingerprints, never a
 * secret). In memory a ring per proven client (its token, its secret, or the code it exchanged),
 * so one busy client never pushes out another's records, and one ring for the records whose
 * client is only claimed, so no claim can push out a client's records; every ring bounded in
 * count and bytes, all of them together in bytes; what a ring drops is counted. With a file,
 * every record is also appended to it as one JSON line; the file rotates at a stated size.
 */
export class Journal {
  readonly fingerprints = new Fingerprinter();
  /** Whose each revoked token was (by fingerprint): its later uses stay its client's. */
  readonly revoked = new RevokedTokens();
  /** Credentials seen issued or presented: never written, wherever they appear (secrets.ts). */
  readonly secrets = new KnownSecrets();
  /** The flows' pages while their client is only claimed (flows.ts). */
  readonly flows = new BrowserFlows();
  private readonly rings = new Map<string, Ring>();
  private readonly claimed: Ring;
  /** The flows' claimed-only pages apart, so that no flood of other claims pushes out a flow before its proof. */
  private readonly claimedPages: Ring;
  /** Claimed-only records naming each registered client, ever (the card says how many). */
  private readonly claimedCounts = new Map<string, number>();
  private heldBytes = 0;
  private seq = 0;
  /** The last record's place in the order records were kept (a page's cursor). */
  private place = 0;
  /** This run's name in a cursor: a restart's places start again. */
  private readonly run = randomBytes(4).toString('hex');
  private file: JournalFile | null;
  /** Lines not yet in the file, written together when the batch is. */
  private unwritten: string[] = [];
  private batchTimer: NodeJS.Timeout | undefined;
  private readonly limits: JournalLimits;

  constructor(
    /** Off, nothing is recorded (the hooks return at once). */
    readonly enabled: boolean = true,
    file: string | null = null,
    limits: Partial<JournalLimits> = {},
  ) {
    this.limits = { ...DEFAULT_LIMITS, ...limits };
    this.claimed = new Ring(this.limits.ringSize, this.limits.ringBytes);
    this.claimedPages = new Ring(this.limits.ringSize, this.limits.ringBytes);
    this.file = file === null ? null : new JournalFile(file, this.limits.fileBytes, this.limits.filesKept);
  }

  get dropped(): number {
    let dropped = this.claimed.dropped + this.claimedPages.dropped;
    for (const ring of this.rings.values()) dropped += ring.dropped;
    return dropped;
  }

  /** Bytes of the records held in memory (their JSON lines). */
  get bytesHeld(): number {
    return this.heldBytes;
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
   * Told each number as it is given, before its record is kept or queued for the file: a data
   * folder reserves numbers ahead of use (state/kept-journal.ts).
   */
  numbered: (seq: number) => void = () => undefined;

  /**
   * `ringKey`: the proven client whose ring keeps it, its client_id by default; '' (or null) for
   * the ring of claimed-only records. `at`: when it happened (a request's arrival), now by default.
   */
  add(record: NewRecord, ringKey: string | null = record.client_id, at: Date = new Date()): JournalRecord {
    this.seq += 1;
    this.numbered(this.seq);
    const { record: full, line } = lineOf({ seq: this.seq, at: at.toISOString(), ...record });
    const claimedRing = full.kind === 'request' && PAGES.has(full.endpoint) ? PAGES_RING : '';
    this.keep({ line, seq: full.seq, bytes: line.length }, ringKey ?? claimedRing);
    if (this.file !== null) this.queue(line);
    return full;
  }

  /** Counts a claimed-only record naming a registered client. */
  countClaim(clientId: string): void {
    this.claimedCounts.set(clientId, (this.claimedCounts.get(clientId) ?? 0) + 1);
  }

  private ringOf(key: string): Ring {
    if (key === '') return this.claimed;
    if (key === PAGES_RING) return this.claimedPages;
    let ring = this.rings.get(key);
    if (ring === undefined) {
      ring = new Ring(this.limits.ringSize, this.limits.ringBytes);
      this.rings.set(key, ring);
    }
    return ring;
  }

  private keep(entry: Omit<KeptRecord, 'order'>, key: string): void {
    const ring = this.ringOf(key);
    const before = ring.bytes;
    this.place += 1;
    ring.push({ ...entry, order: this.place });
    this.heldBytes += ring.bytes - before;
    while (this.heldBytes > this.limits.memoryBytes) {
      const largest = this.largestRing();
      const was = largest.bytes;
      largest.dropOldest();
      this.heldBytes -= was - largest.bytes;
    }
  }

  private largestRing(): Ring {
    let largest = this.claimed.bytes >= this.claimedPages.bytes ? this.claimed : this.claimedPages;
    for (const ring of this.rings.values()) if (ring.bytes > largest.bytes) largest = ring;
    return largest;
  }

  /**
   * Gives a client the claimed-only records now proven its own (the authorization request,
   * sign-in and consent of a code it exchanged): moved to its ring, and appended to the file
   * again with their client (same seq; the claimed copy there names no client).
   */
  prove(clientId: string, seqs: ReadonlySet<number>): void {
    const before = this.claimedPages.bytes;
    const taken = this.claimedPages.extract((seq) => seqs.has(seq));
    this.heldBytes -= before - this.claimedPages.bytes;
    const counted = this.claimedCounts.get(clientId) ?? 0;
    this.claimedCounts.set(clientId, Math.max(0, counted - taken.length));
    for (const entry of taken) {
      const claimed = JSON.parse(entry.line) as JournalRecord;
      if (claimed.kind !== 'request') continue;
      const record: RequestRecord = { ...claimed, client_id: clientId };
      delete record.claimed_client_id;
      const line = `${JSON.stringify(record)}\n`;
      this.keep({ line, seq: record.seq, bytes: line.length }, clientId);
      if (this.file !== null) this.queue(line);
    }
  }

  private queue(line: string): void {
    this.unwritten.push(line);
    if (this.batchTimer !== undefined) return;
    this.batchTimer = setTimeout(() => {
      this.writeBatch();
    }, FILE_BATCH_MS);
    this.batchTimer.unref();
  }

  /** Writes the records waiting for their batch now (a stop, a test). */
  flush(): void {
    this.writeBatch();
  }

  /** The records not yet in the file, appended in one write. */
  private writeBatch(): void {
    clearTimeout(this.batchTimer);
    this.batchTimer = undefined;
    if (this.unwritten.length === 0) return;
    const text = this.unwritten.join('');
    this.unwritten = [];
    this.file?.append(text);
  }

  /** A client's ring, and the claimed-only rings when its claims are asked for too. */
  private ringsOf(clientId: string, claimed: boolean): Ring[] {
    const own = [this.rings.get(clientId)].flatMap((ring) => ring ?? []);
    return claimed ? [...own, this.claimed, this.claimedPages] : own;
  }

  /** The records kept that match, in the order they were made; with a client, its ring's drops and claimed-only count. */
  read(filter: JournalFilter = {}): JournalAnswer {
    const rings =
      filter.clientId === undefined
        ? [this.claimed, this.claimedPages, ...this.rings.values()]
        : this.ringsOf(filter.clientId, filter.claimed === true);
    const records = rings
      .flatMap((ring) => ring.records())
      .filter((record) => matches(record, filter))
      .sort((a, b) => a.seq - b.seq);
    // A client's answer counts what its own ring dropped: claims dropped elsewhere are not its.
    if (filter.clientId === undefined) return { records, dropped: this.dropped };
    return {
      records,
      dropped: this.rings.get(filter.clientId)?.dropped ?? 0,
      claimed: this.claimedCounts.get(filter.clientId) ?? 0,
    };
  }

  /**
   * One page of `read`: the records kept after the cursor `after` (from the first when absent),
   * at most `limit`, in the order kept (each page sorted by seq); `next` the cursor of the page after. A cursor that is not
   * one of this run's is the string saying why.
   */
  page(filter: JournalFilter, after: string | undefined, limit: number): JournalAnswer | string {
    const from = after === undefined ? 0 : cursorPlace(after, this.run, this.place);
    if (typeof from === 'string') return from;
    const rings =
      filter.clientId === undefined
        ? [this.claimed, this.claimedPages, ...this.rings.values()]
        : this.ringsOf(filter.clientId, filter.claimed === true);
    const page = readPage(rings, from, this.place, limit, (record) => matches(record, filter));
    // Oldest first within a page, as the whole answer was: a page proven later comes in a later page.
    page.records.sort((a, b) => a.seq - b.seq);
    const paging = { next: cursorText(this.run, page.last), more: page.more };
    if (filter.clientId === undefined) return { records: page.records, dropped: this.dropped, ...paging };
    return {
      records: page.records,
      dropped: this.rings.get(filter.clientId)?.dropped ?? 0,
      claimed: this.claimedCounts.get(filter.clientId) ?? 0,
      ...paging,
    };
  }

  close(): Promise<void> {
    if (this.file === null) return Promise.resolve();
    this.writeBatch();
    this.file.close();
    this.file = null;
    return Promise.resolve();
  }
}

/** A claimed-only record naming the filter's client, when the filter asks for them. */
function claimedBy(record: JournalRecord, filter: JournalFilter): boolean {
  return (
    filter.claimed === true &&
    record.kind === 'request' &&
    record.client_id === null &&
    record.claimed_client_id === filter.clientId
  );
}

function matches(record: JournalRecord, filter: JournalFilter): boolean {
  if (filter.clientId !== undefined && record.client_id !== filter.clientId && !claimedBy(record, filter))
    return false;
  const atMs = Date.parse(record.at);
  if (filter.sinceMs !== undefined && atMs < filter.sinceMs) return false;
  if (filter.untilMs !== undefined && atMs > filter.untilMs) return false;
  if (filter.endpoint !== undefined && (record.kind !== 'request' || record.endpoint !== filter.endpoint))
    return false;
  return true;
}
