// How the standalone sandbox is reached (sandbox/service/control-key.ts, bin/control.ts): its control
// key kept in the data folder across restarts (mode 600) and changed only by `sandbox --new-key`;
// `switches` finding the running sandbox there without SANDBOX_CONTROL_URL/KEY, and a refused key
// named as SANDBOX_CONTROL_KEY; `--account --chaos` on the account's clients; the rehearsal
// account's redirect URIs on a port a browser loads.
import { spawn, spawnSync, type ChildProcessByStdio } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { expect, test } from '@playwright/test';
import { loadAccount } from '../bin/sandbox-account.js';
import { childEnvironment } from '../config/environment.js';
import { exitOf } from './support/child-exit.js';
import { freePort } from './support/listen.js';
import { patient } from '../helpers/target/patience.js';

const COMMAND = resolve(__dirname, '..', 'bin', 'classifieds-conformance.mjs');
const START_TIMEOUT_MS = 90_000;

type Child = ChildProcessByStdio<null, Readable, Readable>;

async function environmentWithPorts(): Promise<NodeJS.ProcessEnv> {
  return childEnvironment({
    SANDBOX_AUTH_PORT: String(await freePort()),
    SANDBOX_APPS_PORT: String(await freePort()),
    SANDBOX_CONTROL_URL: undefined,
    SANDBOX_CONTROL_KEY: undefined,
    SANDBOX_TLS_DIR: undefined,
    SANDBOX_CHAOS: undefined,
  });
}

/** The command started in a group of its own; resolves with what it printed up to `last`. */
async function started(args: readonly string[], cwd: string, env: NodeJS.ProcessEnv, last: RegExp) {
  const child: Child = spawn(process.execPath, [COMMAND, ...args], {
    cwd,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const printed = await new Promise<string>((resolvePrinted, reject) => {
    let text = '';
    const timer = setTimeout(() => {
      reject(new Error(`set-up: no banner in ${START_TIMEOUT_MS} ms: ${stderr}`));
    }, START_TIMEOUT_MS);
    child.once('exit', (code) => {
      reject(new Error(`the sandbox exited (${code}) before its banner: ${stderr}`));
    });
    createInterface({ input: child.stdout }).on('line', (line) => {
      text += `${line}\n`;
      if (!last.test(line)) return;
      clearTimeout(timer);
      resolvePrinted(text);
    });
  });
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
    await exitOf(child, 15_000);
  };
  return { printed, stop, stderr: () => stderr };
}

function command(args: readonly string[], cwd: string, env: NodeJS.ProcessEnv) {
  return spawnSync(process.execPath, [COMMAND, ...args], { cwd, env, encoding: 'utf8', timeout: 60_000 });
}

test('the control key is kept in the data folder across a restart, found by switches, and new only with --new-key', async () => {
  test.setTimeout(patient(4 * START_TIMEOUT_MS));
  const dir = mkdtempSync(join(tmpdir(), 'control-key-'));
  const env = await environmentWithPorts();
  const keyFile = join(dir, '.conformance', 'sandbox-data', 'control-key');
  try {
    const first = await started(['sandbox'], dir, env, /demo user/);
    const key = readFileSync(keyFile, 'utf8').trim();
    expect(statSync(keyFile).mode & 0o777, 'the key file is mode 600').toBe(0o600);
    expect(first.printed, 'the banner says where the key is kept').toContain('control-key');
    const listed = command(['switches'], dir, env);
    expect(listed.status, `switches without SANDBOX_CONTROL_URL/KEY: ${listed.stderr}`).toBe(0);
    expect(listed.stdout).toContain('chaos');
    const wrong = command(['switches'], dir, { ...env, SANDBOX_CONTROL_KEY: 'not-the-key-of-this-sandbox' });
    expect(wrong.status).toBe(1);
    expect(wrong.stderr, 'a refused key names the variable').toContain('SANDBOX_CONTROL_KEY');
    await first.stop();

    const second = await started(['sandbox'], dir, env, /demo user/);
    expect(readFileSync(keyFile, 'utf8').trim(), 'the same key after a restart').toBe(key);
    expect(command(['switches'], dir, env).status).toBe(0);
    await second.stop();

    const third = await started(['sandbox', '--new-key'], dir, env, /demo user/);
    const rotated = readFileSync(keyFile, 'utf8').trim();
    expect(rotated, '--new-key replaces it').not.toBe(key);
    const old = command(['switches'], dir, { ...env, SANDBOX_CONTROL_KEY: key });
    expect(old.status, 'the key before is refused').toBe(1);
    expect(command(['switches'], dir, env).status).toBe(0);
    await third.stop();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("--account --chaos applies to the account's clients, and its CA is in the data folder", async () => {
  test.setTimeout(patient(2 * START_TIMEOUT_MS));
  const dir = mkdtempSync(join(tmpdir(), 'account-chaos-'));
  const env = await environmentWithPorts();
  try {
    const sandbox = await started(
      ['sandbox', '--account', '--ads', '3', '--chaos', 'user-info-gone', '--seed', '4'],
      dir,
      env,
      /^TARGET_AUTH_URL=/,
    );
    const account = loadAccount(join(dir, '.conformance', 'sandbox-account.json'), undefined);
    const ids = account.clients.map((client) => client.client_id);
    expect(sandbox.printed).toMatch(new RegExp(`chaos +user-info-gone for ${ids.join(', ')}, seed 4`));
    expect(sandbox.printed).toContain(`CA: ${join(dir, '.conformance', 'sandbox-data', 'ca.pem')}`);
    expect(sandbox.stderr()).toBe('');
    await sandbox.stop();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("the rehearsal account's redirect URIs are on a port a browser loads, a state file on port 9 moved", () => {
  const dir = mkdtempSync(join(tmpdir(), 'account-port-'));
  try {
    const file = join(dir, 'account.json');
    const made = loadAccount(file, 1);
    const uris = made.clients.flatMap((client) => client.redirect_uris);
    for (const uri of uris) expect(new URL(uri).port).toBe('8765');
    const old = readFileSync(file, 'utf8').replaceAll('127.0.0.1:8765', '127.0.0.1:9');
    writeFileSync(file, old);
    const moved = loadAccount(file, undefined);
    expect(moved.clients.flatMap((client) => client.redirect_uris)).toEqual(uris);
    expect(readFileSync(file, 'utf8')).not.toContain('127.0.0.1:9/');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
