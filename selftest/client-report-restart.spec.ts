import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import type { JournalRecord } from '../spec/journal.js';
import { mergedRead } from '../bin/card-journal.js';
import { childEnvironment } from '../config/environment.js';
import { writeControlReach } from '../sandbox/service/control-key.js';
import { startSandbox, type StartedSandbox } from '../sandbox/start.js';
import { exitOf } from './support/child-exit.js';
import { caller, send } from './support/hostile.js';

/**
 * A card after a restart: `client-report` reaching the sandbox through its data folder
 * (control.json) grades what the folder's journal.jsonl holds of the starts before, with what the
 * running sandbox holds since, each record once; reached by URL alone, it says where the rest is.
 */
const KEY = 'client-report-restart-control-key';

let dir: string;
test.beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'client-report-restart-'));
});
test.afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** The sandbox on the data folder, its control.json written as the standalone sandbox writes it. */
async function started(dataDir: string): Promise<StartedSandbox> {
  const sandbox = await startSandbox({ dataDir, controlKey: KEY });
  const { controlUrl, authUrl, appsUrl, caFile } = sandbox;
  writeControlReach(dataDir, { controlUrl, key: KEY, authUrl, appsUrl, caFile });
  return sandbox;
}

/** A token request of the client (a code it never had): one journal record of the client. */
async function askToken(sandbox: StartedSandbox, clientId: string, secret: string): Promise<void> {
  const body = new URLSearchParams({
    grant_type: 'authorization_code',
    code: 'never-issued',
    redirect_uri: 'http://127.0.0.1:9/callback',
    client_id: clientId,
    client_secret: secret,
  }).toString();
  const answer = await send(caller(sandbox), `${sandbox.authUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });
  expect(answer.status).toBe(400);
}

function clientReport(args: readonly string[]): ReturnType<typeof exitOf> {
  const child = spawn(
    process.execPath,
    [require.resolve('tsx/cli'), resolve('bin/cli.ts'), 'client-report', ...args],
    {
      cwd: dir,
      env: childEnvironment({ SANDBOX_CONTROL_URL: undefined, SANDBOX_CONTROL_KEY: undefined }),
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  return exitOf(child);
}

test('after a restart, the card found through the data folder grades the records of both starts', async () => {
  const data = join(dir, 'data');
  const first = await started(data);
  const { client, secret } = first.state.clients.register(['http://127.0.0.1:9/callback'], 'Restarted');
  await askToken(first, client.clientId, secret);
  await askToken(first, client.clientId, secret);
  await first.close();
  const second = await started(data);
  try {
    await askToken(second, client.clientId, secret);
    const byFolder = await clientReport(['--client-id', client.clientId, '--data', data]);
    expect(byFolder.stdout).toContain(
      `journal: 3 records of client ${client.clientId} from ${join(data, 'journal.jsonl')} (every start)`,
    );
    const byUrl = await clientReport([
      '--client-id',
      client.clientId,
      '--control-url',
      second.controlUrl,
      '--key',
      KEY,
    ]);
    expect(byUrl.stdout).toContain(`journal: 1 records of client ${client.clientId} from the sandbox at`);
    expect(byUrl.stdout).toContain("the journal of the starts before is its data folder's journal.jsonl");
  } finally {
    await second.close();
  }
});

function record(seq: number, path: string): JournalRecord {
  return {
    kind: 'request',
    seq,
    at: '2026-12-08T00:00:00.000Z',
    client_id: 'c',
    path,
  } as unknown as JournalRecord;
}

test("the file's records and the running sandbox's merge each seq once, the sandbox's copy kept", () => {
  const file = { records: [record(1, 'a'), record(2, 'file')], dropped: 0, claimed: 1 };
  const memory = { records: [record(2, 'memory'), record(3, 'c')], dropped: 4, claimed: 0 };
  const merged = mergedRead(file, memory);
  expect(merged.records.map((one) => [one.seq, (one as unknown as { path: string }).path])).toEqual([
    [1, 'a'],
    [2, 'memory'],
    [3, 'c'],
  ]);
  expect(merged).toMatchObject({ dropped: 0, claimed: 1 });
  expect(mergedRead(file, memory, 2)).toMatchObject({ leftOut: 1 });
});
