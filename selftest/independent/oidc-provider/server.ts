import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Provider from 'oidc-provider';
import { generateTls } from '../../../sandbox/tls.js';
import { providerConfiguration, type RegisteredClient } from './configuration.js';
import { interactionHandler, type Account } from './interactions.js';
import { SELECTORS } from './pages.js';

export interface RunningProvider {
  /** The target as the harness contract names it (section 1): TARGET_*, TLS_CA_FILE, the selectors. */
  env: Record<string, string>;
  close: () => Promise<void>;
}

/**
 * Starts oidc-provider over HTTPS on a loopback port (a CA made at start, named by TLS_CA_FILE),
 * with its interaction pages, one client and one account, and beside it a stand-in for the
 * resource server: out of scope here, it answers every request 404 so that the suite's preflight
 * finds a server that answers. No test helpers: the suite gets no SANDBOX_CONTROL_KEY.
 */
export async function startOidcProvider(): Promise<RunningProvider> {
  const tlsDir = mkdtempSync(join(tmpdir(), 'selfcheck-oidc-provider-'));
  const tls = await generateTls(tlsDir);
  const apps = await listen(createHttpServer(answerNotHere));
  const appsUrl = `http://127.0.0.1:${portOf(apps)}`;

  const client: RegisteredClient = {
    clientId: 'classifieds-selfcheck',
    clientSecret: randomBytes(24).toString('base64url'),
    redirectUri: 'http://127.0.0.1:9/conformance/oidc-provider/callback',
  };
  const account: Account = { login: 'selfcheck-user', password: randomBytes(18).toString('base64url') };

  // The issuer names the port, so the provider is made once the server listens.
  let handle: (req: IncomingMessage, res: ServerResponse) => void = answerNotHere;
  const auth = await listen(
    createHttpsServer({ key: tls.key, cert: tls.cert }, (req, res) => {
      handle(req, res);
    }),
  );
  const authUrl = `https://127.0.0.1:${portOf(auth)}`;

  const provider = new Provider(authUrl, providerConfiguration({ client, account, resource: `${appsUrl}/` }));
  const interactions = interactionHandler(provider, account);
  const callback = provider.callback();
  handle = (req, res) => {
    void interactions(req, res).then((handled) => {
      if (!handled) void callback(req, res);
    });
  };

  return {
    env: {
      TARGET_AUTH_URL: authUrl,
      TARGET_APPS_URL: appsUrl,
      TARGET_CLIENT_ID: client.clientId,
      TARGET_CLIENT_SECRET: client.clientSecret,
      TARGET_REDIRECT_URI: client.redirectUri,
      TARGET_USER_LOGIN: account.login,
      TARGET_USER_PASSWORD: account.password,
      TLS_CA_FILE: tls.caFile,
      ...SELECTORS,
    },
    close: async () => {
      await Promise.all([close(auth), close(apps)]);
      rmSync(tlsDir, { recursive: true, force: true });
    },
  };
}

function answerNotHere(_req: IncomingMessage, res: ServerResponse): void {
  res.writeHead(404, { 'content-type': 'application/json' });
  res.end('{"reason":"NOT_FOUND","message":"no resource server in this self-check"}');
}

function listen<T extends Server>(server: T): Promise<T> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      resolve(server);
    });
  });
}

function portOf(server: Server): number {
  return (server.address() as AddressInfo).port;
}

function close(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => {
    server.close(() => {
      resolve();
    });
  });
}
