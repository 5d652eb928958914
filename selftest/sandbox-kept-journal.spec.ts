import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startSandbox, type StartedSandbox } from '../sandbox/start.js';
import { PUBLISHED_PATH } from '../spec/paths.js';
import { caller, send } from './support/hostile.js';

/**
 * A journal across restarts (docs/sandbox-service.md): after a restart on the same data folder,
 * the journal's records go on numbering after the last one before it, and a value has the same
 * fingerprint as before (its key is kept in the data file), so a code or token used on both sides
 * of a restart is seen as the same one. Before, `seq` started again from 1 and every fingerprint
 * changed.
 */
test.describe.configure({ mode: 'default' });

async function someRequests(sandbox: StartedSandbox): Promise<number[]> {
  for (let index = 0; index < 3; index += 1)
    await send(caller(sandbox), `${sandbox.appsUrl}${PUBLISHED_PATH}`, {
      method: 'GET',
      headers: { authorization: 'Bearer not-a-token-of-this-sandbox' },
    });
  return sandbox.state.journal.read().records.map((record) => record.seq);
}

test("the journal's numbers go on and its fingerprints stay the same across a restart", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sandbox-kept-journal-'));
  try {
    const first = await startSandbox({ dataDir, fresh: true });
    const before = await someRequests(first);
    const fingerprint = first.state.journal.fingerprints.fp('a code used before and after');
    expect(before.length, 'set-up: requests journaled').toBeGreaterThan(0);
    await first.close();

    const second = await startSandbox({ dataDir });
    try {
      const after = await someRequests(second);
      expect(after.length, 'set-up: requests journaled after the restart').toBeGreaterThan(0);
      expect(Math.min(...after), 'numbered after the last record before the restart').toBeGreaterThan(
        Math.max(...before),
      );
      expect(
        second.state.journal.fingerprints.fp('a code used before and after'),
        'the same fingerprint',
      ).toBe(fingerprint);
    } finally {
      await second.close();
    }
    const fresh = await startSandbox({ dataDir, fresh: true });
    try {
      expect(
        fresh.state.journal.fingerprints.fp('a code used before and after'),
        'a fresh start has a key of its own',
      ).not.toBe(fingerprint);
    } finally {
      await fresh.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
