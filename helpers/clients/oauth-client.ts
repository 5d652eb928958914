import type { HttpExchange } from '../record/exchange.js';
import type { HttpClient } from './http.js';
import { registerSecret } from '../report/redact.js';
import { registerTokenResponseSecrets } from '../report/secret-harvest.js';
import { AUTHORIZATION_PATH, TOKEN_PATH } from '../../spec/paths.js';

/** Ordered name/value pairs, so a test can omit, repeat or misspell any parameter on purpose. */
export type Params = ReadonlyArray<readonly [string, string]>;

/** `null` leaves a parameter out on purpose; `undefined` takes the default where there is one. */
export interface AuthorizationRequest {
  clientId?: string | null;
  redirectUri?: string | null;
  scope?: string | null;
  state?: string | null;
  /** Defaults to `code`. */
  responseType?: string | null;
  /** Extra pairs appended as they are (repeats, unknown parameters). */
  extra?: Params;
}

/** Builds GET {auth_url}/oauth (spec 4.1). */
export function authorizationUrl(authUrl: string, request: AuthorizationRequest): string {
  const pairs: Array<readonly [string, string]> = [];
  const add = (name: string, value: string | null | undefined): void => {
    if (value !== undefined && value !== null) pairs.push([name, value]);
  };
  add('response_type', request.responseType === undefined ? 'code' : request.responseType);
  add('client_id', request.clientId);
  add('redirect_uri', request.redirectUri);
  add('scope', request.scope);
  add('state', request.state);
  pairs.push(...(request.extra ?? []));
  return `${authUrl}${AUTHORIZATION_PATH}?${encodeForm(pairs)}`;
}

export function encodeForm(pairs: Params): string {
  return pairs.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join('&');
}

export interface CodeRedemption {
  code: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

/** The five form fields of spec 4.2, in order. */
export function redemptionForm(redemption: CodeRedemption): Array<readonly [string, string]> {
  return [
    ['grant_type', 'authorization_code'],
    ['code', redemption.code],
    ['redirect_uri', redemption.redirectUri],
    ['client_id', redemption.clientId],
    ['client_secret', redemption.clientSecret],
  ];
}

export interface TokenRequestOptions {
  form?: Params;
  /** A raw body, sent as is, for malformed-request tests. */
  rawBody?: string;
  contentType?: string | null;
  headers?: Record<string, string>;
  /** Query string appended to the token URL (credentials there must be refused). */
  query?: Params;
  method?: 'POST' | 'GET' | 'PUT';
}

/** Client of POST {auth_url}/oauth/token. Secrets it sends or receives are registered for redaction. */
export class TokenEndpoint {
  constructor(
    private readonly http: HttpClient,
    private readonly authUrl: string,
  ) {}

  get url(): string {
    return `${this.authUrl}${TOKEN_PATH}`;
  }

  async send(options: TokenRequestOptions): Promise<HttpExchange> {
    for (const [name, value] of [...(options.form ?? []), ...(options.query ?? [])]) {
      if (name === 'code' || name === 'client_secret') registerSecret(value);
    }
    const query = options.query === undefined ? '' : `?${encodeForm(options.query)}`;
    const contentType =
      options.contentType === undefined ? 'application/x-www-form-urlencoded' : options.contentType;
    const body = options.rawBody ?? (options.form === undefined ? undefined : encodeForm(options.form));
    const exchange = await this.http.send({
      method: options.method ?? 'POST',
      url: `${this.url}${query}`,
      headers: {
        ...(contentType === null ? {} : { 'content-type': contentType }),
        ...(options.headers ?? {}),
      },
      ...(body === undefined ? {} : { body }),
    });
    // Whatever the field is called (a faulty server renames access_token): every string is a secret.
    if (exchange.response.status < 400) registerTokenResponseSecrets(exchange.response.body);
    return exchange;
  }

  redeem(redemption: CodeRedemption): Promise<HttpExchange> {
    return this.send({ form: redemptionForm(redemption) });
  }
}
