import type { JournalRecord } from '../../spec/journal.js';
import type { KeptRecord, Ring } from './ring.js';

/**
 * A page of the journal's records. A page follows the order the journal kept its records in,
 * which is the order they were appended to its file: a record proven later (a flow's page, moved
 * to its client's ring) is kept again then, so a reader that pages on never skips it, where a
 * cursor on `seq` would have passed it. The cursor names the journal's run (a restart starts its
 * order again) and the last place read; records arriving meanwhile come after it, so no record is
 * read twice or skipped between pages.
 */

/** JSON bytes of the records one page holds at most (at least one record): a ring's bytes fit. */
export const JOURNAL_PAGE_BYTES = 4 * 1024 * 1024;

export interface PageRead {
  records: JournalRecord[];
  /** The place of the last record read, or examined past the filter. */
  last: number;
  /** True when the page stopped at its limit: records may follow now. */
  more: boolean;
}

interface Head {
  ring: Ring;
  index: number;
  entry: KeptRecord;
}

/** The rings' heads, the one kept first on top (a small binary heap: the rings may be many). */
class Heads {
  private readonly heap: Head[] = [];

  push(head: Head): void {
    const heap = this.heap;
    heap.push(head);
    let child = heap.length - 1;
    while (child > 0) {
      const parent = (child - 1) >>> 1;
      if ((heap[parent] as Head).entry.order <= head.entry.order) break;
      heap[child] = heap[parent] as Head;
      child = parent;
    }
    heap[child] = head;
  }

  pop(): Head | undefined {
    const heap = this.heap;
    const top = heap[0];
    const last = heap.pop();
    if (top === undefined || last === undefined || heap.length === 0) return top;
    let parent = 0;
    for (;;) {
      let child = 2 * parent + 1;
      if (child >= heap.length) break;
      const right = heap[child + 1];
      if (right !== undefined && right.entry.order < (heap[child] as Head).entry.order) child += 1;
      if ((heap[child] as Head).entry.order >= last.entry.order) break;
      heap[parent] = heap[child] as Head;
      parent = child;
    }
    heap[parent] = last;
    return top;
  }
}

/**
 * The records the rings kept after `after` that `matches` takes, in the order kept: at most
 * `limit` of them and JOURNAL_PAGE_BYTES of their lines. `end`: the journal's last place, the
 * cursor when every record kept was read. A synchronous read: nothing is kept meanwhile.
 */
export function readPage(
  rings: readonly Ring[],
  after: number,
  end: number,
  limit: number,
  matches: (record: JournalRecord) => boolean,
): PageRead {
  const heads = new Heads();
  for (const ring of rings) {
    const index = ring.indexAfter(after);
    const entry = ring.at(index);
    if (entry !== undefined) heads.push({ ring, index, entry });
  }
  const records: JournalRecord[] = [];
  let bytes = 0;
  let last = after;
  for (let head = heads.pop(); head !== undefined; head = heads.pop()) {
    const { ring, index, entry } = head;
    const record = JSON.parse(entry.line) as JournalRecord;
    if (matches(record)) {
      const full =
        records.length >= limit || (records.length > 0 && bytes + entry.bytes > JOURNAL_PAGE_BYTES);
      if (full) return { records, last, more: true };
      records.push(record);
      bytes += entry.bytes;
    }
    last = entry.order;
    const next = ring.at(index + 1);
    if (next !== undefined) heads.push({ ring, index: index + 1, entry: next });
  }
  return { records, last: Math.max(last, end), more: false };
}

/** A cursor as the answer gives it: the journal's run and a place in it. */
export function cursorText(run: string, place: number): string {
  return `${run}.${place}`;
}

/** A cursor's place, or why it is not one of this run's (the helper answers 400 with it). */
export function cursorPlace(text: string, run: string, end: number): number | string {
  const match = /^([0-9a-f]{8})\.(0|[1-9][0-9]{0,15})$/.exec(text);
  if (match === null) return 'after takes the `next` of an earlier answer, as it was given.';
  if (match[1] !== run)
    return 'after is a cursor of an earlier run of the sandbox (it restarted since): read again without after.';
  const place = Number(match[2]);
  if (place > end)
    return 'after names a place the journal has not reached: give the `next` of an earlier answer.';
  return place;
}
