import { inflateRawSync } from 'node:zlib';

export interface ZipEntry {
  name: string;
  content: Buffer;
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

/**
 * The entries of a zip archive (Playwright traces are zips), uncompressed. Only what the secret
 * scan needs: stored and deflated entries, no zip64; anything else throws, so that a scan never
 * passes over an archive it could not read.
 */
export function zipEntries(archive: Buffer): ZipEntry[] {
  const end = archive.lastIndexOf(uint32(END_OF_DIRECTORY));
  if (end < 0) throw new Error('not a zip archive (no end of central directory)');
  const count = archive.readUInt16LE(end + 10);
  let at = archive.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let index = 0; index < count; index += 1) {
    if (archive.readUInt32LE(at) !== DIRECTORY_ENTRY) throw new Error(`bad central directory entry ${index}`);
    const method = archive.readUInt16LE(at + 10);
    const compressedSize = archive.readUInt32LE(at + 20);
    const nameLength = archive.readUInt16LE(at + 28);
    const skipped = nameLength + archive.readUInt16LE(at + 30) + archive.readUInt16LE(at + 32);
    const local = archive.readUInt32LE(at + 42);
    const name = archive.toString('utf8', at + 46, at + 46 + nameLength);
    if (archive.readUInt32LE(local) !== LOCAL_HEADER) throw new Error(`bad local header of ${name}`);
    const start = local + 30 + archive.readUInt16LE(local + 26) + archive.readUInt16LE(local + 28);
    const data = archive.subarray(start, start + compressedSize);
    if (method !== STORED && method !== DEFLATED)
      throw new Error(`${name}: compression method ${method} is not supported`);
    entries.push({ name, content: method === STORED ? Buffer.from(data) : inflateRawSync(data) });
    at += 46 + skipped;
  }
  return entries;
}

function uint32(value: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32LE(value);
  return bytes;
}
