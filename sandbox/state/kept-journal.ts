// The journal of requests and deliveries across a restart (docs/sandbox-service.md): its
// fingerprints' key is kept in the data file (mode 600), so that a value seen before and after the
// restart has one fingerprint (a code reused across it is seen as reused), and its numbers only
// ever increase: the data file keeps a number reserved ahead of the last one given, so a kill (the
// file's last batch lost with it) never lets a number be given twice.
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import type { Journal } from '../journal/journal.js';
import type { Persistence } from '../persist/persistence.js';
import { keepRecord, keptRecord } from './kept-stores.js';

const KEY_RECORD = 'journal-key';
const SEQ_RECORD = 'journal-seq';
/** The end of the journal's file read for its highest number: a record is far shorter. */
const TAIL_BYTES = 256 * 1024;
/**
 * Numbers reserved in the data file ahead of the last one given. The reservation is renewed once
 * half of it is used, so it is committed long before the numbers it covers are given: every
 * answer (the journal's included) leaves after the changes queued before it are committed, and
 * the file's batches come 20 ms after their records. A start after a kill goes on after the
 * reservation (a gap of at most this many); after a stop, after the last number given.
 */
export const SEQ_RESERVED = 10_000;

/** Goes on with the kept key and numbers; `keepNow` (at the stop) keeps the last number. */
export function continueJournal(
  persistence: Persistence,
  journal: Journal,
  file: string | null,
): { keepNow: () => void } {
  const key = keptRecord(persistence, KEY_RECORD);
  if (typeof key === 'string') journal.fingerprints.useKey(Buffer.from(key, 'base64'));
  else keepRecord(persistence, KEY_RECORD, journal.fingerprints.key.toString('base64'));
  const keptSeq = keptRecord(persistence, SEQ_RECORD);
  journal.continueAfter(
    Math.max(typeof keptSeq === 'number' ? keptSeq : 0, file === null ? 0 : highestSeqIn(file)),
  );
  let ahead = SEQ_RESERVED;
  let reserved = 0;
  const reserve = (): void => {
    reserved = journal.lastSeq + ahead;
    keepRecord(persistence, SEQ_RECORD, reserved);
  };
  reserve();
  journal.numbered = (seq) => {
    if (seq > reserved - ahead / 2) reserve();
  };
  return {
    // From the stop on, the number kept is the last one given: a record of the stop's last
    // requests keeps its own number.
    keepNow: () => {
      ahead = 0;
      reserve();
    },
  };
}

/**
 * The highest number of the file's last whole records, or 0: not the last line's, as a code
 * exchange appends its flow's pages again, proven, with their own (older) numbers.
 */
function highestSeqIn(file: string): number {
  let descriptor: number | undefined;
  try {
    const size = statSync(file).size;
    const length = Math.min(size, TAIL_BYTES);
    const tail = Buffer.alloc(length);
    descriptor = openSync(file, 'r');
    readSync(descriptor, tail, 0, length, size - length);
    let highest = 0;
    for (const line of tail.toString('utf8').split('\n')) highest = Math.max(highest, seqOf(line) ?? 0);
    return highest;
  } catch {
    return 0;
  } finally {
    if (descriptor !== undefined) closeSync(descriptor);
  }
}

function seqOf(line: string): number | undefined {
  try {
    const record = JSON.parse(line) as { seq?: unknown };
    return typeof record.seq === 'number' && Number.isSafeInteger(record.seq) ? record.seq : undefined;
  } catch {
    return undefined;
  }
}
