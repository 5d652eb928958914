// Acknowledged means kept, checked the way a host breaks it (docs/sandbox-service.md): the
// standalone sandbox runs as `npm run sandbox` runs it, on one data folder, under a load of
// changes from several clients at once (users and clients registered, ad statuses changed, tokens
// issued through the code flow); at a random instant its whole process group is killed outright
// (SIGKILL), it is started again on the folder, and every change it acknowledged (a 2xx) before
// the kill is looked for. A change sent but not answered may or may not be there: both are right.
import { randomInt } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { childEnvironment } from '../../config/environment.js';
import { PUBLISHED_PATH, TEST_HELPERS_PREFIX, TOKEN_PATH } from '../../spec/paths.js';
import type { StartedSandbox } from '../../sandbox/start.js';
import { MAX_TOKENS_PER_CLIENT_AND_USER } from '../../sandbox/store/tokens.js';
import { seededAds, type SandboxSeed } from '../../sandbox/seed.js';
import { Browser, hiddenField } from './hostile.js';
import { killGroup, startCommand, type StartedCommand } from './process-group.js';

const KEY = 'kill-run-control-key';
const ROOT = join(__dirname, '..', '..');
const STATUSES = ['published', 'refused', 'deleted', 'pending_review'] as const;
const ADS = 40;
const WORKERS = 6;
const TOKENS_LOOKED_FOR = MAX_TOKENS_PER_CLIENT_AND_USER - WORKERS;

export interface KillRunOptions {
  kills: number;
  /** The longest a round's load runs before its kill (a random instant up to it). */
  maxLoadMs?: number;
  /** Told each round's figures (the command prints them). */
  onRound?: (round: RoundFigures) => void;
}

export interface RoundFigures {
  round: number;
  loadMs: number;
  acknowledged: number;
  /** Acknowledged changes not found after the restart, each named. */
  lost: string[];
}

export type KillRunFigures = { kills: number; acknowledged: number; lost: string[] };

/** What the clients were told was done, and what they sent without an answer. */
interface Acknowledged {
  /** Every change acknowledged. */
  count: number;
  users: string[];
  clients: Array<{ id: string; secret: string }>;
  tokens: string[];
  /** Per ad, the statuses it may hold: the last acknowledged, then those sent since unanswered. */
  statuses: Map<string, { acknowledged: string; unanswered: string[] }>;
}

interface Demo {
  clientId: string;
  secret: string;
  redirectUri: string;
  login: string;
  password: string;
}

interface Running {
  command: StartedCommand;
  appsUrl: string;
  authUrl: string;
  agent: Agent;
}

/** The seed's client and user: the same on every start (SANDBOX_SEED_FILE). */
const DEMO: Demo = {
  clientId: 'kill-run-client',
  secret: 'kill-run-client-secret-0123456789',
  redirectUri: 'http://127.0.0.1:9/callback',
  login: 'kill-run-user',
  password: 'kill-run-user-password',
};

function writeSeed(dir: string): string {
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
    users: [
      { login: DEMO.login, password: DEMO.password, name: 'Kill run', email: 'kill@run.example', ads: ADS },
    ],
  };
  writeFileSync(file, JSON.stringify(seed));
  return file;
}

