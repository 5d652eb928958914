import { AUTHORIZATION_PATH, TOKEN_PATH } from '../../spec/paths.js';

/**
 * The authorization code flow of sections 4.1, 5 and 4.2 without a browser: the login and consent
 * forms of the embedded sandbox posted as a browser would post them. For tools that need codes
 * where a browser per code would be too slow or would be what they measure: the load benchmark
 * (thousands of codes) and the fuzz test's seeding. The suite reads any target's pages with the
 * contract's selectors instead (form-consent.ts), and the browser where they are not plain forms.
 */

/** One answer, as the flow reads it. */
export interface FormAnswer {
  status: number;
  /** A header's value, repeated headers joined with ", "; '' when absent. */
  header(name: string): string;
  body: string;
}

/** One request of the flow, form-encoded when it has a body. */
export interface FormRequest {
  method: 'GET' | 'POST';
  /** Path and query under the authorization server's URL. */
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** How the flow reaches the server: undici with a benchmark's pool, or the fuzz test's raw client. */
export type FormTransport = (request: FormRequest) => Promise<FormAnswer>;

/** A registered client and its user, as the test helpers return them. */
export interface FormFlowAccount {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  login: string;
  password: string;
}

/** A step of the flow that answered otherwise than the flow expects. */
export class FlowError extends Error {
  constructor(
    readonly step: string,
    readonly status: number,
  ) {
    super(`${step} answered ${status}`);
  }
}

const FORM_FIELD = (name: string): RegExp => new RegExp(`name="${name}" value="([^"]*)"`);
/** The first `name=value` of a Set-Cookie header: the session the server gives. */
const FIRST_COOKIE = /^\s*([^=;,\s]+=[^;,]*)/;

/** The hidden fields of the login or consent form: the pending request and the CSRF token. */
function formFields(html: string, step: string): { request: string; csrf: string } {
  const pending = FORM_FIELD('request').exec(html)?.[1];
  const csrf = FORM_FIELD('csrf').exec(html)?.[1];
  if (pending === undefined || csrf === undefined) throw new FlowError(`${step} (no form)`, 200);
  return { request: pending, csrf };
}

/**
 * One instance is one browser: it keeps its session cookie between flows, so a second
 * authorization skips the login form. `onSecret` receives each code and token it obtains (the
 * fuzz test registers them for redaction; a benchmark leaves them be).
 */
export class BrowserlessFormFlow {
  private cookie: string | null = null;

  constructor(
    private readonly send: FormTransport,
    private readonly account: FormFlowAccount,
    private readonly onSecret: (value: string) => void = () => undefined,
  ) {}

  /** Forgets the session: the next flow goes through the login form again. */
  logOut(): void {
    this.cookie = null;
  }

  /** One authorization: login when there is no session, then approval; returns the code. */
  async authorize(request: { scope: string; state?: string }): Promise<string> {
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: this.account.clientId,
      redirect_uri: this.account.redirectUri,
      scope: request.scope,
      ...(request.state === undefined ? {} : { state: request.state }),
    });
    let page = (
      await this.step('GET', `${AUTHORIZATION_PATH}?${query.toString()}`, undefined, 200, 'authorize')
    ).body;
    if (this.cookie === null || page.includes('name="password"')) {
      const login = formFields(page, 'login page');
      const form = { ...login, login: this.account.login, password: this.account.password };
      page = (await this.step('POST', `${AUTHORIZATION_PATH}/login`, form, 200, 'login')).body;
    }
    const consent = formFields(page, 'consent page');
    const form = { ...consent, decision: 'approve' };
    const decided = await this.step('POST', `${AUTHORIZATION_PATH}/consent`, form, 302, 'consent');
    const code = new URL(decided.header('location') || 'none:').searchParams.get('code');
    if (code === null) throw new FlowError('consent (no code)', decided.status);
    this.onSecret(code);
    return code;
  }

  /** 4.2: the code for a Bearer token, client credentials in the body. */
  async exchange(code: string): Promise<string> {
    const form = {
      grant_type: 'authorization_code',
      code,
      redirect_uri: this.account.redirectUri,
      client_id: this.account.clientId,
      client_secret: this.account.clientSecret,
    };
    const answer = await this.step('POST', TOKEN_PATH, form, 200, 'token');
    const token = (JSON.parse(answer.body) as { access_token?: unknown }).access_token;
    if (typeof token !== 'string') throw new FlowError('token (no access_token)', answer.status);
    this.onSecret(token);
    return token;
  }

  private async step(
    method: 'GET' | 'POST',
    path: string,
    form: Record<string, string> | undefined,
    expected: number,
    step: string,
  ): Promise<FormAnswer> {
    const headers: Record<string, string> = {};
    if (this.cookie !== null) headers.cookie = this.cookie;
    if (form !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
    const answer = await this.send({
      method,
      path,
      headers,
      ...(form === undefined ? {} : { body: new URLSearchParams(form).toString() }),
    });
    if (answer.status !== expected) throw new FlowError(step, answer.status);
    // The sandbox issues a fresh session at login: always keep the newest cookie.
    const fresh = FIRST_COOKIE.exec(answer.header('set-cookie'))?.[1];
    if (fresh !== undefined) this.cookie = fresh;
    return answer;
  }
}
