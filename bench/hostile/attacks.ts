import { TEST_HELPERS_PREFIX } from '../../spec/paths.js';
import { Agent, request } from 'undici';

/**
 * The kinds of hostile request, each one small and bounded: what a tester sharing the
 * sandbox could send in a loop. `next()` of an attack gives the next request to send.
 */
export interface Target {
  authUrl: string;
  appsUrl: string;
  controlKey: string;
  auth: Agent;
  apps: Agent;
}

export interface Actor {
  clientId: string;
  login: string;
  token: string;
}

export type Send = () => Promise<number>;

async function status(
  url: string,
  dispatcher: Agent,
  init: Parameters<typeof request>[1] = {},
): Promise<number> {
  const response = await request(url, { ...init, dispatcher });
  await response.body.dump();
  return response.statusCode;
}

const JSON_TYPE = { 'content-type': 'application/json' } as const;

/** GET /oauth with a 4 KB state: a new session and pending request each, never finished. */
export function abandonedFlow(target: Target, actor: Actor): Send {
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: actor.clientId,
    redirect_uri: 'http://127.0.0.1:9/cb',
    scope: 'basic_user_info',
    state: 'x'.repeat(4000),
  });
  return () => status(`${target.authUrl}/oauth?${query.toString()}`, target.auth);
}

/** Wrong passwords posted on a real login form, again and again. */
export async function passwordGuess(target: Target, actor: Actor): Promise<Send> {
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: actor.clientId,
    redirect_uri: 'http://127.0.0.1:9/cb',
    scope: 'basic_user_info',
  });
  const page = await request(`${target.authUrl}/oauth?${query.toString()}`, { dispatcher: target.auth });
  const html = await page.body.text();
  const cookieHeader = page.headers['set-cookie'];
  const cookie = (Array.isArray(cookieHeader) ? cookieHeader[0] : cookieHeader)?.split(';')[0] ?? '';
  const field = (name: string): string => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? '';
  let attempt = 0;
  return () => {
    attempt += 1;
    return status(`${target.authUrl}/oauth/login`, target.auth, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        request: field('request'),
        csrf: field('csrf'),
        login: actor.login,
        password: `guess-${attempt}`,
      }).toString(),
    });
  };
}

/** A helper call with an empty key (the contract's 401, or a 404 where no helper is served). */
export function emptyKey(target: Target): Send {
  return () =>
    status(`${target.appsUrl}${TEST_HELPERS_PREFIX}/users`, target.apps, {
      method: 'POST',
      headers: { 'x-sandbox-key': '', ...JSON_TYPE },
      body: '{}',
    });
}

/** The clock pushed by 1e10 seconds at a time. */
export function clockPush(target: Target, actor: Actor): Send {
  return () =>
    status(`${target.appsUrl}${TEST_HELPERS_PREFIX}/clients/${actor.clientId}/clock`, target.apps, {
      method: 'POST',
      headers: { 'x-sandbox-key': target.controlKey, ...JSON_TYPE },
      body: JSON.stringify({ advance_seconds: 1e10 }),
    });
}

const FORBIDDEN_URLS = [
  'http://169.254.169.254/latest/meta-data/',
  `http://0x7f.1:{apps}${TEST_HELPERS_PREFIX}/users`,
  `http://[::ffff:127.0.0.1]:{apps}${TEST_HELPERS_PREFIX}/users`,
  'http://10.0.0.1/hook',
];

/** Notification configurations aimed at forbidden addresses, or with a header-breaking token. */
export function forbiddenHook(target: Target, actor: Actor): Send {
  const appsPort = new URL(target.appsUrl).port;
  let index = 0;
  return () => {
    index += 1;
    const url = (FORBIDDEN_URLS[index % FORBIDDEN_URLS.length] ?? '').replace('{apps}', appsPort);
    const token = index % 5 === 0 ? 'abc\r\nX-Injected: 1' : 'hook-token';
    return status(`${target.appsUrl}/autoservice/v1/notification`, target.apps, {
      method: 'POST',
      headers: { authorization: `Bearer ${actor.token}`, ...JSON_TYPE },
      body: JSON.stringify({ method: 'POST', url, media_type: 'application/json', token }),
    });
  };
}

