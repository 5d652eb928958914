import { Agent, request } from 'undici';

/**
 * The two published clients of this marketplace, request by request, written here from reading
 * their public sources (nothing copied): what each sends (its base-URL style, headers, bodies) and
 * what it checks in the answers. The retired listing (`POST /autoupload/published`) is left out.
 *
 * - `olx-br` (npm, TypeScript over axios 0.21): two axios instances, the auth one with base URL
 *   `https://auth.../` (a trailing slash) and `Content-Type: application/x-www-form-urlencoded`,
 *   the apps one with `https://apps.../` and `Content-Type: application/json`; axios adds
 *   `Accept: application/json, text/plain, *\/*` and `User-Agent: axios/0.21.1`, joins a base URL
 *   and a path with one slash, serialises an object as JSON, and rejects any status outside 2xx.
 *   Its authorization URL is built by string concatenation, so it holds `//oauth`.
 * - The official PHP client (`olx-brasil/olx-api-client`, `Client.php` over curl): `auth_url`
 *   `https://auth.../oauth` and `apps_url` `https://apps.../oauth`; the authorization URL is
 *   `auth_url + '/?' + http_build_query(...)`; `authenticate()` refuses a code whose length is
 *   not 40, then posts the form to `auth_url + '/token'` and returns `access_token` when the JSON
 *   answer has one; `call(name, json)` posts the JSON string to `apps_url + '_api/' + name`. curl
 *   sends a string body with `Content-Type: application/x-www-form-urlencoded`, `Accept: *\/*`
 *   and no User-Agent.
 */

export interface ClientAnswer {
  status: number;
  text: string;
  /** The body as JSON, or undefined when it is not (axios then keeps the text; PHP's json_decode gives null). */
  json: unknown;
  /** The request as sent, for the test's messages. */
  sent: { method: string; url: string; headers: Record<string, string>; body: string | undefined };
}

async function send(
  agent: Agent,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  headers: Record<string, string>,
  body?: string,
): Promise<ClientAnswer> {
  const response = await request(url, {
    method,
    headers,
    dispatcher: agent,
    ...(body === undefined ? {} : { body }),
  });
  const text = await response.body.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.statusCode, text, json, sent: { method, url, headers, body } };
}

/** axios 0.21's join of a base URL and a relative one: trailing slashes off, leading ones off, one slash. */
function axiosUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/** An error as axios raises it for a status outside 2xx: the client passes `err.response.data` on. */
export class AxiosStatusError extends Error {
  constructor(readonly answer: ClientAnswer) {
    super(`${answer.sent.method} ${answer.sent.url}: HTTP ${answer.status} ${answer.text.slice(0, 200)}`);
    this.name = 'AxiosStatusError';
  }
}

const AXIOS_HEADERS = { accept: 'application/json, text/plain, */*', 'user-agent': 'axios/0.21.1' };

/** `olx-br`, its base URLs as it writes them (`https://auth.olx.com.br/`), pointed at the sandbox. */
export class OlxBrClient {
  private readonly authBase: string;
  private readonly appsBase: string;

  constructor(
    private readonly agent: Agent,
    urls: { authUrl: string; appsUrl: string },
    private readonly credentials: { clientId: string; clientSecret: string; redirectUri: string },
  ) {
    this.authBase = `${urls.authUrl}/`;
    this.appsBase = `${urls.appsUrl}/`;
  }

  /** getAuthUrl(autoupload, state): concatenated, the redirect URI as given, the scope pre-encoded. */
  authUrl(autoupload = true, state?: string): string {
    let scope = 'basic_user_info';
    if (autoupload) scope += '%20autoupload';
    const { clientId, redirectUri } = this.credentials;
    let query = `response_type=code&client_id=${clientId}&redirect_uri=${redirectUri}&scope=${scope}`;
    if (state !== undefined) query += `&state=${state}`;
    return `${this.authBase}/oauth?${query}`;
  }

  /** getToken(code): the form through the auth instance; its answer's data. */
  token(code: string): Promise<unknown> {
    const { clientId, clientSecret, redirectUri } = this.credentials;
    const form = new URLSearchParams();
    form.append('code', code);
    form.append('client_id', clientId);
    form.append('client_secret', clientSecret);
    form.append('redirect_uri', redirectUri);
    form.append('grant_type', 'authorization_code');
    return this.axios(
      this.authBase,
      'POST',
      '/oauth/token',
      form.toString(),
      'application/x-www-form-urlencoded',
    );
  }

  basicUserInfo(accessToken: string): Promise<unknown> {
    return this.apps('POST', '/oauth_api/basic_user_info', { access_token: accessToken });
  }