export async function killRun(options: KillRunOptions): Promise<KillRunFigures> {
  const folder = mkdtempSync(join(tmpdir(), 'sandbox-kill-run-'));
  const dataDir = join(folder, 'data');
  const seedFile = writeSeed(folder);
  const acknowledged: Acknowledged = { count: 0, users: [], clients: [], tokens: [], statuses: new Map() };
  for (const ad of seededAds(DEMO.login, ADS))
    acknowledged.statuses.set(ad.id, { acknowledged: ad.status, unanswered: [] });
  const lost: string[] = [];
  let sandbox = await started(dataDir, seedFile);
  try {
    acknowledged.tokens.push(await tokenOf(sandbox));
    acknowledged.count += 1;
    for (let round = 1; round <= options.kills; round += 1) {
      const before = acknowledged.count;
      const loadMs = randomInt(50, options.maxLoadMs ?? 1500);
      const stop = { stopped: false };
      const load = Array.from({ length: WORKERS }, (_, worker) =>
        loadOf(sandbox, worker, acknowledged, stop),
      );
      await new Promise((resolve) => setTimeout(resolve, loadMs));
      killGroup(sandbox.command.group);
      stop.stopped = true;
      await Promise.all(load);
      await sandbox.agent.close();
      sandbox = await started(dataDir, seedFile);
      const missing = await missingOf(sandbox, acknowledged);
      lost.push(...missing.map((what) => `round ${round}: ${what}`));
      options.onRound?.({ round, loadMs, acknowledged: acknowledged.count - before, lost: missing });
    }
    return { kills: options.kills, acknowledged: acknowledged.count, lost };
  } finally {
    killGroup(sandbox.command.group);
    await sandbox.agent.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

async function started(dataDir: string, seedFile: string): Promise<Running> {
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

async function call(
  sandbox: Running,
  url: string,
  init: { method: 'GET' | 'POST' | 'PUT'; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; body: string }> {
  const response = await request(url, { ...init, dispatcher: sandbox.agent });
  return { status: response.statusCode, body: await response.body.text() };
}

function helper(
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
async function tokenOf(sandbox: Running): Promise<string> {
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

/** One client's changes, one after the other, until the kill; each acknowledged one recorded. */
async function loadOf(
  sandbox: Running,
  worker: number,
  acknowledged: Acknowledged,
  stop: { stopped: boolean },
): Promise<void> {
  const ownAds = Array.from(
    { length: ADS / WORKERS + 1 },
    (_, index) => `kill-${index * WORKERS + worker}`,
  ).filter((id) => acknowledged.statuses.has(id));
  for (let step = 0; !stop.stopped; step += 1) {
    try {
      await oneChange(sandbox, worker, step, ownAds, acknowledged);
    } catch {
      // The kill: a request cut off was never acknowledged.
      return;
    }
  }
}

async function oneChange(
  sandbox: Running,
  worker: number,
  step: number,
  ownAds: readonly string[],
  acknowledged: Acknowledged,
): Promise<void> {
  const kind = step % 4;
  if (kind === 0) {
    const login = `kill-${worker}-${Date.now().toString(36)}-${step}`;
    const made = await helper(sandbox, 'POST', '/users', { login, password: 'kill-run-password' });
    if (made.status !== 201) return;
    acknowledged.users.push(login);
    acknowledged.count += 1;
  } else if (kind === 1) {
    const made = await helper(sandbox, 'POST', '/clients', { redirect_uris: ['http://127.0.0.1:9/cb'] });
    if (made.status === 201) {
      const answer = JSON.parse(made.body) as { client_id: string; client_secret: string };
      acknowledged.clients.push({ id: answer.client_id, secret: answer.client_secret });
      acknowledged.count += 1;
    }
  } else if (kind === 2) {
    const id = ownAds[step % ownAds.length] ?? 'kill-0';
    const status = STATUSES[randomInt(STATUSES.length)] ?? 'published';
    const held = acknowledged.statuses.get(id);
    held?.unanswered.push(status);
    const changed = await helper(sandbox, 'POST', `/users/${DEMO.login}/ads/${id}/status`, { status });
    if (changed.status === 202 && held !== undefined) {
      held.acknowledged = status;
      held.unanswered = [];
      acknowledged.count += 1;
    }
  } else {
    acknowledged.tokens.push(await tokenOf(sandbox));
    acknowledged.count += 1;
    // Past its cap, a client and user's oldest token is revoked: those are not looked for (the
    // newest few, issued in parallel, may have been acknowledged in another order).
    if (acknowledged.tokens.length > TOKENS_LOOKED_FOR) acknowledged.tokens.shift();
  }
}

/** Every acknowledged change not found after the restart. */
async function missingOf(sandbox: Running, acknowledged: Acknowledged): Promise<string[]> {
  const missing: string[] = [];
  for (const login of acknowledged.users) {
    const again = await helper(sandbox, 'POST', '/users', { login });
    if (again.status !== 400) missing.push(`user ${login} (made again: ${again.status})`);
  }
  for (const client of acknowledged.clients) {
    const exchange = await call(sandbox, `${sandbox.authUrl}${TOKEN_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: 'no-such-code',
        redirect_uri: 'http://127.0.0.1:9/cb',
        client_id: client.id,
        client_secret: client.secret,
      }).toString(),
    });
    if (exchange.body.includes('invalid_client')) missing.push(`client ${client.id}`);
  }
  let listed: Map<string, string> | undefined;
  for (const token of acknowledged.tokens) {
    const page = await call(sandbox, `${sandbox.appsUrl}${PUBLISHED_PATH}?fetch_size=${ADS}`, {
      method: 'GET',
      headers: { authorization: `Bearer ${token}` },
    });
    if (page.status !== 200) {
      missing.push(`a token (the listing answered ${page.status})`);
      continue;
    }
    listed ??= new Map(
      (JSON.parse(page.body) as { data: Array<{ id: string; status: string }> }).data.map((ad) => [
        ad.id,
        ad.status,
      ]),
    );
  }
  for (const [id, held] of acknowledged.statuses) {
    const status = listed?.get(id);
    if (status === undefined) missing.push(`ad ${id} (not listed)`);
    else if (status !== held.acknowledged && !held.unanswered.includes(status))
      missing.push(`ad ${id}: ${status}, acknowledged ${held.acknowledged}`);
    // What is there now is what the next round starts from.
    if (status !== undefined) {
      held.acknowledged = status;
      held.unanswered = [];
    }
  }
  return missing;
}
