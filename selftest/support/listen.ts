import type { Server as HttpServer } from 'node:http';
import type { Server as HttpsServer } from 'node:https';
import { createServer as createNetServer, type AddressInfo } from 'node:net';

/** A test server listening on a free loopback port. */
export interface ListeningServer {
  url: string;
  /** Drops open connections first: a kept-alive client must not hold the test's end. */
  close: () => Promise<void>;
}

/** Starts a self-test's server on port 0 of 127.0.0.1 and names its base URL. */
export async function listenOnLoopback(server: HttpServer | HttpsServer): Promise<ListeningServer> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const scheme = isTls(server) ? 'https' : 'http';
  return {
    url: `${scheme}://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}

/** An https server is a TLS server: only it can add a context for another host name. */
function isTls(server: HttpServer | HttpsServer): boolean {
  return typeof (server as HttpsServer).addContext === 'function';
}

/**
 * A loopback port nothing listens on once this answers: a redirect URI's callback server to come,
 * or a receiver that is not there.
 */
export async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) =>
    server.close(() => {
      resolve();
    }),
  );
  if (address === null || typeof address === 'string') throw new Error('set-up: no free port');
  return address.port;
}
