import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { expect } from '@playwright/test';
import type { StartedSandbox } from '../../sandbox/start.js';
import { actors, caller, send, sleep } from './hostile.js';
import { listenOnLoopback, type ListeningServer } from './listen.js';
import { patient } from '../../helpers/target/patience.js';

/** One request the receiver got: when, its headers and its body as text. */
export interface Arrival {
  atMs: number;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** How the receiver answers the n-th request (1 for the first): a status after a pause. */
export type Answering = (nth: number) => { status: number; afterMs?: number };

/** A receiver of deliveries on loopback that keeps each request's body and answers as told. */
export class DeliveryReceiver {
  readonly arrivals: Arrival[] = [];
  private readonly server: Server;
  private listening: ListeningServer | undefined;

  constructor(answering: Answering = () => ({ status: 204 })) {
    this.server = createServer((incoming, outgoing) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => {
        this.arrivals.push({
          atMs: Date.now(),
          path: incoming.url ?? '',
          headers: incoming.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        });
        const { status, afterMs = 0 } = answering(this.arrivals.length);
        setTimeout(() => {
          if (!outgoing.destroyed) outgoing.writeHead(status).end();
        }, afterMs);
      });
    });
  }

  async start(): Promise<string> {
    this.listening = await listenOnLoopback(this.server);
    return this.listening.url;
  }

  async stop(): Promise<void> {
    await this.listening?.close();
  }

  /** Waits until `count` requests arrived at `path` (or `timeoutMs` passed) and returns those. */
  async waitFor(path: string, count: number, timeoutMs = 5_000): Promise<Arrival[]> {
    const until = Date.now() + patient(timeoutMs);
    const at = (): Arrival[] => this.arrivals.filter((arrival) => arrival.path === path);
    while (at().length < count && Date.now() < until) await sleep(20);
    return at();
  }
}

export const CONTROL_KEY = 'delivery-tests-control-key';
const NOTIFICATION = '/autoservice/v1/notification';

/** A user with an autoupload token and seeded ads (set-up, made in the state and through the helper). */
export interface HookUser {
  login: string;
  token: string;
}

export function hookUser(
  sandbox: StartedSandbox,
  ads: Array<{ id: string; list_id?: string; status: string }>,
): HookUser {
  const made = actors(sandbox);
  const token = sandbox.state.tokens.issue({
    clientId: made.clientId,
    login: made.login,
    scopes: ['autoupload'],
    issuedAtMs: Date.now(),
  });
  sandbox.state.ads.replace(made.login, ads);
  return { login: made.login, token };
}

/** Creates a notification configuration to `url` carrying `hookToken` (set-up: must be 201). */
export async function configureHook(
  sandbox: StartedSandbox,
  who: HookUser,
  url: string,
  hookToken: string,
): Promise<void> {
  const answer = await send(caller(sandbox), `${sandbox.appsUrl}${NOTIFICATION}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${who.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ method: 'POST', url, media_type: 'application/json', token: hookToken }),
  });
  expect(answer.status, `set-up: create the configuration: ${answer.body}`).toBe(201);
}

function helper(
  sandbox: StartedSandbox,
  method: string,
  path: string,
  body?: unknown,
): ReturnType<typeof send> {
  return send(caller(sandbox), `${sandbox.appsUrl}/test_helpers/v1${path}`, {
    method,
    headers: { 'x-sandbox-key': CONTROL_KEY, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** Changes an ad's status through the test helper (set-up: must be 202); returns when it was made. */
export async function changeStatus(
  sandbox: StartedSandbox,
  who: HookUser,
  adId: string,
  status: string,
): Promise<number> {
  const answer = await helper(sandbox, 'POST', `/users/${who.login}/ads/${adId}/status`, { status });
  expect(answer.status, `set-up: status change: ${answer.body}`).toBe(202);
  return Date.parse((JSON.parse(answer.body) as { changed_at: string }).changed_at);
}

export interface LoggedAttempt {
  attempt: number;
  outcome: string;
  refused_by?: string;
  status?: number;
  error?: string;
}

/** The user's delivery log (the test helper), once it holds `count` entries or 5 s have passed. */
export async function deliveryLog(
  sandbox: StartedSandbox,
  who: HookUser,
  count = 1,
): Promise<LoggedAttempt[]> {
  const until = Date.now() + patient(5_000);
  for (;;) {
    const answer = await helper(sandbox, 'GET', `/users/${who.login}/deliveries`);
    expect(answer.status, `the delivery log helper: ${answer.body.slice(0, 200)}`).toBe(200);
    const entries = (JSON.parse(answer.body) as { deliveries: LoggedAttempt[] }).deliveries;
    if (entries.length >= count || Date.now() > until) return entries;
    await sleep(50);
  }
}
