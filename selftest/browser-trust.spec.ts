import { createServer } from 'node:https';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { BrokenEnvironmentError } from '../helpers/target/broken-environment.js';
import { pinnedKeys, trustArgsFor } from '../helpers/target/browser-trust.js';
import { launchChromium } from '../helpers/target/chromium.js';
import { ConsentDriver } from '../helpers/clients/consent-driver.js';
import { runSuite } from '../embedded/run-suite.js';
import { EMBEDDED_SANDBOX_SELECTORS } from '../spec/contract.js';
import { generateTls, type TlsMaterial } from '../sandbox/tls.js';
import { listenOnLoopback, type ListeningServer } from './support/listen.js';
import { patient } from '../helpers/target/patience.js';

/**
 * The browser trusts the CA it is given (TLS_CA_FILE) and nothing else. A server with a
 * certificate from another CA, the very thing a machine in the middle would present while the
 * browser types the user's password, is refused, and the run reports a broken environment.
 */

type Handler = (path: string) => { status: number; headers: Record<string, string>; body: string };

async function serveHttps(tls: { key: string; cert: string }, handler: Handler): Promise<ListeningServer> {
  return listenOnLoopback(
    createServer({ key: tls.key, cert: tls.cert }, (request, response) => {
      const reply = handler(request.url ?? '/');
      response.writeHead(reply.status, reply.headers).end(reply.body);
    }),
  );
}

const LOGIN_PAGE = `<!doctype html><form method="post"><input id="login" name="login"><input id="password" name="password" type="password"><button id="submit">Sign in</button></form>`;
const page = (): ReturnType<Handler> => ({
  status: 200,
  headers: { 'content-type': 'text/html' },
  body: LOGIN_PAGE,
});

/** Two CAs made for the test: the one the run is told of, and another. */
async function twoCas(): Promise<{ trusted: TlsMaterial; other: TlsMaterial; cleanup: () => void }> {
  const dirs = [mkdtempSync(join(tmpdir(), 'ca-trusted-')), mkdtempSync(join(tmpdir(), 'ca-other-'))];
  const [trusted, other] = await Promise.all(dirs.map((dir) => generateTls(dir)));
  if (trusted === undefined || other === undefined) throw new Error('no TLS material');
  return {
    trusted,
    other,
    cleanup: () => {
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    },
  };
}

test.describe('the browser trusts only the CA it is given', () => {
  test('the target of the named CA loads; a server of another CA is refused, even sending the named CA along', async () => {
    const { trusted, other, cleanup } = await twoCas();
    const target = await serveHttps(trusted, page);
    const stranger = await serveHttps(other, page);
    const impostor = await serveHttps(
      { key: other.key, cert: `${other.cert.trimEnd()}\n${readFileSync(trusted.caFile, 'utf8')}` },
      page,
    );
    const browser = await launchChromium(await trustArgsFor({ authUrl: target.url, caFile: trusted.caFile }));
    try {
      await expect(pinnedKeys([stranger.url], trusted.caFile)).rejects.toThrow(
        /^the TLS certificate of https:\/\/127\.0\.0\.1:\d+ does not verify against TLS_CA_FILE: TLS failed/,
      );
      const tab = await browser.newPage();
      expect((await tab.goto(target.url))?.status()).toBe(200);
      for (const refused of [stranger, impostor])
        await expect(tab.goto(refused.url)).rejects.toThrow(/net::ERR_CERT_AUTHORITY_INVALID/);

      // The consent flow stops there, as a broken environment, before typing anything.
      const context = await browser.newContext();
      const driver = new ConsentDriver(context, () => browser.newContext(), EMBEDDED_SANDBOX_SELECTORS);
      const flow = driver.authorize(`${stranger.url}/oauth?client_id=x`, {
        clientOrigin: 'http://127.0.0.1:9',
        user: { login: 'someone', password: 'never-typed-anywhere' },
      });
      await expect(flow).rejects.toBeInstanceOf(BrokenEnvironmentError);
      await expect(flow).rejects.toThrow(/ERR_CERT_AUTHORITY_INVALID/);
      await driver.close();
    } finally {
      await browser.close();
      await Promise.all([target.close(), stranger.close(), impostor.close()]);
      cleanup();
    }
  });

  test('a run whose login page has a certificate from another CA reports a broken environment', async () => {
    test.setTimeout(patient(180_000));
    const { trusted, other, cleanup } = await twoCas();
    const login = await serveHttps(other, page);
    // The API answers as a (refusing) server would; its authorization endpoint sends the browser on.
    const target = await serveHttps(trusted, (path) =>
      path.startsWith('/oauth?')
        ? { status: 302, headers: { location: `${login.url}/login` }, body: '' }
        : {
            status: 400,
            headers: { 'content-type': 'application/json' },
            body: '{"error":"invalid_request","reason":"BAD_REQUEST","message":"no"}',
          },
    );
    try {
      const run = await runSuite({
        files: ['suites/token/exchange.spec.ts'],
        env: {
          TARGET_AUTH_URL: target.url,
          TARGET_APPS_URL: target.url,
          TLS_CA_FILE: trusted.caFile,
          TARGET_CLIENT_ID: 'client-of-the-test',
          TARGET_CLIENT_SECRET: 'secret-of-the-test',
          TARGET_REDIRECT_URI: 'http://127.0.0.1:9/cb',
          TARGET_USER_LOGIN: 'user-of-the-test',
          TARGET_USER_PASSWORD: 'password-of-the-test',
        },
        timeoutMs: 150_000,
      });
      expect(run.tests.length, run.output).toBeGreaterThan(0);
      for (const verdict of run.tests) {
        expect(verdict.status).toBe('failed');
        expect(verdict.message).toMatch(
          /^Broken environment: the browser refused the TLS certificate of https:\/\/127\.0\.0\.1:\d+\/login: net::ERR_CERT_AUTHORITY_INVALID/,
        );
      }
    } finally {
      await Promise.all([target.close(), login.close()]);
      cleanup();
    }
  });
});
