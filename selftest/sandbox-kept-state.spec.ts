import { spawn } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import {
  closeSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { exitOf as childExit } from './support/child-exit.js';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { childEnvironment } from '../config/environment.js';
import { Database } from 'node-sqlite3-wasm';
import {
  DATA_FILE_NAME,
  rowSum,
  SCHEMA_VERSION,
  VERSION_WITHOUT_SUMS,
} from '../sandbox/persist/data-file.js';
import { NOTIFICATION_PATH, PUBLISHED_PATH, TEST_HELPERS_PREFIX } from '../spec/paths.js';
import { startSandbox, type StartedSandbox } from '../sandbox/start.js';
import { actors, caller, Receiver, send, sleep, type Answer } from './support/hostile.js';
import { tokenOf } from './support/token-flow.js';
import { patient } from '../helpers/target/patience.js';

/**
 * The standalone sandbox keeps its state in a data folder (docs/sandbox-service.md): after a
 * restart on the same folder a client's token still lists the user's ads, its notification
 * configuration still delivers, and the CA is the same; `fresh` starts empty.
 */
test.describe.configure({ mode: 'default' });

const KEY = 'kept-state-control-key';

const start = (dataDir: string, fresh = false): Promise<StartedSandbox> =>
  startSandbox({ controlKey: KEY, dataDir, fresh });

const fingerprint = (sandbox: StartedSandbox): string =>
  new X509Certificate(readFileSync(sandbox.caFile)).fingerprint256;

function listing(sandbox: StartedSandbox, token: string): Promise<Answer> {
  return send(caller(sandbox), `${sandbox.appsUrl}${PUBLISHED_PATH}?fetch_size=10`, {
    method: 'GET',
    headers: { authorization: `Bearer ${token}` },
  });
}

function changeStatus(sandbox: StartedSandbox, login: string, adId: string, status: string): Promise<Answer> {
  return send(caller(sandbox), `${sandbox.appsUrl}${TEST_HELPERS_PREFIX}/users/${login}/ads/${adId}/status`, {
    method: 'POST',
    headers: { 'x-sandbox-key': KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ status }),
  });
}

async function arrivalsReach(receiver: Receiver, count: number, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + patient(timeoutMs);
  while (receiver.arrivals.length < count && Date.now() < deadline) await sleep(50);
  return receiver.arrivals.length;
}

interface FirstLife {
  actor: ReturnType<typeof actors>;
  token: string;
  ca: string;
}

