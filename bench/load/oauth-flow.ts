import { type Dispatcher, request } from 'undici';

/** A registered client and a user, as the test helpers return them. */
export interface Credentials {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  login: string;
  password: string;
}

/** A step of the flow that answered otherwise than the flow expects: a benchmark error. */
export class FlowError extends Error {
  constructor(
    readonly step: string,
    readonly status: number,
  ) {
    super(`${step} answered ${status}`);
  }
}

const SESSION_COOKIE = /(__Host-sandbox_session)=([^;]+)/;
const FORM_FIELD = (name: string): RegExp => new RegExp(`name="${name}" value="([^"]*)"`);

/** The hidden fields of the login or consent form: the pending request and the CSRF token. */
function formFields(html: string, step: string): { request: string; csrf: string } {
  const pending = FORM_FIELD('request').exec(html)?.[1];
  const csrf = FORM_FIELD('csrf').exec(html)?.[1];
  if (pending === undefined || csrf === undefined) throw new FlowError(`${step} (no form)`, 200);
  return { request: pending, csrf };
}

/**
 * The authorization code flow of section 5 driven over HTTP with the sandbox's own forms, as a
 * browser would post them: a benchmark needs codes by the thousand, and a browser per code would
 * measure the browser. One instance is one browser: it keeps its session cookie between flows.
 */
export class HttpConsentFlow {
  private cookie: string | null = null;

  constructor(
    private readonly authUrl: string,
    private readonly credentials: Credentials,
    private readonly dispatcher: Dispatcher,
  ) {}

  /** Forgets the session: the next flow goes through the login form again. */
  logOut(): void {
    this.cookie = null;
  }

  /** One authorization: login when there is no session, then approval; returns the code. */
  async authorize(): Promise<string> {
    const { credentials } = this;
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: credentials.clientId,
      redirect_uri: credentials.redirectUri,
      scope: 'autoupload',
      state: 'load',
    });
    const first = await this.send('GET', `/oauth?${query.toString()}`, undefined, 200, 'authorize');
    let page = first.body;
    if (this.cookie === null || page.includes('name="password"')) {
      const login = formFields(page, 'login page');
      const form = { ...login, login: credentials.login, password: credentials.password };
      page = (await this.send('POST', '/oauth/login', form, 200, 'login')).body;
    }
    const consent = formFields(page, 'consent page');
    const decided = await this.send(
      'POST',
      '/oauth/consent',
      { ...consent, decision: 'approve' },
      302,
      'consent',
    );
    const code = new URL(decided.location).searchParams.get('code');
    if (code === null) throw new FlowError('consent (no code)', 302);
    return code;
  }

  /** 4.2: the code for a Bearer token, client credentials in the body. */
  async exchange(code: string): Promise<string> {
    const { credentials } = this;
    const form = {
      grant_type: 'authorization_code',
      code,
      redirect_uri: credentials.redirectUri,
      client_id: credentials.clientId,
      client_secret: credentials.clientSecret,
    };
    const answer = await this.send('POST', '/oauth/token', form, 200, 'token');
    return (JSON.parse(answer.body) as { access_token: string }).access_token;
  }

  private async send(
    method: 'GET' | 'POST',
    path: string,
    form: Record<string, string> | undefined,
    expected: number,
    step: string,
  ): Promise<{ body: string; location: string; setCookie: string }> {
    const headers: Record<string, string> = {};
    if (this.cookie !== null) headers.cookie = `__Host-sandbox_session=${this.cookie}`;
    if (form !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
    const response = await request(`${this.authUrl}${path}`, {
      method,
      headers,
      dispatcher: this.dispatcher,
      ...(form === undefined ? {} : { body: new URLSearchParams(form).toString() }),
    });
    const body = await response.body.text();
    if (response.statusCode !== expected) throw new FlowError(step, response.statusCode);
    const header = (name: string): string => {
      const value = response.headers[name];
      return Array.isArray(value) ? value.join(', ') : (value ?? '');
    };
    // The sandbox issues a fresh session at login: always keep the newest cookie.
    const fresh = SESSION_COOKIE.exec(header('set-cookie'))?.[2];
    if (fresh !== undefined) this.cookie = fresh;
    return { body, location: header('location'), setCookie: header('set-cookie') };
  }
}
