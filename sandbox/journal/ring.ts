import type { JournalRecord } from '../../spec/journal.js';

/**
 * A record kept in memory as its JSON line (a one-byte string: what it costs the heap is its
 * length, where the parsed object cost two to three times that), with its seq, and its place in
 * the order the journal kept records (a page's cursor: journal-page.ts).
 */
export interface KeptRecord {
  readonly line: string;
  readonly seq: number;
  readonly bytes: number;
  readonly order: number;
}

/**
 * The same text as one contiguous string, sharing nothing with the pieces it was made of. Through
 * UTF-8, which gives back every well-formed text unchanged (JSON.stringify escapes lone surrogates).
 */
function flatCopy(text: string): string {
  return Buffer.from(text, 'utf8').toString('utf8');
}

/**
 * One ring of the journal: the newest records, at most `maxCount` of them and `maxBytes` of
 * their JSON lines; the oldest go first, and what went is counted.
 */
export class Ring {
  private kept: KeptRecord[] = [];
  /** Index of the oldest record still kept (shifting an array of thousands per add costs). */
  private head = 0;
  private heldBytes = 0;
  dropped = 0;

  constructor(
    private readonly maxCount: number,
    private readonly maxBytes: number,
  ) {}

  get bytes(): number {
    return this.heldBytes;
  }

  get size(): number {
    return this.kept.length - this.head;
  }

  push(entry: KeptRecord): void {
    // Held for a long time, by the thousand: a flat copy of the line, in an object of one shape.
    // JSON.stringify's text is a tree of pieces (about 190 bytes more per record), and an object
    // made by spreading another gets a hidden class of its own (about 250 bytes more): together
    // they made a kept record cost twice its line (the soak benchmark, bench/soak.ts).
    this.kept.push({ line: flatCopy(entry.line), seq: entry.seq, bytes: entry.bytes, order: entry.order });
    this.heldBytes += entry.bytes;
    while (this.size > this.maxCount || (this.heldBytes > this.maxBytes && this.size > 1)) this.dropOldest();
  }

  /** Drops the oldest record (the journal's total bound takes from the largest ring). */
  dropOldest(): void {
    const oldest = this.kept[this.head];
    if (oldest === undefined) return;
    this.kept[this.head] = undefined as unknown as KeptRecord;
    this.head += 1;
    this.heldBytes -= oldest.bytes;
    this.dropped += 1;
    if (this.head > 1024 && this.head * 2 > this.kept.length) {
      this.kept = this.kept.slice(this.head);
      this.head = 0;
    }
  }

  /** Where the first record kept after `order` is (records are kept in order): `end` when none. */
  indexAfter(order: number): number {
    let low = this.head;
    let high = this.kept.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.kept[middle] as KeptRecord).order <= order) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** The record at an index `indexAfter` gave (undefined past the newest). */
  at(index: number): KeptRecord | undefined {
    return index < this.kept.length ? this.kept[index] : undefined;
  }

  records(): JournalRecord[] {
    return this.kept.slice(this.head).map((entry) => JSON.parse(entry.line) as JournalRecord);
  }

  /** Takes out the records whose seq `take` selects (the claimed ring's records once proven). */
  extract(take: (seq: number) => boolean): KeptRecord[] {
    const taken: KeptRecord[] = [];
    const left: KeptRecord[] = [];
    for (const entry of this.kept.slice(this.head)) (take(entry.seq) ? taken : left).push(entry);
    this.kept = left;
    this.head = 0;
    this.heldBytes = left.reduce((sum, entry) => sum + entry.bytes, 0);
    return taken;
  }
}
