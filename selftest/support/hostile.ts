import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent, request } from 'undici';
import type { StartedSandbox } from '../../sandbox/start.js';
import { listenOnLoopback, type ListeningServer } from './listen.js';

/**
 * Small tools for the tests that attack the sandbox as an outsider would: raw requests
 * from a chosen loopback address, the login and consent forms, a receiver of deliveries.
 */
export interface Answer {
  status: number;
  body: string;
  headers: Record<string, string>;
}

/** A caller at one loopback address (127.0.0.x are all this host's). */
export function caller(sandbox: StartedSandbox, localAddress = '127.0.0.1'): Agent {
  return new Agent({ connect: { ca: readFileSync(sandbox.caFile, 'utf8') }, localAddress });
}

export async function send(
  agent: Agent,
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  const response = await request(url, {
    method: (options.method ?? 'GET') as 'GET',
    headers: options.headers ?? {},
    dispatcher: agent,
    ...(options.body === undefined ? {} : { body: options.body }),
  });
  const body = await response.body.text();
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers))
    headers[name] = Array.isArray(value) ? value.join(', ') : (value ?? '');
  return { status: response.statusCode, body, headers };
}

/** The `name=value` of the session cookie a response sets, or null. */
export function sessionCookieOf(answer: Answer): string | null {
  const match = /(?:^|, )([^=,; ]*sandbox_session)=([^;]+)/.exec(answer.headers['set-cookie'] ?? '');
  return match === null ? null : `${match[1]}=${match[2]}`;
}

export function hiddenField(answer: Answer, name: string): string {
  const value = new RegExp(`name="${name}" value="([^"]*)"`).exec(answer.body)?.[1];
  if (value === undefined)
    throw new Error(`set-up: no hidden field ${name} in the page (HTTP ${answer.status})`);
  return value;
}

export const isConsentPage = (answer: Answer): boolean => answer.body.includes('name="decision"');
export const isLoginPage = (answer: Answer): boolean => answer.body.includes('name="password"');

/** A browser of its own: one cookie jar (the newest session cookie), at one address. */
export class Browser {
  cookie: string | null = null;

  constructor(
    private readonly sandbox: StartedSandbox,
    readonly agent: Agent,
  ) {}

  async go(path: string, form?: Record<string, string>): Promise<Answer> {
    const headers: Record<string, string> = {};
    if (this.cookie !== null) headers.cookie = this.cookie;
    if (form !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
    const answer = await send(this.agent, `${this.sandbox.authUrl}${path}`, {
      method: form === undefined ? 'GET' : 'POST',
      headers,
      ...(form === undefined ? {} : { body: new URLSearchParams(form).toString() }),
    });
    this.cookie = sessionCookieOf(answer) ?? this.cookie;
    return answer;
  }

  authorize(clientId: string, redirectUri: string, state = 's', scope = 'basic_user_info'): Promise<Answer> {
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: clientId,
      redirect_uri: redirectUri,
      scope,
      state,
    });
    return this.go(`/oauth?${query.toString()}`);
  }

  /** The consent page's approval: the redirect back to the client, with the code. */
  approve(consent: Answer): Promise<Answer> {
    return this.go('/oauth/consent', {
      request: hiddenField(consent, 'request'),
      csrf: hiddenField(consent, 'csrf'),
      decision: 'approve',
    });
  }

  logIn(page: Answer, login: string, password: string): Promise<Answer> {
    return this.go('/oauth/login', {
      request: hiddenField(page, 'request'),
      csrf: hiddenField(page, 'csrf'),
      login,
      password,
    });
  }
}

/** A client and a user made directly in the sandbox's state (set-up, not what is attacked). */
export function actors(sandbox: StartedSandbox): {
  clientId: string;
  secret: string;
  redirectUri: string;
  login: string;
  password: string;
} {
  const redirectUri = 'http://127.0.0.1:9/callback';
  const { client, secret } = sandbox.state.clients.register([redirectUri], 'Hostile test client');
  const user = sandbox.state.users.create({});
  return { clientId: client.clientId, secret, redirectUri, login: user.login, password: user.password };
}

/** A receiver of deliveries on loopback: what arrived, when, and how it answers. */
export class Receiver {
  readonly arrivals: Array<{ atMs: number; path: string; headers: IncomingMessage['headers'] }> = [];
  /** Requests being held open right now, and the most held at once. */
  open = 0;
  maxOpen = 0;
  private readonly server: Server;
  private listening: ListeningServer | undefined;

  constructor(private readonly answer: (path: string) => Promise<number> = () => Promise.resolve(200)) {
    this.server = createServer((incoming, outgoing) => {
      this.arrivals.push({ atMs: Date.now(), path: incoming.url ?? '', headers: incoming.headers });
      this.open += 1;
      this.maxOpen = Math.max(this.maxOpen, this.open);
      incoming.resume();
      void this.answer(incoming.url ?? '').then((status) => {
        this.open -= 1;
        outgoing.writeHead(status).end();
      });
    });
  }

  async start(): Promise<string> {
    this.listening = await listenOnLoopback(this.server);
    return this.listening.url;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    await this.listening?.close();
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
