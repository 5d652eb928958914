import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { exitOf as childExit } from './support/child-exit.js';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { request } from 'undici';
import { childEnvironment } from '../config/environment.js';
import { DATA_FILE_NAME } from '../sandbox/persist/data-file.js';
import { LOCK_DIR_NAME } from '../sandbox/persist/owner-lock.js';
import { startSandbox } from '../sandbox/start.js';
import { PUBLISHED_PATH, TEST_HELPERS_PREFIX } from '../spec/paths.js';
import { actors, sleep } from './support/hostile.js';
import { groupMembers, killGroup, startCommand, type StartedCommand } from './support/process-group.js';
import { tokenOf } from './support/token-flow.js';
import { patient } from '../helpers/target/patience.js';

/**
 * A sandbox killed outright leaves its locks in the data folder (docs/sandbox-service.md): the next
 * start finds their owner gone, takes them over with one line saying so, and keeps the state; a
 * start while a sandbox runs on the folder is refused at once, naming it. The sandbox is started
 * as `npm run sandbox` runs it (node on sandbox/main.ts), so the process killed holds the file.
 */
test.describe.configure({ mode: 'default' });

const KEY = 'stale-lock-control-key';
const ROOT = join(__dirname, '..');

const sandboxArgs = (dataDir: string): string[] => ['--import', 'tsx', 'sandbox/main.ts', '--data', dataDir];

const sandboxEnv = (dataDir: string): NodeJS.ProcessEnv =>
  childEnvironment({
    SANDBOX_AUTH_PORT: '0',
    SANDBOX_APPS_PORT: '0',
    SANDBOX_TLS_DIR: join(dataDir, 'tls'),
    SANDBOX_CONTROL_KEY: KEY,
  });

function running(dataDir: string): Promise<StartedCommand> {
  return startCommand(process.execPath, sandboxArgs(dataDir), {
    cwd: ROOT,
    env: sandboxEnv(dataDir),
    timeoutMs: 45_000,
  });
}

/** A start expected to stop by itself: its exit status and stderr. */
async function exitOf(dataDir: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, sandboxArgs(dataDir), {
    cwd: ROOT,
    env: sandboxEnv(dataDir),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return childExit(child);
}

const appsUrlOf = (started: StartedCommand): string =>
  /resource server\s+(https?:\/\/\S+)/.exec(started.banner)?.[1] ?? 'http://set-up.invalid';

async function call(
  url: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<{ status: number; body: string }> {
  const response = await request(url, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.statusCode, body: await response.body.text() };
}

function ownerPid(dataDir: string): number {
  const owner = JSON.parse(readFileSync(join(dataDir, LOCK_DIR_NAME, 'owner.json'), 'utf8')) as {
    pid: number;
  };
  return owner.pid;
}

async function gone(pid: number): Promise<void> {
  for (;;) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await sleep(50);
  }
}

/** A start beside a running sandbox: stopped at once with one line naming the owner. */
async function expectRefusedNaming(dataDir: string, holder: number): Promise<void> {
  const beside = await exitOf(dataDir);
  expect(beside.code, 'a second start on the folder stops by itself').not.toBeNull();
  expect(beside.code, 'with a failure status').not.toBe(0);
  expect(beside.stdout, 'it did not start').not.toContain('sandbox running');
  const lines = beside.stderr.trim().split('\n');
  expect(lines, beside.stderr).toHaveLength(1);
  expect(lines[0], 'the refusal names the owner').toContain(`pid ${holder} on ${hostname()}`);
}

/** A fresh start in this process: a user with two ads and a client's token for them; then closed. */
async function firstLife(dataDir: string): Promise<{ login: string; token: string }> {
  const sandbox = await startSandbox({ controlKey: KEY, dataDir, fresh: true });
  try {
    const actor = actors(sandbox);
    sandbox.state.ads.replace(actor.login, [
      { id: 'kept-1', status: 'pending_review' },
      { id: 'kept-2', list_id: '1002', status: 'published' },
    ]);
    return { login: actor.login, token: await tokenOf(sandbox, actor) };
  } finally {
    await sandbox.close();
  }
}

test('a sandbox killed outright: the next start takes its lock over at once and keeps the state; a start beside a live one is refused naming it', async () => {
  test.setTimeout(patient(150_000));
  const dataDir = mkdtempSync(join(tmpdir(), 'sandbox-stale-lock-'));
  const started: StartedCommand[] = [];
  try {
    const { login, token } = await firstLife(dataDir);
    const killed = await running(dataDir);
    started.push(killed);
    const changed = await call(
      `${appsUrlOf(killed)}${TEST_HELPERS_PREFIX}/users/${login}/ads/kept-1/status`,
      { 'x-sandbox-key': KEY },
      { status: 'published' },
    );
    expect(changed.status, `set-up: a status change before the kill ${changed.body}`).toBe(202);

    // The process that holds the file is the one the lock names (under the launcher that
    // re-executes node with the sandbox's settings): one of the started group.
    const holder = ownerPid(dataDir);
    expect(
      groupMembers(killed.group).some((member) => member.startsWith(`${holder} `)),
      `set-up: the lock's owner ${holder} is the started sandbox`,
    ).toBe(true);

    await expectRefusedNaming(dataDir, holder);

    // Past the batch of 20 ms that writes the status change, then killed with no chance to close.
    await sleep(500);
    process.kill(holder, 'SIGKILL');
    await gone(holder);
    expect(existsSync(join(dataDir, `${DATA_FILE_NAME}.lock`)), "the binding's lock the kill left").toBe(
      true,
    );

    const startedAt = Date.now();
    const restarted = await running(dataDir);
    started.push(restarted);
    test.info().annotations.push({ type: 'restart', description: `${Date.now() - startedAt} ms` });
    expect(restarted.stderr(), 'one line says the lock was taken over').toMatch(
      new RegExp(
        `^sandbox: \\S+ was locked by the sandbox of pid ${holder} .*which is gone: lock taken over\\n$`,
      ),
    );
    const listed = await call(`${appsUrlOf(restarted)}${PUBLISHED_PATH}?fetch_size=10`, {
      authorization: `Bearer ${token}`,
    });
    expect(listed.status, `the listing with the token issued before the kill: ${listed.body}`).toBe(200);
    const ads = (JSON.parse(listed.body) as { data: Array<{ id: string; status: string }> }).data;
    expect(
      ads.map((ad) => `${ad.id} ${ad.status}`).sort(),
      'the ads, with the change made before the kill',
    ).toEqual(['kept-1 published', 'kept-2 published']);
  } finally {
    for (const command of started) killGroup(command.group);
    rmSync(dataDir, { recursive: true, force: true });
  }
});