/** A fresh start: a client, a user with two ads, a token and a configuration; then closed. */
async function firstLife(dataDir: string, receiverUrl: string): Promise<FirstLife> {
  const sandbox = await start(dataDir, true);
  try {
    const actor = actors(sandbox);
    sandbox.state.ads.replace(actor.login, [
      { id: 'kept-1', status: 'pending_review' },
      { id: 'kept-2', list_id: '1002', status: 'published' },
    ]);
    const token = await tokenOf(sandbox, actor);
    const created = await send(caller(sandbox), `${sandbox.appsUrl}${NOTIFICATION_PATH}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        method: 'POST',
        url: `${receiverUrl}/kept`,
        media_type: 'application/json',
        token: 'kept-notification-token',
      }),
    });
    expect(created.status, `set-up: the configuration ${created.body}`).toBe(201);
    return { actor, token, ca: fingerprint(sandbox) };
  } finally {
    await sandbox.close();
  }
}

test('a restart on the same data folder keeps the token, the configuration, the ads and the CA; --fresh starts empty', async () => {
  test.setTimeout(patient(60_000));
  const dataDir = mkdtempSync(join(tmpdir(), 'sandbox-kept-'));
  const receiver = new Receiver();
  const { actor, token, ca } = await firstLife(dataDir, await receiver.start());
  let sandbox = await start(dataDir);
  try {
    const listed = await listing(sandbox, token);
    expect(listed.status, `the listing with the token issued before the restart: ${listed.body}`).toBe(200);
    const ids = (JSON.parse(listed.body) as { data: Array<{ id: string }> }).data.map((ad) => ad.id);
    expect(ids.sort(), 'the ads held before the restart').toEqual(['kept-1', 'kept-2']);
    const changed = await changeStatus(sandbox, actor.login, 'kept-1', 'published');
    expect(changed.status, 'set-up: a status change').toBe(202);
    expect(
      await arrivalsReach(receiver, 1, 10_000),
      'deliveries to the configuration made before the restart',
    ).toBe(1);
    expect(receiver.arrivals[0]?.path).toBe('/kept');
    expect(fingerprint(sandbox), "the CA's fingerprint after the restart").toBe(ca);
    await sandbox.close();

    sandbox = await start(dataDir);
    const again = JSON.parse((await listing(sandbox, token)).body) as {
      data: Array<{ id: string; status: string }>;
    };
    expect(
      again.data.find((ad) => ad.id === 'kept-1')?.status,
      'a status changed, after another restart',
    ).toBe('published');
    await sandbox.close();

    sandbox = await start(dataDir, true);
    expect((await listing(sandbox, token)).status, 'the old token on a fresh start').toBe(401);
    expect(sandbox.state.clients.find(actor.clientId), 'the old client on a fresh start').toBeUndefined();
    expect(fingerprint(sandbox), 'a fresh start makes a new CA').not.toBe(ca);
  } finally {
    await sandbox.close();
    await receiver.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('the embedded sandbox keeps nothing: no data folder, and a second start is empty', async () => {
  const first = await startSandbox({ controlKey: KEY });
  const { clientId } = actors(first);
  expect(first.persistence, 'an embedded sandbox has no data file').toBeUndefined();
  await first.close();
  const second = await startSandbox({ controlKey: KEY });
  try {
    expect(second.state.clients.find(clientId)).toBeUndefined();
  } finally {
    await second.close();
  }
});

/** `npm run sandbox`'s program on a data folder: its exit status and what it wrote to stderr. */
async function standalone(dataDir: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/main.ts', '--data', dataDir], {
    cwd: join(__dirname, '..'),
    env: childEnvironment({
      SANDBOX_AUTH_PORT: '0',
      SANDBOX_APPS_PORT: '0',
      SANDBOX_TLS_DIR: join(dataDir, 'tls'),
      SANDBOX_CONTROL_KEY: KEY,
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return childExit(child);
}

/** A data file of version 2 (rows without checksums) holding 2,000 rows of users (about 300 kB). */
function wholeFile(path: string): void {
  const db = new Database(path);
  db.exec(`CREATE TABLE rows (store TEXT NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL, PRIMARY KEY (store, key));
    PRAGMA user_version = ${VERSION_WITHOUT_SUMS}; BEGIN`);
  for (let index = 0; index < 2000; index += 1)
    db.run('INSERT INTO rows VALUES (?, ?, ?)', [
      'users',
      `user-${index}`,
      JSON.stringify({ pad: 'x'.repeat(100) }),
    ]);
  db.exec('COMMIT');
  db.close();
}

const UNUSABLE_FILES: Array<{ title: string; write: (path: string) => void; said: RegExp }> = [
  {
    title: "another program's file",
    write: (path) => {
      writeFileSync(path, 'not a database, '.repeat(512));
    },
    said: /not a sandbox data file/,
  },
  {
    title: 'an empty data file',
    write: (path) => {
      writeFileSync(path, '');
    },
    said: /empty \(0 bytes\)/,
  },
  {
    title: 'a truncated data file',
    write: (path) => {
      wholeFile(path);
      truncateSync(path, Math.floor(statSync(path).size / 2));
    },
    said: /damaged, truncated/,
  },
  {
    title: 'a data file with a damaged page',
    write: (path) => {
      wholeFile(path);
      const file = openSync(path, 'r+');
      writeSync(file, Buffer.alloc(4096, 0x41), 0, 4096, 4096 * 5);
      closeSync(file);
    },
    said: /damaged/,
  },
  {
    title: 'a data file of another schema version',
    write: (path) => {
      const db = new Database(path);
      db.exec(
        `CREATE TABLE rows (store TEXT, key TEXT, value TEXT); PRAGMA user_version = ${SCHEMA_VERSION + 1}`,
      );
      db.close();
    },
    said: new RegExp(`schema version ${SCHEMA_VERSION + 1}, this sandbox reads version ${SCHEMA_VERSION}`),
  },
  {
    title: 'a data file of schema version 1 whose ads cannot be converted',
    write: (path) => {
      const db = new Database(path);
      db.exec(`CREATE TABLE rows (store TEXT NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL, PRIMARY KEY (store, key));
        PRAGMA user_version = 1; INSERT INTO rows VALUES ('ads', '["neither", "someone"]', '1')`);
      db.close();
    },
    said: /a data file of schema version 1 that cannot be converted/,
  },
  {
    title: 'a data file with a row that is not JSON',
    write: (path) => {
      const db = new Database(path);
      db.exec(`CREATE TABLE rows (store TEXT NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL, sum TEXT, PRIMARY KEY (store, key));
        PRAGMA user_version = ${SCHEMA_VERSION}`);
      db.run("INSERT INTO rows VALUES ('users', 'someone', '{not json', ?)", [
        rowSum('users', 'someone', '{not json'),
      ]);
      db.close();
    },
    said: /a row of users is not JSON/,
  },
];

for (const { title, write, said } of UNUSABLE_FILES) {
  test(`${title} stops the start with one line on stderr and a non-zero exit, and is left as it was`, async () => {
    test.setTimeout(patient(60_000));
    const dataDir = mkdtempSync(join(tmpdir(), 'sandbox-unusable-'));
    try {
      mkdirSync(dataDir, { recursive: true });
      const path = join(dataDir, DATA_FILE_NAME);
      write(path);
      const before = readFileSync(path);
      const { code, stdout, stderr } = await standalone(dataDir);
      expect(code, 'it exited by itself').not.toBeNull();
      expect(code, 'it exited with a failure status').not.toBe(0);
      expect(stdout, 'it did not start').not.toContain('sandbox running');
      const lines = stderr.trim().split('\n');
      expect(lines, stderr).toHaveLength(1);
      expect(lines[0]).toMatch(said);
      expect(lines[0], 'naming the file and the way to start again').toContain(`${path}: `);
      expect(lines[0]).toContain('--fresh');
      expect(readFileSync(path).equals(before), 'the file is not reset').toBe(true);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
}
