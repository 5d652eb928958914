import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { PUBLISHED_PATH, TEST_HELPERS_PREFIX } from '../spec/paths.js';
import { patient } from '../helpers/target/patience.js';
import { call, started, stopped, tokenOf, writeSeed, type Running } from './support/kill-run-sandbox.js';
import { sleep } from './support/hostile.js';

/**
 * One journal order (docs/sandbox-service.md, "What is kept"): `seq` keeps increasing across a
 * restart after a kill, whatever the journal's file holds. A code exchange appends its flow's
 * pages again with their older numbers, so the file's last line is not its highest number; and a
 * kill loses the file's last batch, which the journal's answers may already have shown.
 */
test.describe.configure({ mode: 'default' });

const KEY = 'kill-run-control-key';

async function journalSeqs(sandbox: Running): Promise<number[]> {
  const answer = await call(sandbox, `${sandbox.appsUrl}${TEST_HELPERS_PREFIX}/journal`, {
    method: 'GET',
    headers: { 'x-sandbox-key': KEY },
  });
  expect(answer.status, `set-up: the journal ${answer.body}`).toBe(200);
  return (JSON.parse(answer.body) as { records: Array<{ seq: number }> }).records.map((record) => record.seq);
}

async function someRequests(sandbox: Running): Promise<void> {
  for (let index = 0; index < 3; index += 1)
    await call(sandbox, `${sandbox.appsUrl}${PUBLISHED_PATH}`, {
      method: 'GET',
      headers: { authorization: 'Bearer not-a-token-of-this-sandbox' },
    });
}

/** The numbers of the file's whole lines. */
function fileSeqs(file: string): number[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((line) => {
      try {
        return [(JSON.parse(line) as { seq: number }).seq];
      } catch {
        return [];
      }
    });
}

/** Waits until the journal's file holds the record numbered `seq` (its batch was written). */
async function fileHolds(file: string, seq: number): Promise<void> {
  const deadline = Date.now() + patient(10_000);
  while (!fileSeqs(file).includes(seq) && Date.now() < deadline) await sleep(20);
  expect(fileSeqs(file), `set-up: the file holds #${seq}`).toContain(seq);
}

/** A start on the folder, a few requests: the numbers they were given. */
async function afterRestart(dataDir: string, seedFile: string): Promise<number[]> {
  const sandbox = await started(dataDir, seedFile);
  try {
    const before = new Set(await journalSeqs(sandbox));
    await someRequests(sandbox);
    return (await journalSeqs(sandbox)).filter((seq) => !before.has(seq));
  } finally {
    await stopped(sandbox, 'SIGKILL');
    await sandbox.agent.destroy();
  }
}

test("after a kill, seq goes on past every record before it, though the file's last line is a flow's page proven late", async () => {
  test.setTimeout(patient(90_000));
  const dataDir = mkdtempSync(join(tmpdir(), 'sandbox-journal-order-'));
  try {
    const seedFile = writeSeed(dataDir, 1);
    const sandbox = await started(join(dataDir, 'data'), seedFile);
    let highest: number;
    try {
      await tokenOf(sandbox);
      const seqs = await journalSeqs(sandbox);
      highest = Math.max(...seqs);
      const file = join(dataDir, 'data', 'journal.jsonl');
      await fileHolds(file, highest);
      const lines = fileSeqs(file);
      expect(lines.at(-1), "set-up: the file's last line is a page proven after the exchange").toBeLessThan(
        highest,
      );
    } finally {
      await stopped(sandbox, 'SIGKILL');
      await sandbox.agent.destroy();
    }
    const after = await afterRestart(join(dataDir, 'data'), seedFile);
    expect(after.length, 'set-up: requests journaled after the restart').toBeGreaterThan(0);
    expect(Math.min(...after), `numbered after #${highest}, the highest before the kill`).toBeGreaterThan(
      highest,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('after a kill, seq goes on past every record the journal showed, though the file lost them', async () => {
  test.setTimeout(patient(90_000));
  const dataDir = mkdtempSync(join(tmpdir(), 'sandbox-journal-order-'));
  try {
    const seedFile = writeSeed(dataDir, 1);
    const sandbox = await started(join(dataDir, 'data'), seedFile);
    let highest: number;
    try {
      await someRequests(sandbox);
      highest = Math.max(...(await journalSeqs(sandbox)));
    } finally {
      await stopped(sandbox, 'SIGKILL');
      await sandbox.agent.destroy();
    }
    // What a kill before the batch's write leaves, whatever the timing: none of the records.
    const file = join(dataDir, 'data', 'journal.jsonl');
    if (existsSync(file)) renameSync(file, `${file}.lost`);
    const after = await afterRestart(join(dataDir, 'data'), seedFile);
    expect(after.length, 'set-up: requests journaled after the restart').toBeGreaterThan(0);
    expect(Math.min(...after), `numbered after #${highest}, shown before the kill`).toBeGreaterThan(highest);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
