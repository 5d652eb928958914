import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import { field, text, type Http } from './http.js';

/**
 * Connecting an account (spec 4.1, 4.2, 5): the user's browser goes to the authorization endpoint
 * with our `state`; the marketplace sends it back to our redirect URI, where this client's own
 * callback server checks `state` and exchanges the code at once, once, with the secret only in the
 * token request's form body (HTTPS POST).
 */

export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
  /** One of the registered redirect URIs, on this machine (http://127.0.0.1:<port>/<path>). */
  redirectUri: string;
}

export interface ConsentOptions extends ClientCredentials {
  authUrl: string;
  scope: string;
  /** Sends the user's browser to the URL (prints it, or a test's browser opens it). */
  openBrowser: (url: string) => Promise<void> | void;
  /** How long the user may take. */
  waitMs?: number;
  /** A mistake, for the tests that prove the report card can fail: the code sent a second time. */
  resendCode?: boolean;
}

/** How long after the exchange the mistaken client sends its code again. */
const RESEND_AFTER_MS = 300;

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The authorization request's URL: every parameter of 4.1, `state` a fresh random value. */
export function authorizeUrl(options: ConsentOptions, state: string): string {
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: options.clientId,
    redirect_uri: options.redirectUri,
    scope: options.scope,
    state,
  });
  return `${options.authUrl.replace(/\/+$/, '')}/oauth?${query.toString()}`;
}

/** The code for a token (4.2); a retry only after an answer that is not the token endpoint's. */
export async function exchangeCode(http: Http, options: ConsentOptions, code: string): Promise<string> {
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    code,
    redirect_uri: options.redirectUri,
    client_id: options.clientId,
    client_secret: options.clientSecret,
  });
  const url = `${options.authUrl.replace(/\/+$/, '')}/oauth/token`;
  if (!url.startsWith('https://')) throw new Error('the token endpoint must be HTTPS: the secret goes there');
  const request = {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  };
  const answer = await http.send(url, request);
  // The mistake as a client makes it: the code sent again later (a reload of the callback), not
  // a request already on its way when the answer came, which no grader holds against a client.
  if (options.resendCode === true) {
    await delay(RESEND_AFTER_MS);
    await http.send(url, request);
  }
  const token = field(answer.json, 'access_token');
  if (answer.status !== 200 || typeof token !== 'string')
    throw new Error(`the token endpoint answered ${answer.status} ${text(field(answer.json, 'error'))}`);
  return token;
}

const PAGE = (text: string): string =>
  `<!doctype html><html><head><meta charset="utf-8"><title>Reference client</title></head><body><p>${text}</p></body></html>`;

/** What the callback server received: the code (state checked), or the marketplace's error. */
type Callback = { code: string } | { error: string };

function callbackServer(path: string, state: string, arrived: (callback: Callback) => void): Server {
  return createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://callback');
    if (url.pathname !== path) {
      response.writeHead(404, { 'content-type': 'text/html' }).end(PAGE('Not found.'));
      return;
    }
    // A callback without our state is not the answer to our request (RFC 6749 10.12).
    if (!sameText(url.searchParams.get('state') ?? '', state)) {
      response.writeHead(400, { 'content-type': 'text/html' }).end(PAGE('Unknown state: ignored.'));
      return;
    }
    const code = url.searchParams.get('code');
    const error = url.searchParams.get('error');
    response
      .writeHead(200, { 'content-type': 'text/html', 'cache-control': 'no-store' })
      .end(
        PAGE(
          code === null ? 'The marketplace refused the connection.' : 'Connected: you may close this page.',
        ),
      );
    arrived(code === null ? { error: error ?? 'no code' } : { code });
  });
}

/** The callback server's port: the redirect URI's, or http's default. */
function portOf(redirect: URL): number {
  if (redirect.protocol !== 'http:')
    throw new Error(
      'the callback server speaks plain HTTP on this machine: an http://127.0.0.1:<port>/ redirect URI',
    );
  return redirect.port === '' ? 80 : Number(redirect.port);
}

/** The whole consent: our callback server, the browser sent away, the code exchanged on its return. */
export async function connect(http: Http, options: ConsentOptions): Promise<string> {
  const redirect = new URL(options.redirectUri);
  const state = randomBytes(16).toString('base64url');
  let arrived: (callback: Callback) => void = () => undefined;
  const callback = new Promise<Callback>((resolve) => (arrived = resolve));
  const server = callbackServer(redirect.pathname, state, (value) => {
    arrived(value);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(portOf(redirect), redirect.hostname, resolve);
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        reject(new Error('the user did not come back'));
      }, options.waitMs ?? 120_000);
    });
    const opened = Promise.resolve(options.openBrowser(authorizeUrl(options, state)));
    const result = await Promise.race([callback, timeout, opened.then(() => callback)]);
    if ('error' in result) throw new Error(`the marketplace refused the connection: ${result.error}`);
    return await exchangeCode(http, options, result.code);
  } finally {
    clearTimeout(timer);
    server.closeAllConnections();
    server.close();
  }
}
