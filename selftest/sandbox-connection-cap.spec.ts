import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import {
  createServer,
  request,
  type IncomingMessage,
  type Server as HttpServer,
  type ServerResponse,
} from 'node:http';
import {
  createServer as createHttpsServer,
  request as httpsRequest,
  type Server as HttpsServer,
} from 'node:https';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import {
  connectionCapFor,
  ConnectionCap,
  openFilesLimit,
  RESERVED_DESCRIPTORS,
} from '../sandbox/http/connection-cap.js';
import { generateTls } from '../sandbox/tls.js';
import { listenOnLoopback } from './support/listen.js';

/**
 * Idle connections at the descriptor limit (docs/sandbox-service.md): the sandbox holds its
 * connections, both servers together, below the process's limit of open files, so that a new
 * connection is always accepted; past the cap, the oldest connection with no request in progress,
 * of the address holding the most, is closed to make room, and a request being answered is never
 * cut. Before, 1,050 idle connections under a limit of 1,024 had every honest client reset
 * (`npm run bench:idle` measures it under `prlimit`).
 */
test.describe.configure({ mode: 'default' });

const CAP = 8;

/** A server whose `/slow` answers once released; each accepted connection counted as an event. */
function cappedServer(tls?: { key: string; cert: string }): {
  cap: ConnectionCap;
  server: HttpServer | HttpsServer;
  accepted: (count: number) => Promise<void>;
  slowArrived: Promise<void>;
  releaseSlow: () => void;
} {
  let held: ServerResponse | undefined;
  let arrived: () => void = () => undefined;
  const slowArrived = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  const answer = (incoming: IncomingMessage, outgoing: ServerResponse): void => {
    if (incoming.url === '/slow') {
      held = outgoing;
      arrived();
    } else outgoing.writeHead(200).end('served');
  };
  const server = tls === undefined ? createServer(answer) : createHttpsServer(tls, answer);
  const cap = new ConnectionCap(CAP);
  cap.watch(server);
  let count = 0;
  const waiting: Array<{ count: number; resolve: () => void }> = [];
  server.on('connection', () => {
    count += 1;
    for (const one of waiting.filter((wait) => wait.count <= count)) one.resolve();
  });
  return {
    cap,
    server,
    accepted: (target) =>
      new Promise((resolve) => {
        if (count >= target) resolve();
        else waiting.push({ count: target, resolve });
      }),
    slowArrived,
    releaseSlow: () => held?.writeHead(200).end('slow'),
  };
}

/** An idle connection from `localAddress`, and a promise of its close. */
function idleConnection(port: number, localAddress: string): { socket: Socket; closed: Promise<void> } {
  const socket = connect({ host: '127.0.0.1', port, localAddress });
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => {
    socket.once('close', () => {
      resolve();
    });
  });
  return { socket, closed };
}

/** A GET on a new connection; over TLS when given the CA. */
function get(port: number, path: string, ca?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const options = { host: '127.0.0.1', port, path, agent: false as const };
    const received = (answer: IncomingMessage): void => {
      let body = '';
      answer.setEncoding('utf8');
      answer.on('data', (chunk: string) => (body += chunk));
      answer.on('end', () => {
        resolve({ status: answer.statusCode ?? 0, body });
      });
    };
    const sent = ca === undefined ? request(options, received) : httpsRequest({ ...options, ca }, received);
    sent.on('error', reject);
    sent.end();
  });
}

test('past the cap, the oldest idle connections of the address holding the most close; a request in progress and a new client are served', async () => {
  const { cap, server, accepted, slowArrived, releaseSlow } = cappedServer();
  const listening = await listenOnLoopback(server);
  const port = Number(new URL(listening.url).port);
  const idle: Array<ReturnType<typeof idleConnection>> = [];
  const said: string[] = [];
  const quiet = console.error;
  console.error = (...parts: unknown[]) => {
    said.push(parts.map(String).join(' '));
  };
  try {
    const slow = get(port, '/slow');
    await slowArrived;
    // The oldest idle connection, alone on its address, then a flood from another address.
    const lone = idleConnection(port, '127.0.0.1');
    await accepted(2);
    for (let index = 0; index < CAP + 4; index += 1) {
      idle.push(idleConnection(port, '127.0.0.2'));
      await accepted(3 + index);
    }
    // 14 came, 8 stay: the flood's 6 oldest closed, the slow request's and the lone one's not.
    await Promise.all(idle.slice(0, 6).map((one) => one.closed));
    expect(cap.closedIdle, 'idle connections closed to make room').toBe(6);
    expect(cap.count(), 'connections open').toBe(CAP);

    const honest = await get(port, '/');
    expect(honest, 'a new client, past the cap').toEqual({ status: 200, body: 'served' });
    releaseSlow();
    expect(await slow, 'the request in progress, never cut').toEqual({ status: 200, body: 'slow' });
    expect(lone.socket.destroyed, 'the lone address’s idle connection, though the oldest').toBe(false);
    expect(cap.refused, 'no new connection refused while some were idle').toBe(0);
    expect(said, 'the cap said once on stderr').toEqual([
      expect.stringContaining(`${CAP} connections open`) as unknown as string,
    ]);
    lone.socket.destroy();
  } finally {
    console.error = quiet;
    for (const one of idle) one.socket.destroy();
    await listening.close();
  }
});

test('over TLS, a request in progress on the oldest connection is never cut', async () => {
  const folder = mkdtempSync(join(tmpdir(), 'connection-cap-tls-'));
  const tls = await generateTls(folder);
  const { cap, server, accepted, slowArrived, releaseSlow } = cappedServer({ key: tls.key, cert: tls.cert });
  const listening = await listenOnLoopback(server);
  const port = Number(new URL(listening.url).port);
  const idle: Array<ReturnType<typeof idleConnection>> = [];
  const quiet = console.error;
  console.error = () => undefined;
  try {
    const slow = get(port, '/slow', readFileSync(tls.caFile, 'utf8'));
    await slowArrived;
    for (let index = 0; index < CAP + 2; index += 1) {
      idle.push(idleConnection(port, '127.0.0.1'));
      await accepted(2 + index);
    }
    // 11 came, 8 stay: the 3 oldest idle ones closed, not the older one with a request in progress.
    await Promise.all(idle.slice(0, 3).map((one) => one.closed));
    expect(cap.closedIdle, 'idle connections closed to make room').toBe(3);
    releaseSlow();
    expect(await slow, 'the request in progress over TLS, never cut').toEqual({ status: 200, body: 'slow' });
  } finally {
    console.error = quiet;
    for (const one of idle) one.socket.destroy();
    await listening.close();
    rmSync(folder, { recursive: true, force: true });
  }
});

test('the cap is the process’s limit of open files less a reserve; unknown, no cap', () => {
  const folder = mkdtempSync(join(tmpdir(), 'connection-cap-'));
  try {
    const limits = join(folder, 'limits');
    writeFileSync(
      limits,
      'Limit                     Soft Limit           Hard Limit           Units     \n' +
        'Max open files            1024                 4096                 files     \n',
    );
    expect(openFilesLimit(limits), 'the soft limit').toBe(1024);
    expect(connectionCapFor(1024)).toBe(1024 - RESERVED_DESCRIPTORS);
    expect(connectionCapFor(100), 'however low the limit').toBe(64);
    expect(openFilesLimit(join(folder, 'none')), 'no limits file').toBeUndefined();
    expect(connectionCapFor(undefined), 'unknown: no cap').toBeUndefined();
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
