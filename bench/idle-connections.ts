// Idle-connection benchmark: the sandbox, in a process of its own under a descriptor limit
// (`prlimit --nofile`, 1,024 as many hosts set it), is held by a hostile tenant's idle
// connections to its resource server (connected, nothing sent, each reopened as soon as the
// sandbox closes it), more of them than the limit allows. Beside it, an honest client sends
// requests one after another, each on a new connection (a new client arriving): how many are
// served, how many are reset or time out, and their latency. The reference, in the same run and
// the same process, is the same honest requests before any idle connection is opened.
// Loopback only; every loop is bounded (the requests, the connections, their reopenings).
//
//   npm run bench:idle -- [--idle 1050] [--nofile 1024] [--requests 200]
import { mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { parseArgs } from 'node:util';
import { PUBLISHED_PATH } from '../spec/paths.js';
import { childJson } from './lib/child-json.js';
import { latencySummary } from './lib/stats.js';
import type { SandboxChildInfo } from './sandbox-child.js';
import { startServerChild } from './throughput/child.js';

const { values: options } = parseArgs({
  options: {
    idle: { type: 'string', default: '1050' },
    nofile: { type: 'string', default: '1024' },
    requests: { type: 'string', default: '200' },
  },
});
const IDLE = Number(options.idle);
const NOFILE = Number(options.nofile);
const REQUESTS = Number(options.requests);
/** An honest request not answered in this long counts as lost (it would have been retried). */
const REQUEST_TIMEOUT_MS = 15_000;
/** The tenant reopens each connection at most this many times. */
const REOPENINGS_EACH = 50;
/** Connections opened at once while the tenant builds up its hold. */
const OPEN_BATCH = 50;

interface Honest {
  served: number;
  reset: number;
  timedOut: number;
  otherStatus: number;
  latency: { p50: number; p99: number; max: number };
  seconds: number;
}

/** One GET of the listing on a new connection: its status (0 when reset or lost) and time. */
function honestRequest(url: URL, token: string): Promise<{ outcome: string; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const done = (outcome: string): void => {
      resolve({ outcome, ms: performance.now() - started });
    };
    const sent = request(
      url,
      { agent: false, headers: { authorization: `Bearer ${token}` }, timeout: REQUEST_TIMEOUT_MS },
      (answer) => {
        answer.resume();
        answer.on('end', () => {
          done(answer.statusCode === 200 ? 'served' : 'otherStatus');
        });
        answer.on('error', () => {
          done('reset');
        });
      },
    );
    sent.on('timeout', () => {
      sent.destroy();
      done('timedOut');
    });
    sent.on('error', () => {
      done('reset');
    });
    sent.end();
  });
}

async function honestRound(url: URL, token: string): Promise<Honest> {
  const counts: Record<string, number> = { served: 0, reset: 0, timedOut: 0, otherStatus: 0 };
  const served: number[] = [];
  const started = performance.now();
  for (let index = 0; index < REQUESTS; index += 1) {
    const { outcome, ms } = await honestRequest(url, token);
    counts[outcome] = (counts[outcome] ?? 0) + 1;
    if (outcome === 'served') served.push(ms);
  }
  return {
    served: counts.served ?? 0,
    reset: counts.reset ?? 0,
    timedOut: counts.timedOut ?? 0,
    otherStatus: counts.otherStatus ?? 0,
    latency: latencySummary(served),
    seconds: (performance.now() - started) / 1000,
  };
}

/** The tenant's idle connections, each reopened when the sandbox closes it, until released. */
class IdleHold {
  private readonly sockets = new Set<Socket>();
  private released = false;
  /** Connections the sandbox closed (or reset) under the tenant. */
  closedBySandbox = 0;
  private reopenings = 0;

  constructor(
    private readonly host: string,
    private readonly port: number,
  ) {}

  async open(count: number): Promise<void> {
    for (let opened = 0; opened < count; opened += OPEN_BATCH)
      await Promise.all(Array.from({ length: Math.min(OPEN_BATCH, count - opened) }, () => this.openOne()));
  }

