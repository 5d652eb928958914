// The sandbox as an integrator starts it for a client's tests: the package's command as a child
// process (in a process group of its own), on loopback with free ports, in memory, a chaos profile
// and seed for every client; its test helpers register the client and the user.
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import type { RegisteredClient } from '../../examples/client/test/harness.js';
import type { User } from '../../examples/client/test/browser.js';
import { childEnvironment } from '../../config/environment.js';
import { freePort } from './listen.js';

const COMMAND = resolve(__dirname, '..', '..', 'bin', 'classifieds-conformance.mjs');
const START_TIMEOUT_MS = 60_000;

export interface ClientSandbox {
  authUrl: string;
  appsUrl: string;
  controlUrl: string;
  caFile: string;
  key: string;
  stop: () => Promise<void>;
}

function bannerValue(banner: string, pattern: RegExp, what: string): string {
  const value = pattern.exec(banner)?.[1];
  if (value === undefined) throw new Error(`set-up: the sandbox's banner names no ${what}: ${banner}`);
  return value;
}

/** Resolves with what the sandbox printed up to its demo user's line, the banner's last. */
function banner(child: ChildProcessByStdio<null, Readable, Readable>): Promise<string> {
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  return new Promise<string>((resolveBanner, reject) => {
    let printed = '';
    const timer = setTimeout(() => {
      reject(new Error(`set-up: no banner in ${START_TIMEOUT_MS} ms: ${stderr}`));
    }, START_TIMEOUT_MS);
    child.once('exit', (code) => {
      reject(new Error(`set-up: the sandbox exited (${code}): ${stderr}`));
    });
    createInterface({ input: child.stdout }).on('line', (line) => {
      printed += `${line}\n`;
      if (!line.includes('demo user')) return;
      clearTimeout(timer);
      resolveBanner(printed);
    });
  });
}

/** Stops the sandbox's process group (SIGTERM, then SIGKILL after 10 s) and removes its folder. */
function stopper(child: ChildProcessByStdio<null, Readable, Readable>, dir: string): () => Promise<void> {
  const exited = new Promise<void>((resolveExit) =>
    child.once('exit', () => {
      resolveExit();
    }),
  );
  const signal = (name: NodeJS.Signals): void => {
    if (child.exitCode === null && child.pid !== undefined) process.kill(-child.pid, name);
  };
  return async () => {
    signal('SIGTERM');
    const timer = setTimeout(() => {
      signal('SIGKILL');
    }, 10_000);
    await exited;
    clearTimeout(timer);
    rmSync(dir, { recursive: true, force: true });
  };
}

/** `classifieds-conformance sandbox --in-memory --chaos PROFILE --seed SEED --chaos-clients all`. */
export async function startClientSandbox(profile: string, seed: number): Promise<ClientSandbox> {
  const dir = mkdtempSync(join(tmpdir(), 'reference-client-'));
  const key = randomBytes(24).toString('base64url');
  const args = [
    'sandbox',
    '--in-memory',
    '--chaos',
    profile,
    '--seed',
    String(seed),
    '--chaos-clients',
    'all',
  ];
  const child = spawn(process.execPath, [COMMAND, ...args], {
    cwd: dir,
    env: childEnvironment({
      SANDBOX_AUTH_PORT: '0',
      SANDBOX_APPS_PORT: '0',
      SANDBOX_CONTROL_KEY: key,
      SANDBOX_TLS_DIR: join(dir, 'tls'),
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const stop = stopper(child, dir);
  try {
    const printed = await banner(child);
    return {
      authUrl: bannerValue(printed, /authorization server\s+(\S+)/, 'authorization server'),
      caFile: bannerValue(printed, /\(HTTPS, CA: (.+)\)/, 'CA file'),
      appsUrl: bannerValue(printed, /resource server\s+(\S+)/, 'resource server'),
      controlUrl: bannerValue(printed, /test helpers\s+(\S+)\/test_helpers\/v1/, 'control URL'),
      key,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** A test helper's call (contract, section 2); its JSON answer. */
async function helper(sandbox: ClientSandbox, method: string, path: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${sandbox.controlUrl}/test_helpers/v1${path}`, {
    method,
    headers: { 'x-sandbox-key': sandbox.key, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`set-up: ${method} ${path} answered ${response.status}`);
  return response.json();
}

/** A client whose redirect URI is on a free port, and a user, both new. */
export async function registerClientAndUser(
  sandbox: ClientSandbox,
): Promise<{ client: RegisteredClient; user: User }> {
  const redirect = `http://127.0.0.1:${await freePort()}/callback`;
  const client = (await helper(sandbox, 'POST', '/clients', {
    redirect_uris: [redirect],
  })) as RegisteredClient;
  const user = (await helper(sandbox, 'POST', '/users', {})) as User;
  return { client, user };
}

/** The `chaos` switch changed while the sandbox runs (fields left out keep their value). */
export async function setChaos(sandbox: ClientSandbox, value: Record<string, unknown>): Promise<void> {
  await helper(sandbox, 'PUT', '/switches/chaos', { value });
}

/** Sets one of the sandbox's switches (GET /test_helpers/v1/switches lists them). */
export async function setSwitch(sandbox: ClientSandbox, name: string, value: unknown): Promise<void> {
  await helper(sandbox, 'PUT', `/switches/${name}`, { value });
}
