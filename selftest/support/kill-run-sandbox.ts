// The standalone sandbox of the kill run (kill-run.ts): started as `npm run sandbox` runs it, on a
// seed of one client and one user with ads, stopped as a host stops it, and called over HTTP.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { connect, type Socket } from 'node:net';
import { Agent, request } from 'undici';
import { childEnvironment } from '../../config/environment.js';
import { TEST_HELPERS_PREFIX, TOKEN_PATH } from '../../spec/paths.js';
import type { StartedSandbox } from '../../sandbox/start.js';
import type { SandboxSeed } from '../../sandbox/seed.js';
import { Browser, hiddenField } from './hostile.js';
import { killGroup, startCommand, type StartedCommand } from './process-group.js';

const KEY = 'kill-run-control-key';
const ROOT = join(__dirname, '..', '..');

export interface Demo {
  clientId: string;
  secret: string;
  redirectUri: string;
  login: string;
  password: string;
}

export interface Running {
  command: StartedCommand;
  appsUrl: string;
  authUrl: string;
  agent: Agent;
}

/** The seed's client and user: the same on every start (SANDBOX_SEED_FILE). */
export const DEMO: Demo = {
  clientId: 'kill-run-client',
  secret: 'kill-run-client-secret-0123456789',
  redirectUri: 'http://127.0.0.1:9/callback',
  login: 'kill-run-user',
  password: 'kill-run-user-password',
};

export function writeSeed(dir: string, ads: number): string {
  const file = join(dir, 'seed.json');
  const seed: SandboxSeed = {
    clients: [
      {
        client_id: DEMO.clientId,
        client_secret: DEMO.secret,
        name: 'Kill run',
        redirect_uris: [DEMO.redirectUri],
      },
    ],
    users: [{ login: DEMO.login, password: DEMO.password, name: 'Kill run', email: 'kill@run.example', ads }],
  };
  writeFileSync(file, JSON.stringify(seed));
  return file;
}

/** Ends the round's sandbox as asked; after a SIGTERM, its exit status. */
export async function stopped(sandbox: Running, signal: 'SIGKILL' | 'SIGTERM'): Promise<number | null> {
  if (signal === 'SIGKILL') {
    killGroup(sandbox.command.group);
    return null;
  }
  const held = await slowBody(sandbox.appsUrl);
  // A request sent after the held one's headers and answered: the server has read those headers.
  await call(sandbox, `${sandbox.appsUrl}${TEST_HELPERS_PREFIX}/switches`, {
    method: 'GET',
    headers: { 'x-sandbox-key': KEY },
  });
  const exited = new Promise<number | null>((resolve) => {
    sandbox.command.child.once('exit', (code) => {
      resolve(code);
    });
  });
  process.kill(sandbox.command.group, 'SIGTERM');
  const code = await exited;
  held.destroy();
  return code;
}

/** A request whose body never comes whole: its connection is held open until the server closes it. */
async function slowBody(appsUrl: string): Promise<Socket> {
  const { hostname, port } = new URL(appsUrl);
  const socket = connect({ host: hostname, port: Number(port) });
  socket.on('error', () => undefined);
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  await new Promise<void>((resolve) => {
    socket.write(
      `POST ${TEST_HELPERS_PREFIX}/users HTTP/1.1\r\nhost: ${hostname}\r\nx-sandbox-key: ${KEY}\r\n` +
        'content-type: application/json\r\ncontent-length: 1000\r\n\r\n{"login": "sl',
      () => {
        resolve();
      },
    );
  });
  return socket;
}

export async function started(dataDir: string, seedFile: string): Promise<Running> {
  const command = await startCommand(
    process.execPath,
    ['--import', 'tsx', 'sandbox/main.ts', '--data', dataDir],
    {
      cwd: ROOT,
      env: childEnvironment({
        SANDBOX_AUTH_PORT: '0',
        SANDBOX_APPS_PORT: '0',
        SANDBOX_TLS_DIR: join(dataDir, 'tls'),
        SANDBOX_CONTROL_KEY: KEY,
        SANDBOX_SEED_FILE: seedFile,
      }),
      timeoutMs: 60_000,
    },
  );
  const banner = command.banner;
  const field = (pattern: RegExp): string => {
    const found = pattern.exec(banner)?.[1];
    if (found === undefined) throw new Error(`set-up: the banner has no ${String(pattern)}: ${banner}`);
    return found;
  };
  const caFile = field(/CA: ([^)]+)\)/);
  return {
    command,
    appsUrl: field(/resource server\s+(\S+)/),
    authUrl: field(/authorization server\s+(\S+)/),
    agent: new Agent({ connect: { ca: readFileSync(caFile, 'utf8') } }),
  };
}

export async function call(
  sandbox: Running,
  url: string,
  init: { method: 'GET' | 'POST' | 'PUT'; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; body: string }> {
  const response = await request(url, { ...init, dispatcher: sandbox.agent });
  return { status: response.statusCode, body: await response.body.text() };
}

export function helper(
  sandbox: Running,
  method: 'POST' | 'PUT',
  path: string,
  body: unknown,
): Promise<{ status: number; body: string }> {
  return call(sandbox, `${sandbox.appsUrl}${TEST_HELPERS_PREFIX}${path}`, {
    method,
    headers: { 'x-sandbox-key': KEY, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** The code flow through the sandbox's own forms, as the demo user, for the demo client. */
export async function tokenOf(sandbox: Running): Promise<string> {
  const browser = new Browser({ authUrl: sandbox.authUrl } as unknown as StartedSandbox, sandbox.agent);
  const { clientId, redirectUri, login, password, secret } = DEMO;
  const page = await browser.authorize(clientId, redirectUri, 's', 'autoupload');
  const consent = page.body.includes('name="password"') ? await browser.logIn(page, login, password) : page;
  const approved = consent.body.includes('name="decision"')
    ? await browser.go('/oauth/consent', {
        request: hiddenField(consent, 'request'),
        csrf: hiddenField(consent, 'csrf'),
        decision: 'approve',
      })
    : consent;
  const code = new URL(approved.headers.location ?? 'none:').searchParams.get('code');
  if (code === null) throw new Error(`no code (${approved.status})`);
  const exchanged = await call(sandbox, `${sandbox.authUrl}${TOKEN_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: clientId,
      client_secret: secret,
    }).toString(),
  });
  if (exchanged.status !== 200) throw new Error(`the exchange answered ${exchanged.status}`);
  return (JSON.parse(exchanged.body) as { access_token: string }).access_token;
}
