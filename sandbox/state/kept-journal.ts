// The journal of requests and deliveries across a restart (docs/sandbox-service.md): its
// fingerprints' key is kept in the data file (mode 600), so that a value seen before and after the
// restart has one fingerprint (a code reused across it is seen as reused), and its numbers go on
// after the last one the journal's file or the last stop holds.
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import type { Journal } from '../journal/journal.js';
import type { Persistence } from '../persist/persistence.js';
import { keepRecord, keptRecord } from './kept-stores.js';

const KEY_RECORD = 'journal-key';
const SEQ_RECORD = 'journal-seq';
/** The end of the journal's file read for its last number: a record is far shorter. */
const TAIL_BYTES = 256 * 1024;

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
    Math.max(typeof keptSeq === 'number' ? keptSeq : 0, file === null ? 0 : lastSeqIn(file)),
  );
  return {
    keepNow: () => {
      keepRecord(persistence, SEQ_RECORD, journal.lastSeq);
    },
  };
}

/** The number of the file's last whole record, or 0. */
function lastSeqIn(file: string): number {
  let descriptor: number | undefined;
  try {
    const size = statSync(file).size;
    const length = Math.min(size, TAIL_BYTES);
    const tail = Buffer.alloc(length);
    descriptor = openSync(file, 'r');
    readSync(descriptor, tail, 0, length, size - length);
    const lines = tail.toString('utf8').split('\n').reverse();
    for (const line of lines) {
      const seq = seqOf(line);
      if (seq !== undefined) return seq;
    }
    return 0;
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
