// One tenant of the soak benchmark: an integrator's day in a loop, each request of a kind the
// sandbox serves for hours on a shared host: the authorization code flow (a fresh login now and
// then), the code exchange, a crawl of the listing, basic user info, a catalog lookup, its
// notification configuration read and rewritten, status changes delivered to its receiver, the
// journal read through the test helper, and a refused request (an unknown token). Bounded by the
// deadline; a pause between rounds keeps it a day's traffic, not a stress test.
import { setTimeout as sleep } from 'node:timers/promises';
import { type Dispatcher, request } from 'undici';
import { BrowserlessFormFlow } from '../../helpers/clients/form-flow.js';
import {
  BASIC_USER_INFO_PATH,
  CATALOG_CHAINS,
  CATALOG_PREFIX,
  NOTIFICATION_PATH,
  PUBLISHED_PATH,
  TEST_HELPERS_PREFIX,
} from '../../spec/paths.js';
import { JOURNAL_HELPER_PATH } from '../../spec/journal.js';
import { undiciTransport, type Credentials } from '../load/oauth-flow.js';

export interface TenantSetup {
  authUrl: string;
  appsUrl: string;
  controlKey: string;
  credentials: Credentials;
  adIds: readonly string[];
  receiverUrl: string;
  loginEvery: number;
  pauseMs: number;
  authDispatcher: Dispatcher;
  appsDispatcher: Dispatcher;
}

/** What one tenant did: operations by kind, and answers it did not expect by kind and status. */
export interface TenantLog {
  operations: Map<string, number>;
  unexpected: Map<string, number>;
}

function count(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

/** One request; its answer's body read and dropped; counted, and an unexpected status counted apart. */
async function call(
  setup: TenantSetup,
  log: TenantLog,
  kind: string,
  expected: number,
  init: {
    path: string;
    method?: 'GET' | 'PUT' | 'POST' | 'DELETE';
    headers?: Record<string, string>;
    body?: string;
  },
): Promise<string> {
  count(log.operations, kind);
  try {
    const response = await request(`${setup.appsUrl}${init.path}`, {
      method: init.method ?? 'GET',
      headers: init.headers ?? {},
      ...(init.body === undefined ? {} : { body: init.body }),
      dispatcher: setup.appsDispatcher,
    });
    const text = await response.body.text();
    if (response.statusCode !== expected) count(log.unexpected, `${kind} ${response.statusCode}`);
    return text;
  } catch (error) {
    count(log.unexpected, `${kind} ${(error as { code?: string }).code ?? 'error'}`);
    return '';
  }
}

async function crawl(setup: TenantSetup, log: TenantLog, token: string): Promise<void> {
  let pageToken: string | null = null;
  for (let page = 0; page < 100; page += 1) {
    const query = new URLSearchParams({ fetch_size: '100' });
    if (pageToken !== null) query.set('page_token', pageToken);
    const text = await call(setup, log, 'listing page', 200, {
      path: `${PUBLISHED_PATH}?${query.toString()}`,
      headers: { authorization: `Bearer ${token}` },
    });
    pageToken =
      text === '' ? null : ((JSON.parse(text) as { next_token?: string | null }).next_token ?? null);
    if (pageToken === null) return;
  }
}

/** Three of the tenant's ads change status in turn (published, then back): each is delivered. */
async function statusChanges(setup: TenantSetup, log: TenantLog, index: number): Promise<void> {
  for (let change = 0; change < 3; change += 1) {
    const adId = setup.adIds[(index * 3 + change) % setup.adIds.length] ?? '';
    const status =
      Math.floor((index * 3 + change) / setup.adIds.length) % 2 === 0 ? 'published' : 'pending_review';
    await call(setup, log, 'status change', 202, {
      path: `${TEST_HELPERS_PREFIX}/users/${encodeURIComponent(setup.credentials.login)}/ads/${encodeURIComponent(adId)}/status`,
      method: 'POST',
      headers: { 'x-sandbox-key': setup.controlKey, 'content-type': 'application/json' },
      body: JSON.stringify({ status }),
    });
  }
}

/** The calls of one round with an access token. */
async function round(setup: TenantSetup, log: TenantLog, token: string, index: number): Promise<void> {
  const bearer = { authorization: `Bearer ${token}` };
  const json = { ...bearer, 'content-type': 'application/json' };
  await crawl(setup, log, token);
  const tokenBody = JSON.stringify({ access_token: token });
  const post = { method: 'POST' as const, headers: { 'content-type': 'application/json;charset=UTF-8' } };
  await call(setup, log, 'basic user info', 200, { path: BASIC_USER_INFO_PATH, ...post, body: tokenBody });
  await call(setup, log, 'catalog', 200, {
    path: `${CATALOG_PREFIX}/${CATALOG_CHAINS.car}`,
    ...post,
    body: tokenBody,
  });
  const configuration = (path: string): string =>
    JSON.stringify({
      method: 'POST',
      url: `${setup.receiverUrl}/${path}`,
      media_type: 'application/json',
      token: `soak-notification-token-${index % 5}`,
    });
  const created = await call(setup, log, 'notification create', 201, {
    path: NOTIFICATION_PATH,
    method: 'POST',
    headers: json,
    body: configuration(`round-${index % 7}`),
  });
  const id = created === '' ? 'none' : String((JSON.parse(created) as { id?: unknown }).id);
  const one = `${NOTIFICATION_PATH}/${encodeURIComponent(id)}`;
  await call(setup, log, 'notification read', 200, { path: one, headers: bearer });
  await call(setup, log, 'notification update', 200, {
    path: one,
    method: 'PUT',
    headers: json,
    body: configuration(`updated-${index % 3}`),
  });
  await statusChanges(setup, log, index);
  await call(setup, log, 'journal read', 200, {
    path: `${TEST_HELPERS_PREFIX}${JOURNAL_HELPER_PATH}?client_id=${encodeURIComponent(setup.credentials.clientId)}&limit=50`,
    headers: { 'x-sandbox-key': setup.controlKey },
  });
  await call(setup, log, 'refused token', 401, {
    path: PUBLISHED_PATH,
    headers: { authorization: `Bearer unknown-${index}` },
  });
  await call(setup, log, 'notification delete', 204, { path: one, method: 'DELETE', headers: bearer });
}

/** Until the deadline: authorize (a fresh login every `loginEvery` rounds), exchange, one round. */
export async function runTenant(setup: TenantSetup, deadline: number): Promise<TenantLog> {
  const log: TenantLog = { operations: new Map(), unexpected: new Map() };
  const flow = new BrowserlessFormFlow(
    undiciTransport(setup.authUrl, setup.authDispatcher),
    setup.credentials,
  );
  for (let index = 0; performance.now() < deadline; index += 1) {
    if (index % setup.loginEvery === 0) flow.logOut();
    try {
      count(log.operations, 'authorize and exchange');
      const code = await flow.authorize({ scope: 'autoupload basic_user_info', state: `soak-${index}` });
      const token = await flow.exchange(code);
      await round(setup, log, token, index);
    } catch (error) {
      count(log.unexpected, `flow ${(error as Error).message.slice(0, 60)}`);
      flow.logOut();
    }
    await sleep(setup.pauseMs);
  }
  return log;
}
