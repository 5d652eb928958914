import { BrokenEnvironmentError } from '../target/broken-environment.js';
import { parseJsonBody, type HttpExchange } from '../record/exchange.js';
import { HttpClient } from './http.js';
import { setUpPaced } from './rate-limit-wait.js';
import { registerSecret } from '../report/redact.js';
import { describeExchange } from '../report/describe-exchange.js';
import { TEST_HELPERS_PREFIX } from '../../spec/paths.js';

export interface RegisteredClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

export interface SeededAd {
  id: string;
  list_id?: string;
  status: string;
}

export interface RegisteredUser {
  login: string;
  password: string;
  name: string;
  email: string;
}

/** A test helper answered other than the contract says: the environment is broken, not the API. */
export class ControlError extends BrokenEnvironmentError {
  constructor(what: string, exchange: HttpExchange) {
    super(
      `test helper ${what} answered ${exchange.response.status} (docs/contract.md, section 2)${exchange.response.status === 401 ? ": SANDBOX_CONTROL_KEY is not the target's control key" : ''}`,
      describeExchange(exchange),
    );
  }
}

/** Client of the test-helper protocol (contract section 2). */
export class ControlClient {
  constructor(
    private readonly http: HttpClient,
    private readonly baseUrl: string,
    private readonly key: string,
  ) {
    registerSecret(key);
  }

  /** Raw call, for tests of the helpers themselves. */
  async call(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    body?: unknown,
    key: string | null = this.key,
    quiet = false,
  ): Promise<HttpExchange> {
    return this.http.send({
      quiet,
      method,
      url: `${this.baseUrl}${TEST_HELPERS_PREFIX}${path}`,
      headers: {
        ...(key === null ? {} : { 'x-sandbox-key': key }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  }

  async createClient(redirectUris: readonly string[], name?: string): Promise<RegisteredClient> {
    const body = await this.expect(201, 'POST /clients', 'POST', '/clients', {
      redirect_uris: redirectUris,
      ...(name === undefined ? {} : { name }),
    });
    const client = {
      clientId: stringField(body, 'client_id'),
      clientSecret: stringField(body, 'client_secret'),
      redirectUris: [...redirectUris],
    };
    registerSecret(client.clientSecret);
    return client;
  }

  async createUser(): Promise<RegisteredUser> {
    const body = await this.expect(201, 'POST /users', 'POST', '/users', {});
    const user = {
      login: stringField(body, 'login'),
      password: stringField(body, 'password'),
      name: stringField(body, 'name'),
      email: stringField(body, 'email'),
    };
    registerSecret(user.password);
    return user;
  }

  async advanceClock(clientId: string, seconds: number): Promise<string> {
    const body = await this.expect(
      200,
      'POST /clients/{id}/clock',
      'POST',
      `/clients/${encodeURIComponent(clientId)}/clock`,
      { advance_seconds: seconds },
    );
    return stringField(body, 'now');
  }

  async failAuthorizations(
    clientId: string,
    count: number,
    error?: 'temporarily_unavailable' | 'server_error',
  ): Promise<void> {
    await this.expect(
      201,
      'POST /clients/{id}/failures',
      'POST',
      `/clients/${encodeURIComponent(clientId)}/failures`,
      {
        endpoint: 'authorize',
        count,
        ...(error === undefined ? {} : { error }),
      },
    );
  }

  /**
   * Left out of the report: a property test seeds before every run and every shrink, thousands of
   * times when a crawl fails; its counterexample shows the ads, and a refusal still throws.
   */
  async seedAds(login: string, ads: ReadonlyArray<SeededAd>): Promise<void> {
    const path = `/users/${encodeURIComponent(login)}/ads`;
    await this.expect(200, 'PUT /users/{login}/ads', 'PUT', path, { ads }, true);
  }

  async changeStatus(login: string, adId: string, status: string): Promise<void> {
    await this.expect(
      202,
      'POST /users/{login}/ads/{id}/status',
      'POST',
      `/users/${encodeURIComponent(login)}/ads/${encodeURIComponent(adId)}/status`,
      { status },
    );
  }

  async setRateLimit(clientId: string, requests: number, seconds: number): Promise<void> {
    await this.expect(
      200,
      'PUT /clients/{id}/rate_limit',
      'PUT',
      `/clients/${encodeURIComponent(clientId)}/rate_limit`,
      { requests, seconds },
    );
  }

  async failListings(clientId: string, count: number): Promise<void> {
    await this.expect(
      201,
      'POST /clients/{id}/failures',
      'POST',
      `/clients/${encodeURIComponent(clientId)}/failures`,
      { endpoint: 'published', count },
    );
  }

  private async expect(
    status: number,
    what: string,
    method: 'POST' | 'PUT',
    path: string,
    body: unknown,
    quiet = false,
  ): Promise<Record<string, unknown>> {
    // A 429 refused the call (an address blocked past a rate limit): set-up waits it out.
    const exchange = await setUpPaced(() => this.call(method, path, body, this.key, quiet));
    const parsed = parseJsonBody(exchange);
    if (exchange.response.status !== status || parsed === null || typeof parsed !== 'object') {
      throw new ControlError(what, exchange);
    }
    return parsed as Record<string, unknown>;
  }
}

function stringField(body: Record<string, unknown>, name: string): string {
  const value = body[name];
  if (typeof value !== 'string') throw new Error(`Test helper answer lacks string field "${name}"`);
  return value;
}
