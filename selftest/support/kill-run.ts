// Acknowledged means kept, checked the way a host breaks it (docs/sandbox-service.md): the
// standalone sandbox runs as `npm run sandbox` runs it, on one data folder, under a load of
// changes from several clients at once (users and clients registered, ad statuses changed, tokens
// issued through the code flow); at a random instant its whole process group is killed outright
// (SIGKILL), it is started again on the folder, and every change it acknowledged (a 2xx) before
// the kill is looked for. A change sent but not answered may or may not be there: both are right.
import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PUBLISHED_PATH, TOKEN_PATH } from '../../spec/paths.js';
import { MAX_TOKENS_PER_CLIENT_AND_USER } from '../../sandbox/store/tokens.js';
import { seededAds } from '../../sandbox/seed.js';
import { killGroup } from './process-group.js';
import { KillRunDeliveries } from './kill-run-deliveries.js';
import {
  call,
  DEMO,
  helper,
  started,
  stopped,
  tokenOf,
  writeSeed,
  type Running,
} from './kill-run-sandbox.js';
const STATUSES = ['published', 'refused', 'deleted', 'pending_review'] as const;
const ADS = 40;
const WORKERS = 6;
const TOKENS_LOOKED_FOR = MAX_TOKENS_PER_CLIENT_AND_USER - WORKERS;

export interface KillRunOptions {
  kills: number;
  /** The longest a round's load runs before its kill (a random instant up to it). */
  maxLoadMs?: number;
  /**
   * How each round ends: SIGKILL to the whole group (the default), or SIGTERM to its top process
   * as a host's stop sends it, with a connection held open in the middle of a request's body.
   */
  stop?: 'SIGKILL' | 'SIGTERM';
  /** Told each round's figures (the command prints them). */
  onRound?: (round: RoundFigures) => void;
}

export interface RoundFigures {
  round: number;
  loadMs: number;
  acknowledged: number;
  /** Acknowledged changes not found after the restart, each named. */
  lost: string[];
  /** The exit status after a SIGTERM (0: closed in time), null after a SIGKILL. */
  exitCode: number | null;
}

export type KillRunFigures = {
  kills: number;
  acknowledged: number;
  lost: string[];
  /** AD_STATUS deliveries received, each checked against the restarted sandbox. */
  delivered: number;
};

/** What the clients were told was done, and what they sent without an answer. */
interface Acknowledged {
  /** Every change acknowledged. */
  count: number;
  users: string[];
  clients: Array<{ id: string; secret: string }>;
  tokens: string[];
  /** Per ad, the statuses it may hold: the last acknowledged, then those sent since unanswered. */
  statuses: Map<string, { acknowledged: string; unanswered: string[] }>;
  /** The AD_STATUS deliveries of the ads' changes, as their receiver got them. */
  deliveries: KillRunDeliveries;
}

export async function killRun(options: KillRunOptions): Promise<KillRunFigures> {
  const folder = mkdtempSync(join(tmpdir(), 'sandbox-kill-run-'));
  const dataDir = join(folder, 'data');
  const seedFile = writeSeed(folder, ADS);
  const acknowledged = noneYet();
  const deliveries = acknowledged.deliveries;
  const lost: string[] = [];
  let sandbox = await started(dataDir, seedFile);
  try {
    acknowledged.tokens.push(await tokenOf(sandbox));
    acknowledged.count += 1;
    await deliveries.start(sandbox, acknowledged.tokens[0] ?? '');
    for (let round = 1; round <= options.kills; round += 1) {
      const before = acknowledged.count;
      const loadMs = randomInt(50, options.maxLoadMs ?? 1500);
      const stop = { stopped: false };
      const load = Array.from({ length: WORKERS }, (_, worker) =>
        loadOf(sandbox, worker, acknowledged, stop),
      );
      await new Promise((resolve) => setTimeout(resolve, loadMs));
      const exitCode = await stopped(sandbox, options.stop ?? 'SIGKILL');
      stop.stopped = true;
      await Promise.all(load);
      await sandbox.agent.close();
      sandbox = await started(dataDir, seedFile);
      const missing = await missingOf(sandbox, acknowledged);
      lost.push(...missing.map((what) => `round ${round}: ${what}`));
      options.onRound?.({
        round,
        loadMs,
        acknowledged: acknowledged.count - before,
        lost: missing,
        exitCode,
      });
    }
    return { kills: options.kills, acknowledged: acknowledged.count, lost, delivered: deliveries.count };
  } finally {
    killGroup(sandbox.command.group);
    await sandbox.agent.close();
    await deliveries.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Nothing acknowledged yet: the seed's ads as the seed gives them. */
function noneYet(): Acknowledged {
  const statuses = new Map(
    seededAds(DEMO.login, ADS).map((ad) => [ad.id, { acknowledged: ad.status, unanswered: [] as string[] }]),
  );
  return { count: 0, users: [], clients: [], tokens: [], statuses, deliveries: new KillRunDeliveries() };
}

/** One client's changes, one after the other, until the kill; each acknowledged one recorded. */
async function loadOf(
  sandbox: Running,
  worker: number,
  acknowledged: Acknowledged,
  stop: { stopped: boolean },
): Promise<void> {
  // The seed's ads (seed.ts names them), shared out: each ad is changed by one worker only.
  const ownAds = [...acknowledged.statuses.keys()].filter((_, index) => index % WORKERS === worker);
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
    const id = ownAds[step % ownAds.length];
    if (id === undefined) throw new Error('set-up: a worker with no ad of the seed');
    const status = STATUSES[randomInt(STATUSES.length)] ?? 'published';
    const held = acknowledged.statuses.get(id);
    held?.unanswered.push(status);
    acknowledged.deliveries.sending(id, status);
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
  missing.push(...acknowledged.deliveries.unkept(listed ?? new Map()));
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
