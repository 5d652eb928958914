import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A TCP proxy on loopback that holds every chunk, in each direction, for half the round trip it
 * is given: a target as far as a runner on another continent, with TLS passed through untouched
 * (the certificate names 127.0.0.1, as the proxy's address does). Order is kept per direction; the
 * connection set-up costs a round trip too, as a real SYN/SYN-ACK would.
 */
export interface DelayProxy {
  /** The URL to give the suite instead of `target`. */
  url: string;
  connections: () => number;
  close: () => Promise<void>;
}

export async function startDelayProxy(target: string, roundTripMs: number): Promise<DelayProxy> {
  const { hostname, port, protocol } = new URL(target);
  const oneWayMs = roundTripMs / 2;
  const sockets = new Set<Socket>();
  let connections = 0;
  const server: Server = createServer((client) => {
    connections += 1;
    client.pause();
    const upstream = connect({ host: hostname, port: Number(port) });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    upstream.once('connect', () => {
      setTimeout(() => {
        relay(client, upstream, oneWayMs);
        relay(upstream, client, oneWayMs);
        client.resume();
      }, roundTripMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port: proxyPort } = server.address() as AddressInfo;
  const path = new URL(target).pathname.replace(/\/$/, '');
  return {
    url: `${protocol}//127.0.0.1:${proxyPort}${path}`,
    connections: () => connections,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) =>
        server.close(() => {
          resolve();
        }),
      );
    },
  };
}

/** Copies `from` to `to`, each chunk `delayMs` later than it arrived, in order; ends after the last. */
function relay(from: Socket, to: Socket, delayMs: number): void {
  let chain = Promise.resolve();
  const later = (action: () => void): void => {
    const due = performance.now() + delayMs;
    chain = chain.then(
      () =>
        new Promise<void>((resolve) =>
          setTimeout(
            () => {
              action();
              resolve();
            },
            Math.max(0, due - performance.now()),
          ),
        ),
    );
  };
  from.on('data', (chunk: Buffer) => {
    later(() => to.writable && to.write(chunk));
  });
  from.once('end', () => {
    later(() => to.end());
  });
}