  /** putAnuncios(token, ads). */
  putAds(accessToken: string, ads: object[]): Promise<unknown> {
    return this.apps('PUT', '/autoupload/import', { access_token: accessToken, ad_list: ads });
  }

  /** deleteAnuncios(token, ids): each id as `{id, operation: "delete"}`. */
  deleteAds(accessToken: string, ids: string[]): Promise<unknown> {
    const adList = ids.map((id) => ({ id, operation: 'delete' }));
    return this.apps('PUT', '/autoupload/import', { access_token: accessToken, ad_list: adList });
  }

  /** getStatusAnuncio(token, importToken). */
  importStatus(accessToken: string, importToken: string): Promise<unknown> {
    return this.apps('POST', `/autoupload/import/${importToken}`, { access_token: accessToken });
  }

  /** getCarroInfo / getMotoInfo(token, brand, model): the brand and model only when given (truthy). */
  vehicleInfo(
    kind: 'car' | 'moto',
    accessToken: string,
    brand: number | null,
    model: number | null,
  ): Promise<unknown> {
    let uri = `/autoupload/${kind}_info`;
    if (brand) {
      uri += `/${brand}`;
      if (model) uri += `/${model}`;
    }
    return this.apps('POST', uri, { access_token: accessToken });
  }

  /** getMotoCilindradas(token). */
  cubicCapacities(accessToken: string): Promise<unknown> {
    return this.apps('POST', '/autoupload/moto_cubiccms_info', { access_token: accessToken });
  }

  private apps(method: 'POST' | 'PUT', path: string, data: object): Promise<unknown> {
    return this.axios(this.appsBase, method, path, JSON.stringify(data), 'application/json');
  }

  /** One axios call: 2xx gives the data (parsed JSON, else the text), anything else rejects. */
  private async axios(
    base: string,
    method: 'POST' | 'PUT',
    path: string,
    body: string,
    contentType: string,
  ): Promise<unknown> {
    const headers = { ...AXIOS_HEADERS, 'content-type': contentType };
    const answer = await send(this.agent, method, axiosUrl(base, path), headers, body);
    if (answer.status < 200 || answer.status >= 300) throw new AxiosStatusError(answer);
    return answer.json ?? answer.text;
  }
}

/** The official PHP client's exception for a code of another length ("Invalid code"). */
export class OlxAuthException extends Error {}

/** PHP's http_build_query: form encoding, a space as `+`. */
function httpBuildQuery(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

const CURL_HEADERS = { accept: '*/*', 'content-type': 'application/x-www-form-urlencoded' };

/** The official PHP client, its `auth_url` and `apps_url` as its defaults write them (`.../oauth`). */
export class OfficialPhpClient {
  private readonly authUrlBase: string;
  private readonly appsUrlBase: string;

  constructor(
    private readonly agent: Agent,
    urls: { authUrl: string; appsUrl: string },
    private readonly config: { clientId: string; clientSecret: string; redirectUri: string; scope: string },
  ) {
    this.authUrlBase = `${urls.authUrl}/oauth`;
    this.appsUrlBase = `${urls.appsUrl}/oauth`;
  }

  /** createAuthUrl(): `auth_url/?` and the four parameters, in the client's order. */
  createAuthUrl(): string {
    const { clientId, scope, redirectUri } = this.config;
    return `${this.authUrlBase}/?${httpBuildQuery({
      client_id: clientId,
      scope,
      redirect_uri: redirectUri,
      response_type: 'code',
    })}`;
  }

  /** authenticate(code): the access token when the answer's JSON has one, else the decoded body. */
  async authenticate(code: string): Promise<{ accessToken: string | undefined; answer: ClientAnswer }> {
    if (code.length !== 40) throw new OlxAuthException('Invalid code');
    const body = httpBuildQuery({
      code,
      grant_type: 'authorization_code',
      client_id: this.config.clientId,
      client_secret: this.config.clientSecret,
      redirect_uri: this.config.redirectUri,
    });
    const answer = await send(this.agent, 'POST', `${this.authUrlBase}/token`, CURL_HEADERS, body);
    const token = (answer.json as { access_token?: unknown } | undefined)?.access_token;
    return { accessToken: typeof token === 'string' ? token : undefined, answer };
  }

  /** call(name, arguments): the JSON string posted as curl posts a string. */
  call(name: string, json: string): Promise<ClientAnswer> {
    return send(this.agent, 'POST', `${this.appsUrlBase}_api/${name}`, CURL_HEADERS, json);
  }
}
