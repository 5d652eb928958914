import { spawn } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { childEnvironment } from '../config/environment.js';
import { DATA_FILE_NAME, DataFileError, SCHEMA_VERSION } from '../sandbox/persist/data-file.js';
import { NO_JOURNAL, type KeptStore } from '../sandbox/persist/journal.js';
import { LOCK_DIR_NAME } from '../sandbox/persist/owner-lock.js';
import { Persistence } from '../sandbox/persist/persistence.js';
import { CLEAN_STOP_FILE, CONTROL_KEY_FILE, LAST_GOOD_DIR } from '../sandbox/persist/last-good.js';
import { keptControlKey } from '../sandbox/service/control-key.js';
import { startSandbox } from '../sandbox/start.js';
import { exitOf } from './support/child-exit.js';
import { withDataFile } from './support/data-file.js';
import { killGroup, startCommand } from './support/process-group.js';
import { patient } from '../helpers/target/patience.js';

/**
 * Nothing kept is served silently changed (docs/sandbox-service.md, "A damaged file"): a data
 * folder whose data file, control key or journal changed by one byte since it was written is
 * refused at start, exit status 2 and one line naming the file, what is damaged and how to go back
 * to the last good state (`--restore`), which then starts with the state as it was.
 */
test.describe.configure({ mode: 'default' });

const ROOT = join(__dirname, '..');
const KEY = 'kept-integrity-control-key';

interface Kept {
  dataDir: string;
  clientId: string;
  secret: string;
}

/** A data folder a sandbox stopped cleanly: a client registered, a journal written. */
async function keptFolder(): Promise<Kept> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sandbox-integrity-'));
  keptControlKey(dataDir, '');
  const sandbox = await startSandbox({ controlKey: KEY, dataDir, fresh: true });
  const { client, secret } = sandbox.state.clients.register(['http://127.0.0.1:9/cb'], 'Integrity');
  await fetch(`${sandbox.appsUrl}/autoupload/v1/published`).catch(() => undefined);
  await sandbox.close();
  return { dataDir, clientId: client.clientId, secret };
}

/**
 * One byte of the file changed (its lowest bit), at `offset`, or in each copy of `text` (a page
 * SQLite freed may hold an older copy of a row).
 */
function flip(path: string, where: { offset: number } | { text: string }): void {
  const bytes = readFileSync(path);
  const offsets: number[] = [];
  if ('offset' in where) offsets.push(where.offset);
  else
    for (let at = bytes.indexOf(where.text); at >= 0; at = bytes.indexOf(where.text, at + 1))
      offsets.push(at + 2);
  expect(offsets.length, `set-up: the place in ${path}`).toBeGreaterThan(0);
  for (const offset of offsets) bytes[offset] = (bytes[offset] ?? 0) ^ 0x01;
  writeFileSync(path, bytes);
}

const environment = (dataDir: string): NodeJS.ProcessEnv =>
  childEnvironment({
    SANDBOX_AUTH_PORT: '0',
    SANDBOX_APPS_PORT: '0',
    SANDBOX_TLS_DIR: join(dataDir, 'tls'),
    SANDBOX_CONTROL_KEY: undefined,
  });

/** `npm run sandbox`'s program on the folder, refused: its status and its one line. */
async function refused(dataDir: string): Promise<{ code: number | null; line: string; lines: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/main.ts', '--data', dataDir], {
    cwd: ROOT,
    env: environment(dataDir),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const { code, stdout, stderr } = await exitOf(child);
  expect(stdout, 'it did not start').not.toContain('sandbox running');
  const lines = stderr.trim().split('\n');
  return { code, line: lines[0] ?? '', lines: lines.length };
}

/** The same program with --restore: what it said on stderr before its banner, then stopped. */
async function restored(dataDir: string): Promise<string> {
  const command = await startCommand(
    process.execPath,
    ['--import', 'tsx', 'sandbox/main.ts', '--data', dataDir, '--restore'],
    { cwd: ROOT, env: environment(dataDir), timeoutMs: 60_000 },
  );
  const said = command.stderr();
  const exited = new Promise((resolve) => command.child.once('exit', resolve));
  process.kill(command.group, 'SIGTERM');
  await exited;
  killGroup(command.group);
  return said;
}

