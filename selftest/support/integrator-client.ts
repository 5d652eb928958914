import { readFileSync } from 'node:fs';
import { Agent, fetch } from 'undici';
import { patient } from '../../helpers/target/patience.js';

/**
 * A marketplace client as an integrator writes one, from the specification and the field notes
 * alone: plain fetch, none of the suite's helpers. It signs a user in through the forms, trades
 * the code for a token, crawls the listing, reads the user's basic info and subscribes to
 * AD_STATUS, and it survives what production does to clients: an edge's HTML pages, resets and
 * timeouts (retried), RATE_LIMIT (waited out), pages of any length, page tokens of any form.
 */

/** One call's end: the HTTP status (0: no answer, the connection closed or the client timed out). */
export interface Outcome {
  status: number;
  body: string;
  location: string | null;
  html: boolean;
  cookie: string | null;
}

export interface Crawl {
  ads: Array<{ id: string; status: string }>;
  pages: number[];
  /** The page tokens followed, in order. */
  tokens: string[];
}

interface Init {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

function hidden(page: string, name: string): string {
  const value = new RegExp(`name="${name}" value="([^"]*)"`).exec(page)?.[1];
  if (value === undefined) throw new Error(`set-up: no ${name} in the page`);
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

export class IntegratorClient {
  private readonly agent: Agent;
  /** Every call's outcome, in order, retries included. */
  readonly outcomes: Outcome[] = [];
  private cookie: string | null = null;

  constructor(
    private readonly authUrl: string,
    private readonly appsUrl: string,
    caFile: string,
    /** How long one call may take before the client gives up on it. */
    private readonly timeoutMs = 2000,
  ) {
    this.agent = new Agent({ connect: { ca: readFileSync(caFile, 'utf8') } });
  }

  async call(url: string, init: Init = {}): Promise<Outcome> {
    let outcome: Outcome;
    try {
      const response = await fetch(url, {
        method: init.method ?? 'GET',
        headers: init.headers ?? {},
        redirect: 'manual',
        dispatcher: this.agent,
        signal: AbortSignal.timeout(patient(this.timeoutMs)),
        ...(init.body === undefined ? {} : { body: init.body }),
      });
      const body = await response.text();
      const setCookie = response.headers.get('set-cookie') ?? '';
      outcome = {
        status: response.status,
        body,
        location: response.headers.get('location'),
        html: (response.headers.get('content-type') ?? '').includes('html'),
        cookie: /(__Host-sandbox_session=[^;]+)/.exec(setCookie)?.[1] ?? null,
      };
    } catch {
      outcome = { status: 0, body: '', location: null, html: false, cookie: null };
    }
    this.outcomes.push(outcome);
    return outcome;
  }

  /** A call repeated while the edge answers instead of the API (an HTML 403/5xx, no answer) or RATE_LIMIT asks to wait. */
  async patient(url: string, init: Init = {}, tries = 30): Promise<Outcome> {
    for (let attempt = 1; ; attempt += 1) {
      const outcome = await this.call(url, init);
      const edge = outcome.status === 0 || (outcome.html && outcome.status >= 400 && outcome.status !== 401);
      const limited = outcome.status === 429 || outcome.body.includes('"statusCode":-2');
      if ((!edge && !limited) || attempt >= tries) return outcome;
      await new Promise((resolve) => setTimeout(resolve, limited ? 300 : 10));
    }
  }

  private async browse(path: string, form?: Record<string, string>): Promise<Outcome> {
    const headers: Record<string, string> = {};
    if (this.cookie !== null) headers.cookie = this.cookie;
    if (form !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
    const outcome = await this.patient(`${this.authUrl}${path}`, {
      method: form === undefined ? 'GET' : 'POST',
      headers,
      ...(form === undefined ? {} : { body: new URLSearchParams(form).toString() }),
    });
    this.cookie = outcome.cookie ?? this.cookie;
    return outcome;
  }

  /** 4.1 as a browser does it: the login form, the consent form, the code from the redirect. */
  async authorize(clientId: string, redirectUri: string, login: string, password: string): Promise<string> {
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: clientId,
      redirect_uri: redirectUri,
      scope: 'basic_user_info autoupload',
      state: 'integrator-state',
    });
    const loginPage = await this.browse(`/oauth?${query.toString()}`);
    const consentPage = await this.browse('/oauth/login', {
      request: hidden(loginPage.body, 'request'),
      csrf: hidden(loginPage.body, 'csrf'),
      login,
      password,
    });
    const decided = await this.browse('/oauth/consent', {
      request: hidden(consentPage.body, 'request'),
      csrf: hidden(consentPage.body, 'csrf'),
      decision: 'approve',
    });
    const code = new URL(decided.location ?? 'http://x/').searchParams.get('code');
    if (code === null) throw new Error(`set-up: no code in the redirect (HTTP ${decided.status})`);
    return code;
  }

  /** 4.2: the code for a token, the secret in the body. */
  async token(clientId: string, secret: string, redirectUri: string, code: string): Promise<string> {
    const outcome = await this.patient(`${this.authUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        client_id: clientId,
        client_secret: secret,
      }).toString(),
    });
    const token = (JSON.parse(outcome.body || '{}') as { access_token?: string }).access_token;
    if (token === undefined) throw new Error(`set-up: no token (HTTP ${outcome.status})`);
    return token;
  }

  /** 4.4: every page, following next_token until there is none; page lengths as served. */
  async crawl(token: string, fetchSize: number, limitPages = 500): Promise<Crawl> {
    const crawl: Crawl = { ads: [], pages: [], tokens: [] };
    let pageToken: string | null = null;
    while (crawl.pages.length < limitPages) {
      const query = new URLSearchParams({
        fetch_size: String(fetchSize),
        ...(pageToken === null ? {} : { page_token: pageToken }),
      });
      const outcome = await this.patient(`${this.appsUrl}/autoupload/v1/published?${query.toString()}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (outcome.status >= 300 || outcome.status === 0)
        throw new Error(`the listing answered ${outcome.status}`);
      const page = JSON.parse(outcome.body) as {
        data: Array<{ id: string; status: string }>;
        next_token?: string | null;
      };
      crawl.ads.push(...page.data);
      crawl.pages.push(page.data.length);
      pageToken = page.next_token ?? null;
      if (pageToken === null || pageToken === '') break;
      crawl.tokens.push(pageToken);
    }
    return crawl;
  }

  /** 4.3, once (the caller decides what a 404 means). */
  userInfo(token: string): Promise<Outcome> {
    return this.call(`${this.appsUrl}/oauth_api/basic_user_info`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ access_token: token }),
    });
  }

  /** 4.6: AD_STATUS to `url` with `notificationToken`. */
  subscribe(token: string, url: string, notificationToken: string): Promise<Outcome> {
    return this.patient(`${this.appsUrl}/autoservice/v1/notification`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ method: 'POST', url, media_type: 'application/json', token: notificationToken }),
    });
  }

  async close(): Promise<void> {
    await this.agent.close();
  }
}
