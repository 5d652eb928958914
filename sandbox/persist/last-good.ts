// The last good state of a data folder (docs/sandbox-service.md, "A damaged file"). At each clean
// stop the closed data file is copied to `last-good/` and the digests (SHA-256) of the data file
// and of the journal's file are written to `clean-stop.json`: the next start finds a byte changed
// anywhere in them (a flipped bit, a torn page, another program's write), where the rows'
// checksums see only what the rows hold. At a start after a kill (no digest), the data file, once
// its checks pass, is copied as the last good state (a checkpoint). `--restore` puts the last good
// state back, the files it replaces moved aside, never deleted.
import { createHash } from 'node:crypto';
import {
  closeSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { basename, join } from 'node:path';
import { DATA_FILE_NAME, DataFileError, REMEDY } from './data-file.js';
import { OwnerLock } from './owner-lock.js';

export const LAST_GOOD_DIR = 'last-good';
export const CLEAN_STOP_FILE = 'clean-stop.json';
/** What last-good/ holds beside the data file's copy: when and why it was kept, and its digest. */
const LAST_GOOD_RECORD = 'state.json';
/** The control key's file (service/control-key.ts), and the checksum written beside it. */
export const CONTROL_KEY_FILE = 'control-key';
export const CONTROL_KEY_SUM_FILE = `${CONTROL_KEY_FILE}.sha256`;
/** Files of the folder that --restore puts back from last-good/ when it holds them. */
const RESTORED_FILES = [DATA_FILE_NAME, CONTROL_KEY_FILE, CONTROL_KEY_SUM_FILE];
/** Files a data file may have beside it: moved aside with it. */
const BESIDE_DATA_FILE = ['-wal', '-shm', '-journal'].map((suffix) => `${DATA_FILE_NAME}${suffix}`);

interface Digest {
  sha256: string;
  bytes: number;
}

/** A clean stop's record: when, and each file's digest by its name in the folder. */
interface StopRecord {
  at: string;
  kind: 'clean stop' | 'checkpoint';
  files: Record<string, Digest>;
}

/** The file's digest, read in chunks (a journal of 64 MB: 120 ms), or undefined when it is absent. */
export function digestOf(path: string): Digest | undefined {
  if (!existsSync(path)) return undefined;
  const hash = createHash('sha256');
  const chunk = Buffer.alloc(1024 * 1024);
  const descriptor = openSync(path, 'r');
  let bytes = 0;
  try {
    for (let read = readSync(descriptor, chunk); read > 0; read = readSync(descriptor, chunk)) {
      hash.update(chunk.subarray(0, read));
      bytes += read;
    }
  } finally {
    closeSync(descriptor);
  }
  return { sha256: hash.digest('hex'), bytes };
}

/** Written whole or not at all: a stop killed midway leaves the record before, never half of one. */
function writeWhole(path: string, text: string | Buffer): void {
  writeFileSync(`${path}.tmp`, text, { mode: 0o600 });
  renameSync(`${path}.tmp`, path);
}

function copyWhole(from: string, to: string): void {
  copyFileSync(from, `${to}.tmp`);
  renameSync(`${to}.tmp`, to);
}

function readRecord(path: string): StopRecord | undefined {
  if (!existsSync(path)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    parsed = undefined;
  }
  const record = recordOf(parsed);
  if (record === undefined)
    throw new DataFileError(`${path}: damaged (not the record a clean stop writes); ${REMEDY}`);
  return record;
}

/** The record a clean stop or a checkpoint writes, or undefined for anything else. */
function recordOf(parsed: unknown): StopRecord | undefined {
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const { at, kind, files } = parsed as Record<string, unknown>;
  if (typeof at !== 'string' || (kind !== 'clean stop' && kind !== 'checkpoint')) return undefined;
  if (typeof files !== 'object' || files === null || Array.isArray(files) || !(DATA_FILE_NAME in files))
    return undefined;
  const digests: Record<string, Digest> = {};
  for (const [name, digest] of Object.entries(files as Record<string, unknown>)) {
    const { sha256, bytes } = (digest ?? {}) as Record<string, unknown>;
    if (typeof sha256 !== 'string' || typeof bytes !== 'number' || basename(name) !== name) return undefined;
    digests[name] = { sha256, bytes };
  }
  return { at, kind, files: digests };
}

/** The data file's copy, with its record, in last-good/; the control key's files beside it. */
function keepCopy(dir: string, kind: StopRecord['kind']): StopRecord {
  const folder = join(dir, LAST_GOOD_DIR);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const record: StopRecord = { at: new Date().toISOString(), kind, files: {} };
  for (const name of RESTORED_FILES) {
    const from = join(dir, name);
    if (!existsSync(from)) continue;
    copyWhole(from, join(folder, name));
    if (name === DATA_FILE_NAME) record.files[name] = digestOf(from) as Digest;
  }
  writeWhole(join(folder, LAST_GOOD_RECORD), `${JSON.stringify(record)}\n`);
  return record;
}

/**
 * At a clean stop, the data file closed (its write-ahead log folded in): the data file kept as
 * the last good state, and its digest and the logs' (the journal's file) written for the next start.
 */
export function keepCleanStop(dir: string, logs: readonly string[]): void {
  const record = keepCopy(dir, 'clean stop');
  for (const log of logs) {
    const digest = digestOf(log);
    if (digest !== undefined) record.files[basename(log)] = digest;
  }
  writeWhole(join(dir, CLEAN_STOP_FILE), `${JSON.stringify(record)}\n`);
}

/** At a start after a kill, the data file verified: kept as the last good state. */
export function keepCheckpoint(dir: string): void {
  keepCopy(dir, 'checkpoint');
}

/**
 * Before the data file is opened: every file the last clean stop digested is as it was then, or
 * one line naming it. True when there was a clean stop (its copy is the last good state already).
 */
export function checkCleanStop(dir: string): boolean {
  const record = readRecord(join(dir, CLEAN_STOP_FILE));
  if (record === undefined) return false;
  const since = `since its clean stop at ${record.at}`;
  const data = join(dir, DATA_FILE_NAME);
  if (existsSync(`${data}-wal`))
    throw new DataFileError(`${data}: changed ${since} (a write-ahead log appeared beside it); ${REMEDY}`);
  for (const [name, kept] of Object.entries(record.files)) {
    const path = join(dir, name);
    const now = digestOf(path);
    if (now === undefined) throw new DataFileError(`${path}: missing ${since}; ${REMEDY}`);
    if (now.sha256 !== kept.sha256)
      throw new DataFileError(
        `${path}: damaged: changed ${since} (${now.bytes === kept.bytes ? 'the same size' : `${kept.bytes} bytes then, ${now.bytes} now`}, another SHA-256: a flipped byte, a torn page, or another program's write); ${REMEDY}`,
      );
  }
  return true;
}

/** The data file is about to change: the clean stop's digests hold no more. */
export function forgetCleanStop(dir: string): void {
  rmSync(join(dir, CLEAN_STOP_FILE), { force: true });
}

/** What a refusal offers: the last good state when one is kept, else moving the file away. */
export function remedyOf(dir: string): string {
  let record: StopRecord | undefined;
  try {
    record = readRecord(join(dir, LAST_GOOD_DIR, LAST_GOOD_RECORD));
  } catch {
    record = undefined;
  }
  if (record === undefined) return REMEDY;
  return `the last good state (its ${record.kind} at ${record.at}) is kept in ${join(dir, LAST_GOOD_DIR)}: start with --restore to go back to it, or --fresh to start empty (which deletes the data file)`;
}

/** The error's offer made for this folder (one place decides it: data-file.ts's messages end with REMEDY). */
export function withRemedy(error: DataFileError, dir: string): DataFileError {
  if (error.message.endsWith(REMEDY))
    error.message = `${error.message.slice(0, -REMEDY.length)}${remedyOf(dir)}`;
  return error;
}

/**
 * --restore: under the folder's lock (a live sandbox is refused), the files the last good state
 * replaces are moved to `damaged-<time>/` (the data file with its log, the control key, and the
 * journal's file when it is not as the clean stop left it), then the last good state is copied back
 * with its digest, which the start then checks. One line says what was done.
 */
export function restoreLastGood(dir: string): string {
  const lock = OwnerLock.take(dir);
  try {
    const folder = join(dir, LAST_GOOD_DIR);
    const record = readRecord(join(folder, LAST_GOOD_RECORD));
    if (record === undefined || !existsSync(join(folder, DATA_FILE_NAME)))
      throw new DataFileError(`${dir}: no last good state is kept (${folder}); ${REMEDY}`);
    const aside = join(dir, `damaged-${new Date().toISOString().replace(/[:.]/g, '-')}`);
    mkdirSync(aside, { mode: 0o700 });
    const restored = RESTORED_FILES.filter((name) => existsSync(join(folder, name)));
    for (const name of [...restored, ...BESIDE_DATA_FILE, CLEAN_STOP_FILE, ...damagedLogs(dir)])
      if (existsSync(join(dir, name))) renameSync(join(dir, name), join(aside, name));
    for (const name of restored) copyFileSync(join(folder, name), join(dir, name));
    writeWhole(join(dir, CLEAN_STOP_FILE), `${JSON.stringify(record)}\n`);
    return `sandbox: ${dir} restored to its last good state (its ${record.kind} at ${record.at}); the files it replaced are in ${aside}`;
  } finally {
    lock.release();
  }
}

/** The logs the clean stop digested that changed since (the journal's file is a log: never restored). */
function damagedLogs(dir: string): string[] {
  let record: StopRecord | undefined;
  try {
    record = readRecord(join(dir, CLEAN_STOP_FILE));
  } catch {
    return [];
  }
  return Object.entries(record?.files ?? {})
    .filter(([name]) => name !== DATA_FILE_NAME)
    .filter(([name, kept]) => digestOf(join(dir, name))?.sha256 !== kept.sha256)
    .map(([name]) => name);
}
