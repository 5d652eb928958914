import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { DATA_FILE_NAME } from '../sandbox/persist/data-file.js';
import { startSandbox, type StartedSandbox } from '../sandbox/start.js';
import { PUBLISHED_PATH, TEST_HELPERS_PREFIX, TOKEN_PATH } from '../spec/paths.js';
import { actors, caller, send, sleep, type Answer } from './support/hostile.js';
import { tokenOf } from './support/token-flow.js';

/**
 * A file that cannot be written stops acknowledging (docs/sandbox-service.md): while every write
 * of the data file fails (a full disk, injected at the persistence's seam `beforeCommit`, as
 * SQLite reports it), a change is answered 503 in its endpoint's own format, the console says why
 * once, reads go on; once the file can be written again, the changes that waited are written
 * first, in order, and changes are accepted again. Before, the sandbox answered 201 and dropped the
 * change. A data file removed under the sandbox is refused the same way.
 */
test.describe.configure({ mode: 'default' });

const KEY = 'unwritable-control-key';

function newUser(sandbox: StartedSandbox, login: string): Promise<Answer> {
  return send(caller(sandbox), `${sandbox.appsUrl}${TEST_HELPERS_PREFIX}/users`, {
    method: 'POST',
    headers: { 'x-sandbox-key': KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ login }),
  });
}

function tokenRequest(sandbox: StartedSandbox, clientId: string, secret: string): Promise<Answer> {
  return send(caller(sandbox), `${sandbox.authUrl}${TOKEN_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: 'no-such-code',
      redirect_uri: 'http://127.0.0.1:9/callback',
      client_id: clientId,
      client_secret: secret,
    }).toString(),
  });
}

/** What the sandbox says on stderr meanwhile. */
function stderrLines(): { lines: string[]; restore: () => void } {
  const lines: string[] = [];
  const original = console.error;
  console.error = (...parts: unknown[]) => {
    lines.push(parts.map(String).join(' '));
  };
  return { lines, restore: () => (console.error = original) };
}

/** While every write fails: changes refused in their endpoints' formats, reads answered, said once. */
async function expectRefusals(
  sandbox: StartedSandbox,
  actor: ReturnType<typeof actors>,
  token: string,
  said: readonly string[],
): Promise<void> {
  // The change that met the failure: made in memory, refused, kept waiting for the file.
  const met = await newUser(sandbox, 'met-the-full-disk');
  expect(met.status, `the change that met the full disk ${met.body}`).toBe(503);
  expect(JSON.parse(met.body), 'in the helpers format').toHaveProperty('reason');
  const later = await newUser(sandbox, 'while-full');
  expect(later.status, 'a change while the file cannot be written').toBe(503);
  const exchange = await tokenRequest(sandbox, actor.clientId, actor.secret);
  expect(exchange.status, 'the token endpoint too').toBe(503);
  expect(JSON.parse(exchange.body), 'in its own 7.2 format').toHaveProperty('error');
  const read = await send(caller(sandbox), `${sandbox.appsUrl}${PUBLISHED_PATH}?fetch_size=5`, {
    method: 'GET',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(read.status, 'reads go on').toBe(200);
  expect(
    said.filter((line) => line.includes('cannot be written')),
    'the console said why, once',
  ).toHaveLength(1);
}

test('a data file that cannot be written: changes answered 503 in their own format, said once, reads go on, then written in order', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sandbox-unwritable-'));
  const said = stderrLines();
  try {
    const first = await startSandbox({ controlKey: KEY, dataDir, fresh: true });
    const actor = actors(first);
    const token = await tokenOf(first, actor);
    const persistence = first.persistence;
    if (persistence === undefined) throw new Error('set-up: no data folder');
    persistence.beforeCommit = () => {
      throw new Error('database or disk is full');
    };

    await expectRefusals(first, actor, token, said.lines);

    persistence.beforeCommit = () => undefined;
    let after = await newUser(first, 'after-the-disk-was-freed');
    // The file is tried again every half second: the first change accepted is the event.
    while (after.status === 503) {
      await sleep(100);
      after = await newUser(first, 'after-the-disk-was-freed');
    }
    expect(after.status, `a change once the file can be written ${after.body}`).toBe(201);
    expect(
      said.lines.filter((line) => line.includes('written again')),
      'said once',
    ).toHaveLength(1);
    await first.close();

    const second = await startSandbox({ controlKey: KEY, dataDir });
    try {
      expect(second.state.users.has('after-the-disk-was-freed'), 'the change accepted after').toBe(true);
      expect(
        second.state.users.has('met-the-full-disk'),
        'kept with it: the change made before it, which waited',
      ).toBe(true);
      expect(second.state.users.has('while-full'), 'a change refused before it was made').toBe(false);

      rmSync(join(dataDir, DATA_FILE_NAME));
      const removed = await newUser(second, 'after-removal');
      expect(removed.status, 'a change once the data file was removed').toBe(503);
      expect(
        said.lines.some((line) => line.includes('the file was removed')),
        said.lines.join('\n'),
      ).toBe(true);
    } finally {
      await second.close();
    }
  } finally {
    said.restore();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
