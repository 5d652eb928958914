import { createReadStream } from 'node:fs';

/**
 * A JSONL file's lines, streamed, never a line longer than MAX_LINE_BYTES held: a journal's record
 * is at most 16 KiB (spec/journal.ts, the sandbox cuts past it), so a longer line is no record,
 * whatever wrote it; it is named by its number and size, its bytes read past and dropped, so a
 * hostile or damaged file costs the card no more memory than a good one.
 */
export const MAX_LINE_BYTES = 1024 * 1024;

export type JournalLine =
  | { number: number; text: string }
  /** Longer than MAX_LINE_BYTES: its size in bytes, never its text. */
  | { number: number; tooLong: number }
  /** The file's last line without its newline (a write cut short): its text, and that it is unfinished. */
  | { number: number; text: string; unfinished: true };

const NEWLINE = 0x0a;

/** The lines of `file`, in order, each numbered from 1. */
export async function* journalLines(file: string): AsyncGenerator<JournalLine> {
  let parts: Buffer[] = [];
  let held = 0;
  let size = 0;
  let number = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    let start = 0;
    for (let end = chunk.indexOf(NEWLINE); end !== -1; end = chunk.indexOf(NEWLINE, start)) {
      size += end - start;
      if (size <= MAX_LINE_BYTES) parts.push(chunk.subarray(start, end));
      number += 1;
      yield size > MAX_LINE_BYTES
        ? { number, tooLong: size }
        : { number, text: Buffer.concat(parts).toString('utf8') };
      parts = [];
      held = 0;
      size = 0;
      start = end + 1;
    }
    size += chunk.length - start;
    if (size <= MAX_LINE_BYTES) {
      parts.push(chunk.subarray(start));
      held += chunk.length - start;
    } else if (held > 0) {
      parts = [];
      held = 0;
    }
  }
  if (size === 0) return;
  number += 1;
  yield size > MAX_LINE_BYTES
    ? { number, tooLong: size }
    : { number, text: Buffer.concat(parts).toString('utf8'), unfinished: true };
}
