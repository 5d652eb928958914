import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';
import { expect } from '@playwright/test';
import { markerPatterns, scanBytes, scanTree, type Leak } from '../../helpers/report/secret-scan.js';

/** What the secret scan self-test needs besides its runs: proof that the scan can fail, and its report. */

/** The scan can fail: planted copies of a marked value, plain and zipped, are found. */
export function expectScanCanFail(marker: string, reportsDir: string): void {
  const planted = `${marker}${randomBytes(24).toString('base64url')}`;
  const dir = join(reportsDir, 'planted');
  mkdirSync(dir);
  writeFileSync(join(dir, 'control.txt'), `secret=${planted}\n`);
  const zipped = zipOf('control.txt', `secret=${planted}\n`.repeat(8));
  expect(scanBytes(zipped, markerPatterns(marker), 'raw zip')).toEqual([]);
  writeFileSync(join(dir, 'control.zip'), zipped);
  const found = scanTree(dir, markerPatterns(marker));
  expect([...new Set(found.map((leak) => leak.where))].sort()).toEqual([
    'control.txt',
    'control.zip!control.txt',
  ]);
  rmSync(dir, { recursive: true, force: true });
}

/** Where each leak is and what precedes it; the secret itself is never shown. */
export function describeLeaks(leaks: readonly Leak[]): string {
  const lines = leaks.slice(0, 40).map((leak) => `${leak.where}: ...${leak.before}<secret>`);
  return [`${leaks.length} occurrence(s) of the secret marker:`, ...lines].join('\n');
}

/** A one-entry deflated zip, as a Playwright trace stores its files. */
function zipOf(name: string, text: string): Buffer {
  const content = Buffer.from(text);
  const data = deflateRawSync(content);
  const fileName = Buffer.from(name);
  const common = (header: Buffer, at: number): void => {
    header.writeUInt16LE(20, at); // version needed
    header.writeUInt16LE(8, at + 4); // deflate
    header.writeUInt32LE(crc32(content), at + 10);
    header.writeUInt32LE(data.length, at + 14);
    header.writeUInt32LE(content.length, at + 18);
    header.writeUInt16LE(fileName.length, at + 22);
  };
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  common(local, 4);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  common(central, 6);
  const directoryAt = local.length + fileName.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + fileName.length, 12);
  end.writeUInt32LE(directoryAt, 16);
  return Buffer.concat([local, fileName, data, central, fileName, end]);
}
