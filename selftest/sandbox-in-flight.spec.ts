import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect } from 'node:net';
import { expect, test } from '@playwright/test';
import { boundRequestsInFlight, MAX_IN_FLIGHT_PER_CONNECTION } from '../sandbox/http/in-flight.js';
import { listenOnLoopback } from './support/listen.js';

/**
 * Fair service (http/in-flight.ts): a connection has at most MAX_IN_FLIGHT_PER_CONNECTION requests
 * being processed; what it pipelines beyond waits unread. Before, every pipelined request was
 * processed at once, and another client's listing waited seconds behind them
 * (`npm run bench:fair` measures it on the sandbox).
 */

const PIPELINED = 200;

/** A server behind the gate whose requests are counted while in progress, each answered after a turn. */
function countingServer(): {
  server: ReturnType<typeof createServer>;
  mostInProgress: () => number;
} {
  let inProgress = 0;
  let most = 0;
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    inProgress += 1;
    most = Math.max(most, inProgress);
    response.once('close', () => (inProgress -= 1));
    setImmediate(() => response.end(request.url));
  });
  boundRequestsInFlight(server);
  return { server, mostInProgress: () => most };
}

/** Writes `count` requests at once on one connection; resolves with the answers' bodies in order. */
function pipeline(url: string, count: number): Promise<string[]> {
  const { hostname, port } = new URL(url);
  const requests = Array.from({ length: count }, (_, index) => `GET /${index} HTTP/1.1\r\nHost: x\r\n\r\n`);
  return new Promise((resolve, reject) => {
    let received = '';
    const socket = connect({ host: hostname, port: Number(port) }, () => socket.write(requests.join('')));
    socket.on('error', reject);
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      const bodies = [...received.matchAll(/\r\n\r\n(\/\d+)/g)].map((match) => match[1] ?? '');
      if (bodies.length < count) return;
      socket.destroy();
      resolve(bodies);
    });
  });
}

test('a connection that pipelines 200 requests has at most the bound in progress, and every one is answered in order', async () => {
  const { server, mostInProgress } = countingServer();
  const listening = await listenOnLoopback(server);
  try {
    const bodies = await pipeline(listening.url, PIPELINED);
    expect(bodies).toEqual(Array.from({ length: PIPELINED }, (_, index) => `/${index}`));
    expect(mostInProgress()).toBeGreaterThan(0);
    expect(mostInProgress()).toBeLessThanOrEqual(MAX_IN_FLIGHT_PER_CONNECTION);
  } finally {
    await listening.close();
  }
});

test("another connection's request is served while a pipeline waits behind requests that are held", async () => {
  const held: ServerResponse[] = [];
  let heldArrived: () => void = () => undefined;
  const boundHeld = new Promise<void>((resolve) => (heldArrived = resolve));
  let pipelinedSeen = 0;
  let releasing = false;
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    if (request.url === '/bystander') {
      response.end(`pipelined requests seen: ${pipelinedSeen}`);
      return;
    }
    pipelinedSeen += 1;
    if (releasing) {
      response.end(request.url);
      return;
    }
    held.push(response);
    if (held.length === MAX_IN_FLIGHT_PER_CONNECTION) heldArrived();
  });
  boundRequestsInFlight(server);
  const listening = await listenOnLoopback(server);
  try {
    const answers = pipeline(listening.url, PIPELINED);
    await boundHeld;
    const bystander = await fetch(`${listening.url}/bystander`);
    expect(await bystander.text()).toBe(`pipelined requests seen: ${MAX_IN_FLIGHT_PER_CONNECTION}`);
    releasing = true;
    for (const response of held.splice(0)) response.end(response.req.url);
    expect(await answers).toHaveLength(PIPELINED);
  } finally {
    await listening.close();
  }
});
