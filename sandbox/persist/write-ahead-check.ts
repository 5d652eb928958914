// The write-ahead log a kill leaves beside the data file (`sandbox.sqlite-wal`), read before SQLite
// replays it. SQLite replays the log up to its first frame whose checksum fails and drops the rest
// without a word: one flipped byte there would lose every change committed after it, though each
// was acknowledged. A kill tears at most the frame being written, the last of the log's current run
// (its salts); so a frame of that run that fails its checksum with frames of the run after it, or a
// header that fails its own while frames follow, is damage (https://www.sqlite.org/fileformat.html#the_write_ahead_log).
import { closeSync, existsSync, openSync, readSync, statSync } from 'node:fs';

const HEADER_BYTES = 32;
const FRAME_HEADER_BYTES = 24;
const MAGIC_LITTLE = 0x377f0682;
const MAGIC_BIG = 0x377f0683;

/** SQLite's checksum of the log: pairs of 32-bit words, read in the log's byte order. */
function checksum(data: Buffer, bigEndian: boolean, seed: readonly [number, number]): [number, number] {
  let [s0, s1] = seed;
  for (let at = 0; at + 8 <= data.length; at += 8) {
    const x0 = bigEndian ? data.readUInt32BE(at) : data.readUInt32LE(at);
    const x1 = bigEndian ? data.readUInt32BE(at + 4) : data.readUInt32LE(at + 4);
    s0 = (s0 + x0 + s1) >>> 0;
    s1 = (s1 + x1 + s0) >>> 0;
  }
  return [s0, s1];
}

/** Why the log is damaged, or undefined when it is whole (a torn last frame is whole: a kill's). */
export function writeAheadDamage(walPath: string): string | undefined {
  if (!existsSync(walPath)) return undefined;
  const size = statSync(walPath).size;
  if (size < HEADER_BYTES) return undefined;
  const descriptor = openSync(walPath, 'r');
  try {
    const read = (length: number, position: number): Buffer => {
      const bytes = Buffer.alloc(length);
      readSync(descriptor, bytes, 0, length, position);
      return bytes;
    };
    const header = read(HEADER_BYTES, 0);
    const magic = header.readUInt32BE(0);
    const pageSize = header.readUInt32BE(8);
    const frameBytes = FRAME_HEADER_BYTES + pageSize;
    const hasFrame = size >= HEADER_BYTES + frameBytes;
    if (magic !== MAGIC_LITTLE && magic !== MAGIC_BIG)
      return hasFrame ? 'its header is not a write-ahead log header' : undefined;
    const bigEndian = magic === MAGIC_BIG;
    let sum = checksum(header.subarray(0, 24), bigEndian, [0, 0]);
    if (sum[0] !== header.readUInt32BE(24) || sum[1] !== header.readUInt32BE(28))
      return hasFrame ? 'its header does not match its checksum, so its frames would be dropped' : undefined;
    const salts = header.subarray(16, 24);
    const frames = Math.floor((size - HEADER_BYTES) / frameBytes);
    const saltsAt = (frame: number): boolean =>
      read(8, HEADER_BYTES + (frame - 1) * frameBytes + 8).equals(salts);
    for (let frame = 1; frame <= frames; frame += 1) {
      const bytes = read(frameBytes, HEADER_BYTES + (frame - 1) * frameBytes);
      // A frame of an earlier run of the log (before a checkpoint restarted it): not replayed, not damage.
      if (!bytes.subarray(8, 16).equals(salts)) return undefined;
      sum = checksum(bytes.subarray(0, 8), bigEndian, sum);
      sum = checksum(bytes.subarray(FRAME_HEADER_BYTES), bigEndian, sum);
      if (sum[0] === bytes.readUInt32BE(16) && sum[1] === bytes.readUInt32BE(20)) continue;
      // The last frame of this run: a kill between its header's write and its page's (over an
      // earlier run's frame) leaves it whole in size. Damage only when this run goes on after it.
      for (let later = frame + 1; later <= frames; later += 1)
        if (saltsAt(later))
          return `its frame ${frame} does not match its checksum, so it and every change after it would be dropped`;
      return undefined;
    }
    return undefined;
  } finally {
    closeSync(descriptor);
  }
}
