import { createServer, type Server } from 'node:http';
import type { JournalAnswer, JournalRecord } from '../../spec/journal.js';
import { startSandbox, type StartedSandbox } from '../../sandbox/start.js';
import type { SandboxOptions } from '../../sandbox/options.js';
import { test } from '@playwright/test';
import { CHAOS_TEST_SEED } from './chaos-checks.js';
import { IntegratorClient } from './integrator-client.js';
import { listenOnLoopback, type ListeningServer } from './listen.js';
import { patient } from '../../helpers/target/patience.js';

/**
 * A sandbox for the journal's and chaos's self-tests: clients and users made in-process (set-up),
 * the integrator's client for what is journaled, the control API (plain fetch, X-Sandbox-Key) for
 * the journal, the switches and status changes, and a receiver of deliveries that refuses a
 * wrong token as a receiver must.
 */

export const CONTROL_KEY = 'chaos-selftest-control-key-0123456789';
export const REDIRECT_URI = 'http://127.0.0.1:9/callback';

export interface Actor {
  clientId: string;
  secret: string;
  login: string;
  password: string;
  client: IntegratorClient;
}

export interface ChaosSandbox {
  sandbox: StartedSandbox;
  /** A client (with the given id and secret: the same across sandboxes, for replays) and a user with `ads` ads. */
  actor: (ads?: number, given?: { clientId: string; secret: string }) => Actor;
  /** A token for the actor through the forms and the token endpoint (as journaled requests). */
  signIn: (actor: Actor) => Promise<string>;
  journal: (query?: Record<string, string>) => Promise<JournalAnswer>;
  setChaos: (value: unknown) => Promise<number>;
  changeStatus: (login: string, adId: string, status: string) => Promise<void>;
  close: () => Promise<void>;
}

type Control = (method: string, path: string, body?: unknown) => Promise<Response>;

/** The test helpers, plain fetch with the key (set-up and the journal's reads). */
function controlOf(sandbox: StartedSandbox): Control {
  return (method, path, body) =>
    fetch(`${sandbox.controlUrl}/test_helpers/v1${path}`, {
      method,
      headers: {
        'x-sandbox-key': CONTROL_KEY,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
}

/** A client and a user with `ads` published ads, made in the state (set-up, not journaled). */
function makeActor(
  sandbox: StartedSandbox,
  ads: number,
  given?: { clientId: string; secret: string },
): Actor {
  const { state } = sandbox;
  const { client, secret } = state.clients.register([REDIRECT_URI], 'chaos self-test', given);
  const user = state.users.create({});
  const seeded = Array.from({ length: ads }, (_, index) => ({
    id: `ad-${index}`,
    status: 'published',
    list_id: `${1_000_000_000 + index}`,
  }));
  state.ads.replace(user.login, seeded);
  const integrator = new IntegratorClient(sandbox.authUrl, sandbox.appsUrl, sandbox.caFile, 1500);
  return {
    clientId: client.clientId,
    secret,
    login: user.login,
    password: user.password,
    client: integrator,
  };
}

export async function startChaosSandbox(options: Partial<SandboxOptions> = {}): Promise<ChaosSandbox> {
  const sandbox = await startSandbox({ controlKey: CONTROL_KEY, ...options });
  const control = controlOf(sandbox);
  const actors: Actor[] = [];
  let closed = false;
  return {
    sandbox,
    actor: (ads = 0, given) => {
      const actor = makeActor(sandbox, ads, given);
      actors.push(actor);
      return actor;
    },
    signIn: async (actor) => {
      const code = await actor.client.authorize(actor.clientId, REDIRECT_URI, actor.login, actor.password);
      return actor.client.token(actor.clientId, actor.secret, REDIRECT_URI, code);
    },
    journal: async (query = {}) => {
      const response = await control('GET', `/journal?${new URLSearchParams(query).toString()}`);
      if (response.status !== 200) throw new Error(`set-up: the journal answered ${response.status}`);
      return (await response.json()) as JournalAnswer;
    },
    // Through the control API, as an integrator's test would switch it (PUT /switches/chaos).
    setChaos: async (value) => (await control('PUT', '/switches/chaos', { value })).status,
    changeStatus: async (login, adId, status) => {
      const path = `/users/${encodeURIComponent(login)}/ads/${encodeURIComponent(adId)}/status`;
      const response = await control('POST', path, { status });
      if (response.status !== 202) throw new Error(`set-up: the status change answered ${response.status}`);
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await Promise.all(actors.map((actor) => actor.client.close()));
      await sandbox.close();
    },
  };
}

export function requestsOf(
  records: readonly JournalRecord[],
): Array<Extract<JournalRecord, { kind: 'request' }>> {
  return records.filter(
    (record): record is Extract<JournalRecord, { kind: 'request' }> => record.kind === 'request',
  );
}

export function deliveriesOf(
  records: readonly JournalRecord[],
): Array<Extract<JournalRecord, { kind: 'delivery' }>> {
  return records.filter(
    (record): record is Extract<JournalRecord, { kind: 'delivery' }> => record.kind === 'delivery',
  );
}

/** A receiver of deliveries: 200 for the configured token, 401 for any other (a forged one). */
export class TokenCheckingReceiver {
  readonly arrivals: Array<{ atMs: number; token: string; body: Record<string, unknown> }> = [];
  private readonly server: Server;
  private listening: ListeningServer | undefined;

  constructor(private readonly token: string) {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const given = (request.headers.authorization ?? '').replace(/^Bearer /, '');
        this.arrivals.push({
          atMs: Date.now(),
          token: given,
          body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>,
        });
        response.writeHead(given === this.token ? 200 : 401).end();
      });
    });
  }

  async start(): Promise<string> {
    this.listening = await listenOnLoopback(this.server);
    return `${this.listening.url}/hook`;
  }

  async close(): Promise<void> {
    if (!this.server.listening) return;
    await this.listening?.close();
  }
}

/** Waits until `ready` holds, polling; throws naming what was awaited. */
export async function eventually<T>(
  what: string,
  read: () => Promise<T>,
  ready: (value: T) => boolean,
  limitMs = 15_000,
): Promise<T> {
  const until = Date.now() + patient(limitMs);
  for (;;) {
    const value = await read();
    if (ready(value)) return value;
    if (Date.now() > until) throw new Error(`never: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A new consent in a new browser session (the actor's own remembers the consent and skips the forms). */
export async function signInAfresh(box: ChaosSandbox, actor: Actor): Promise<string> {
  const { authUrl, appsUrl, caFile } = box.sandbox;
  const browser = new IntegratorClient(authUrl, appsUrl, caFile, 1500);
  try {
    const code = await browser.authorize(actor.clientId, REDIRECT_URI, actor.login, actor.password);
    return await browser.token(actor.clientId, actor.secret, REDIRECT_URI, code);
  } finally {
    await browser.close();
  }
}

/**
 * A fresh chaos sandbox for each test of the file, handed to `use` before the test and closed
 * after it; the seed printed, so that CHAOS_SEED replays a failure.
 */
export function chaosSandboxForEachTest(use: (box: ChaosSandbox) => void): void {
  let current: ChaosSandbox | undefined;
  test.beforeEach(async () => {
    current = await startChaosSandbox();
    use(current);
    console.log(`chaos seed ${CHAOS_TEST_SEED} (CHAOS_SEED replays it)`);
  });
  test.afterEach(async () => {
    await current?.close();
  });
}
