import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createTcpServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/** Receivers that misbehave in the ways a real integrator's endpoint does, all on loopback. */
export interface Receivers {
  /** Accepts the connection, reads the request, never answers. */
  hanging: string;
  /** Answers 200, but only after `slowMs`. */
  slow: string;
  /** Nothing listens there: every connection is refused. */
  closedPort: string;
  /** Answers 204 at once. */
  healthy: string;
  /** Deliveries each receiver has seen (requests received, answered or not). */
  counts: () => Record<'hanging' | 'slow' | 'healthy', number>;
  close: () => Promise<void>;
}

async function listen(server: Server | ReturnType<typeof createTcpServer>): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
}

async function closedPortUrl(): Promise<string> {
  const probe = createTcpServer();
  const url = await listen(probe);
  await new Promise((resolve) => probe.close(resolve));
  return url;
}

export async function startReceivers(slowMs: number): Promise<Receivers> {
  const counts = { hanging: 0, slow: 0, healthy: 0 };
  const held = new Set<Socket>();
  const hangingServer = createTcpServer((socket) => {
    held.add(socket);
    socket.on('data', () => (counts.hanging += 1));
    socket.on('error', () => undefined);
    socket.on('close', () => held.delete(socket));
  });
  const pendingTimers = new Set<NodeJS.Timeout>();
  const slowServer = createHttpServer((request, response) => {
    counts.slow += 1;
    request.resume();
    const timer = setTimeout(() => {
      pendingTimers.delete(timer);
      response.writeHead(200).end();
    }, slowMs);
    pendingTimers.add(timer);
  });
  const healthyServer = createHttpServer((request, response) => {
    counts.healthy += 1;
    request.resume();
    response.writeHead(204).end();
  });
  const [hanging, slow, healthy, closedPort] = await Promise.all([
    listen(hangingServer),
    listen(slowServer),
    listen(healthyServer),
    closedPortUrl(),
  ]);
  return {
    hanging,
    slow,
    healthy,
    closedPort,
    counts: () => ({ ...counts }),
    close: async () => {
      for (const socket of held) socket.destroy();
      for (const timer of pendingTimers) clearTimeout(timer);
      slowServer.closeAllConnections();
      healthyServer.closeAllConnections();
      await Promise.all(
        [hangingServer, slowServer, healthyServer].map(
          (server) => new Promise((resolve) => server.close(resolve)),
        ),
      );
    },
  };
}