/** A notification configuration of the actor to `url` (how fan-out is set up). */
export function hook(target: Target, actor: Actor, url: string): Send {
  return () =>
    status(`${target.appsUrl}/autoservice/v1/notification`, target.apps, {
      method: 'POST',
      headers: { authorization: `Bearer ${actor.token}`, ...JSON_TYPE },
      body: JSON.stringify({ method: 'POST', url, media_type: 'application/json', token: 'fan-token' }),
    });
}

/** Users created without end (each a password hash), until the sandbox's cap refuses them. */
export function userFlood(target: Target): Send {
  return () =>
    status(`${target.appsUrl}${TEST_HELPERS_PREFIX}/users`, target.apps, {
      method: 'POST',
      headers: { 'x-sandbox-key': target.controlKey, ...JSON_TYPE },
      body: '{}',
    });
}

/** Status changes of an ad whose user has many configurations: each one fans out to all of them. */
export function fanOut(target: Target, actor: Actor): Send {
  let index = 0;
  return () => {
    index += 1;
    return status(
      `${target.appsUrl}${TEST_HELPERS_PREFIX}/users/${actor.login}/ads/fan-ad/status`,
      target.apps,
      {
        method: 'POST',
        headers: { 'x-sandbox-key': target.controlKey, ...JSON_TYPE },
        body: JSON.stringify({ status: `s${index % 7}` }),
      },
    );
  };
}

/** A large ads body as given: a valid set, or one past the helper's limit. */
export function bigSeed(target: Target, login: string, body: string): Send {
  return () =>
    status(`${target.appsUrl}${TEST_HELPERS_PREFIX}/users/${login}/ads`, target.apps, {
      method: 'PUT',
      headers: { 'x-sandbox-key': target.controlKey, ...JSON_TYPE },
      body,
    }).catch(() => 0);
}

/** The benign reference: listing pages, filtered or not, as an integrator's nightly run reads them. */
export function benignListing(target: Target, actor: Actor): Send {
  const queries = ['fetch_size=50', 'fetch_size=200', 'fetch_size=20&ads_status=published'];
  let index = 0;
  return () => {
    index += 1;
    return status(
      `${target.appsUrl}/autoupload/v1/published?${queries[index % queries.length] ?? ''}`,
      target.apps,
      {
        headers: { authorization: `Bearer ${actor.token}` },
      },
    );
  };
}

/**
 * Unauthenticated requests of every kind at their maximum size, each naming another team's
 * client (public: its id is in every authorization URL): a 0.9 MB import, a 1 MB notification
 * configuration, an 8 KB listing URL, a 16 KB token form, an 8 KB authorization URL. No token, no
 * secret: the journal keeps only small claimed-only records of them.
 */
export function unauthenticatedMax(target: Target, clientId: string): Send {
  const brand = 'b'.repeat(9000);
  const ads = Array.from({ length: 100 }, (_, index) => ({
    id: `ad-${index}`,
    params: { vehicle_brand: brand },
  }));
  const importBody = JSON.stringify({ client_id: clientId, ad_list: ads });
  const notificationBody = JSON.stringify({
    client_id: clientId,
    url: `http://127.0.0.1:9/${'u'.repeat(1_000_000)}`,
  });
  const longQuery = `client_id=${clientId}&${'q'.repeat(7900)}=1`;
  const tokenForm = `grant_type=authorization_code&client_id=${clientId}&code=${'c'.repeat(4000)}&redirect_uri=${'r'.repeat(4000)}`;
  const sends: Send[] = [
    () =>
      status(`${target.appsUrl}/autoupload/import`, target.apps, {
        method: 'POST',
        headers: JSON_TYPE,
        body: importBody,
      }),
    () =>
      status(`${target.appsUrl}/autoservice/v1/notification`, target.apps, {
        method: 'POST',
        headers: JSON_TYPE,
        body: notificationBody,
      }),
    () => status(`${target.appsUrl}/autoupload/v1/published?${longQuery}`, target.apps),
    () =>
      status(`${target.authUrl}/oauth/token`, target.auth, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: tokenForm,
      }),
    () => status(`${target.authUrl}/oauth?response_type=code&${longQuery}`, target.auth),
  ];
  let index = 0;
  return () => {
    index += 1;
    return (sends[index % sends.length] as Send)().catch(() => 0);
  };
}
