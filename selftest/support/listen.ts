import type { Server as HttpServer } from 'node:http';
import type { Server as HttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';

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
