import {
  chmodSync,
  closeSync,
  existsSync,
  fstatSync,
  mkdirSync,
  openSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { dirname } from 'node:path';

/** The journal file rotates once it holds this many bytes: `journal.jsonl` becomes `journal.jsonl.1`. */
export const JOURNAL_FILE_BYTES = 64 * 1024 * 1024;
/** Rotated files kept (`.1` newest to `.4` oldest); the oldest beyond goes. At most 5 × 64 MiB on disk. */
export const JOURNAL_FILES_KEPT = 4;

/** Only the sandbox's own user reads the journal: the file 600, its folder 700, whatever they were before. */
const FILE_MODE = 0o600;
const FOLDER_MODE = 0o700;

/** The name of the `n`th rotated file (`n` 0: the file being written). */
export function rotatedName(file: string, n: number): string {
  return n === 0 ? file : `${file}.${n}`;
}

/**
 * The journal's JSON lines on disk: appended in batches, rotated at `maxBytes`, `kept` rotations
 * kept. A file or folder that cannot be written leaves the journal in memory only: a full disk
 * must not stop the sandbox.
 */
export class JournalFile {
  private fd: number | null;
  private written = 0;

  constructor(
    private readonly file: string,
    private readonly maxBytes: number = JOURNAL_FILE_BYTES,
    private readonly kept: number = JOURNAL_FILES_KEPT,
  ) {
    this.fd = this.open();
  }

  private open(): number | null {
    try {
      const folder = dirname(this.file);
      mkdirSync(folder, { recursive: true, mode: FOLDER_MODE });
      chmodSync(folder, FOLDER_MODE);
      const fd = openSync(this.file, 'a', FILE_MODE);
      // A file that existed keeps its mode through `open`: set it.
      chmodSync(this.file, FILE_MODE);
      this.written = fstatSync(fd).size;
      return fd;
    } catch {
      return null;
    }
  }

  /** Appends the lines (one batch), rotating first when they would pass the size. */
  append(text: string): void {
    if (this.fd === null) return;
    const bytes = Buffer.byteLength(text);
    if (this.written > 0 && this.written + bytes > this.maxBytes) this.rotate();
    const fd = this.fd as number | null;
    if (fd === null) return;
    try {
      writeSync(fd, text);
      this.written += bytes;
    } catch {
      // A full disk or a removed folder must not stop the sandbox: the memory keeps the records.
    }
  }

  private rotate(): void {
    this.close();
    try {
      rmSync(rotatedName(this.file, this.kept), { force: true });
      for (let n = this.kept - 1; n >= 0; n -= 1) {
        const from = rotatedName(this.file, n);
        if (existsSync(from)) renameSync(from, rotatedName(this.file, n + 1));
      }
    } catch {
      // Renaming failed: the next open appends to what is there.
    }
    this.fd = this.open();
  }

  close(): void {
    if (this.fd === null) return;
    closeSync(this.fd);
    this.fd = null;
  }
}