  /** Whether the tenant still reopens what the sandbox closes (its bound not reached). */
  reopening(): boolean {
    return this.reopenings < IDLE * REOPENINGS_EACH;
  }

  /** Connections open now. */
  held(): number {
    return this.sockets.size;
  }

  private openOne(): Promise<void> {
    return new Promise((resolve) => {
      const socket = connect({ host: this.host, port: this.port });
      this.sockets.add(socket);
      socket.once('connect', () => {
        resolve();
      });
      socket.on('error', () => undefined);
      socket.once('close', () => {
        resolve();
        this.sockets.delete(socket);
        if (this.released) return;
        this.closedBySandbox += 1;
        if (this.reopenings >= IDLE * REOPENINGS_EACH) return;
        this.reopenings += 1;
        void this.openOne();
      });
    });
  }

  release(): void {
    this.released = true;
    for (const socket of this.sockets) socket.destroy();
  }
}

interface Tenant {
  heldBefore: number;
  heldAfter: number;
  closedBySandbox: number;
  stillReopening: boolean;
}

/** The honest client quiet, then beside the tenant's idle connections. */
async function measure(
  apps: URL,
  token: string,
): Promise<{ reference: Honest; held: Honest; tenant: Tenant }> {
  const url = new URL(`${PUBLISHED_PATH}?fetch_size=5`, apps);
  const reference = await honestRound(url, token);
  const hold = new IdleHold(apps.hostname, Number(apps.port));
  await hold.open(IDLE);
  const heldBefore = hold.held();
  const held = await honestRound(url, token);
  const tenant = {
    heldBefore,
    heldAfter: hold.held(),
    closedBySandbox: hold.closedBySandbox,
    stillReopening: hold.reopening(),
  };
  hold.release();
  return { reference, held, tenant };
}

function report({ reference, held, tenant }: { reference: Honest; held: Honest; tenant: Tenant }): void {
  console.table([
    { round: 'quiet (reference)', ...flat(reference) },
    { round: `${IDLE} idle held`, ...flat(held) },
  ]);
  const reopened = tenant.stillReopening
    ? 'each reopened at once'
    : `reopened at once until the tenant's bound (${IDLE * REOPENINGS_EACH}) ran out`;
  console.log(
    `descriptor limit ${NOFILE}: ${held.served} of ${REQUESTS} honest requests served while ${IDLE} idle connections were held (vs ${reference.served} quiet); ` +
      `p50 ${held.latency.p50} ms vs ${reference.latency.p50} ms, p99 ${held.latency.p99} ms vs ${reference.latency.p99} ms; ` +
      `the tenant held ${tenant.heldBefore} open before and ${tenant.heldAfter} after, the sandbox closed ${tenant.closedBySandbox} of them, ${reopened}`,
  );
  mkdirSync('reports/bench', { recursive: true });
  const date = new Date().toISOString();
  const figures = { date, node: process.version, idle: IDLE, nofile: NOFILE, requests: REQUESTS };
  writeFileSync(
    'reports/bench/idle-connections.json',
    JSON.stringify({ ...figures, reference, held, tenant }, null, 2),
  );
  console.log('written reports/bench/idle-connections.json');
}

async function main(): Promise<void> {
  const launcher = ['prlimit', `--nofile=${NOFILE}:${NOFILE}`];
  const child = await startServerChild<SandboxChildInfo>('../sandbox-child.ts', [], [], launcher);
  try {
    const { token } = await childJson<{ token: string }>(child, 'actor');
    report(await measure(new URL(child.info.appsUrl), token));
  } finally {
    await child.stop();
  }
}

function flat(round: Honest): Record<string, number> {
  return {
    served: round.served,
    reset: round.reset,
    timed_out: round.timedOut,
    other_status: round.otherStatus,
    p50_ms: round.latency.p50,
    p99_ms: round.latency.p99,
    max_ms: round.latency.max,
    seconds: Number(round.seconds.toFixed(1)),
  };
}

void main();