/** The folder's state as a start reads it: does the client's secret still authenticate? */
async function authenticates({ dataDir, clientId, secret }: Kept): Promise<boolean> {
  const sandbox = await startSandbox({ controlKey: KEY, dataDir });
  try {
    return sandbox.state.clients.authenticate(clientId, secret) !== undefined;
  } finally {
    await sandbox.close();
  }
}

function expectRefusal(
  answer: { code: number | null; line: string; lines: number },
  file: string,
  damage: RegExp,
): void {
  expect(answer.code, answer.line).toBe(2);
  expect(answer.lines, 'one line').toBe(1);
  expect(answer.line, 'naming the file').toContain(`${file}: `);
  expect(answer.line, 'saying what is damaged').toMatch(damage);
  expect(answer.line, 'offering the last good state').toContain('--restore');
}

test("a flipped byte in a client's secret, with no clean stop's digest (a kill): refused, then --restore brings the secret back", async () => {
  test.setTimeout(patient(90_000));
  const kept = await keptFolder();
  try {
    const file = join(kept.dataDir, DATA_FILE_NAME);
    rmSync(join(kept.dataDir, CLEAN_STOP_FILE));
    flip(file, { text: kept.secret });
    expectRefusal(
      await refused(kept.dataDir),
      file,
      /a row of clients \(rowid \d+\) does not match its checksum/,
    );
    const said = await restored(kept.dataDir);
    expect(said, 'the restore says what it did').toMatch(
      /restored to its last good state \(its clean stop at /,
    );
    const aside = readdirSync(kept.dataDir).filter((name) => name.startsWith('damaged-'));
    expect(aside, 'the damaged file moved aside, not deleted').toHaveLength(1);
    expect(existsSync(join(kept.dataDir, aside[0] ?? '', DATA_FILE_NAME))).toBe(true);
    expect(await authenticates(kept), 'the secret as it was').toBe(true);
  } finally {
    rmSync(kept.dataDir, { recursive: true, force: true });
  }
});

test("a flipped byte SQLite reads past (its header's reserved bytes) after a clean stop: refused by the clean stop's digest", async () => {
  test.setTimeout(patient(60_000));
  const kept = await keptFolder();
  try {
    const file = join(kept.dataDir, DATA_FILE_NAME);
    flip(file, { offset: 80 });
    expectRefusal(
      await refused(kept.dataDir),
      file,
      /damaged: changed since its clean stop at .*another SHA-256/,
    );
    expect(existsSync(join(kept.dataDir, LAST_GOOD_DIR, DATA_FILE_NAME)), 'the last good state kept').toBe(
      true,
    );
  } finally {
    rmSync(kept.dataDir, { recursive: true, force: true });
  }
});

test('a flipped byte in the control key, or in the journal after a clean stop: refused naming it', async () => {
  test.setTimeout(patient(90_000));
  const kept = await keptFolder();
  try {
    const keyFile = join(kept.dataDir, CONTROL_KEY_FILE);
    const key = readFileSync(keyFile, 'utf8');
    flip(keyFile, { offset: 3 });
    expectRefusal(await refused(kept.dataDir), keyFile, /damaged \(not the key its checksum/);
    writeFileSync(keyFile, key);

    const journal = join(kept.dataDir, 'journal.jsonl');
    flip(journal, { text: '"seq"' });
    expectRefusal(await refused(kept.dataDir), journal, /damaged: changed since its clean stop/);
    await restored(kept.dataDir);
    expect(
      existsSync(journal) ? readFileSync(journal, 'utf8') : '',
      'the damaged journal moved aside',
    ).not.toContain('"seq"');
    expect(await authenticates(kept), 'the state as it was').toBe(true);
  } finally {
    rmSync(kept.dataDir, { recursive: true, force: true });
  }
});

/** A store of rows, for the persistence alone. */
function rowStore(): KeptStore & { count: number } {
  const kept = {
    journal: NO_JOURNAL,
    count: 0,
    loadRows: (rows: readonly unknown[]) => {
      kept.count = rows.length;
    },
  };
  return kept;
}

/** A folder as a kill leaves it: 50 rows written in five batches, all in the write-ahead log. */
async function killedFolder(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-integrity-wal-'));
  const first = await Persistence.open(dir, true);
  const written = rowStore();
  first.keep({ things: written });
  for (let index = 0; index < 50; index += 1) {
    written.journal.put(`key-${index}`, { index, pad: 'x'.repeat(200) });
    if (index % 10 === 9) first.flush();
  }
  // Never closed, as a killed process: the sandbox's lock, naming this live process, removed.
  rmSync(join(dir, LOCK_DIR_NAME), { recursive: true, force: true });
  return dir;
}

/** The folder copied (its binding's lock left behind), opened and read: the rows, or the refusal. */
async function reopened(from: string, change: (wal: string) => void): Promise<number | DataFileError> {
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-integrity-copy-'));
  try {
    for (const name of [DATA_FILE_NAME, `${DATA_FILE_NAME}-wal`])
      copyFileSync(join(from, name), join(dir, name));
    mkdirSync(join(dir, `${DATA_FILE_NAME}.lock`));
    change(join(dir, `${DATA_FILE_NAME}-wal`));
    const persistence = await Persistence.open(dir, false);
    const reread = rowStore();
    persistence.keep({ things: reread });
    persistence.close();
    return reread.count;
  } catch (error) {
    if (error instanceof DataFileError) return error;
    throw error;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test("a flipped byte in the write-ahead log a kill left is refused; a torn or half-written last frame (the kill's own) is not", async () => {
  const dir = await killedFolder();
  try {
    const wal = join(dir, `${DATA_FILE_NAME}-wal`);
    expect(statSync(wal).size, 'set-up: frames in the log').toBeGreaterThan(32 + 2 * (24 + 4096));
    expect(await reopened(dir, () => undefined), 'the log as the kill left it: every row').toBe(50);
    const torn = await reopened(dir, (path) => {
      truncateSync(path, statSync(path).size - 100);
    });
    expect(typeof torn, `a torn last frame is a kill's: ${String(torn)}`).toBe('number');
    // A kill between a frame's header and its page, over an earlier run's frame, leaves it whole in size.
    const lastWhole = await reopened(dir, (path) => {
      flip(path, { offset: statSync(path).size - 1000 });
    });
    expect(typeof lastWhole, `the last frame failing its checksum is a kill's: ${String(lastWhole)}`).toBe(
      'number',
    );
    const flipped = await reopened(dir, (path) => {
      flip(path, { offset: 32 + 24 + 4096 + 24 + 1000 });
    });
    expect(flipped, 'refused').toBeInstanceOf(DataFileError);
    const refusal = flipped as DataFileError;
    expect(refusal.message).toMatch(/sandbox\.sqlite-wal: damaged: its frame 2 does not match its checksum/);
    expect(refusal.exitCode).toBe(2);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a data file of the release before (version 2, no checksums) is given its rows' checksums at start, its state kept", async () => {
  test.setTimeout(patient(60_000));
  const kept = await keptFolder();
  try {
    withDataFile(kept.dataDir, (db) => {
      db.exec('ALTER TABLE rows DROP COLUMN sum; PRAGMA user_version = 2');
    });
    expect(await authenticates(kept), 'the client kept across the conversion').toBe(true);
    const sums = withDataFile(kept.dataDir, (db) => ({
      version: Number(db.get('PRAGMA user_version')?.user_version),
      missing: Number(db.get('SELECT count(*) AS n FROM rows WHERE sum IS NULL')?.n),
    }));
    expect(sums).toEqual({ version: SCHEMA_VERSION, missing: 0 });
  } finally {
    rmSync(kept.dataDir, { recursive: true, force: true });
  }
});
