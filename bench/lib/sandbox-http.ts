import { request } from 'undici';
import { ControlClient } from '../../helpers/clients/control-client.js';
import { HttpClient } from '../../helpers/clients/http.js';
import { TEST_HELPERS_PREFIX } from '../../spec/paths.js';

/** Set-up calls benchmarks make over HTTP, as the suite does: the contract's helpers and 4.6. */
export interface SandboxHttp {
  appsUrl: string;
  controlUrl: string;
  controlKey: string;
}

/** The set-up calls' view of a sandbox whose test helpers share the resource server's origin. */
export function sandboxHttpOf(info: { appsUrl: string; controlKey: string }): SandboxHttp {
  return { appsUrl: info.appsUrl, controlUrl: info.appsUrl, controlKey: info.controlKey };
}

async function send(
  url: string,
  init: { method: 'PUT' | 'POST'; headers: Record<string, string>; body: unknown },
  expected: number,
): Promise<unknown> {
  const response = await request(url, {
    method: init.method,
    headers: { ...init.headers, 'content-type': 'application/json' },
    body: JSON.stringify(init.body),
  });
  const text = await response.body.text();
  // The path names what failed; bodies of set-up calls may hold secrets and are not printed.
  if (response.statusCode !== expected)
    throw new Error(
      `${init.method} ${new URL(url).pathname.split('/').slice(0, 4).join('/')} answered ${response.statusCode}`,
    );
  return JSON.parse(text) as unknown;
}

const controlClients = new WeakMap<SandboxHttp, ControlClient>();

/** The suite's own test-helper client (contract section 2), one per sandbox. */
export function controlOf(sandbox: SandboxHttp): ControlClient {
  let control = controlClients.get(sandbox);
  if (control === undefined) {
    control = new ControlClient(new HttpClient({}), sandbox.controlUrl, sandbox.controlKey);
    controlClients.set(sandbox, control);
  }
  return control;
}

export interface BenchAd {
  id: string;
  list_id?: string;
  status: string;
}

/** Ads `ad-0` ... `ad-(count-1)`; every fourth never published (no list_id). */
export function benchAds(count: number): BenchAd[] {
  return Array.from({ length: count }, (_, index) =>
    index % 4 === 0
      ? { id: `ad-${index}`, status: 'pending_review' }
      : { id: `ad-${index}`, list_id: String(1_000_000 + index), status: 'published' },
  );
}

/** Ads `ad-0` ... `ad-(count-1)`, all pending_review: a change to published is a change for each. */
export function pendingAds(count: number): BenchAd[] {
  return Array.from({ length: count }, (_, index) => ({ id: `ad-${index}`, status: 'pending_review' }));
}

/** Replaces the user's ads (contract: PUT .../ads); returns their ids. */
export async function seedAds(sandbox: SandboxHttp, login: string, ads: BenchAd[]): Promise<string[]> {
  // Not through controlOf(): the seeding time of up to 200,000 ads is a figure the crawl benchmark
  // prints, and the suite's client would add its secret harvest (a parse of the whole body) and
  // its 15 s request timeout to it.
  await send(
    `${sandbox.controlUrl}${TEST_HELPERS_PREFIX}/users/${encodeURIComponent(login)}/ads`,
    { method: 'PUT', headers: { 'x-sandbox-key': sandbox.controlKey }, body: { ads } },
    200,
  );
  return ads.map((ad) => ad.id);
}

/** 4.6: a notification configuration of the token's user that delivers to `url`. */
export async function createNotification(
  sandbox: SandboxHttp,
  accessToken: string,
  url: string,
): Promise<void> {
  await send(
    `${sandbox.appsUrl}/autoservice/v1/notification`,
    {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}` },
      body: { method: 'POST', url, media_type: 'application/json', token: 'bench-notification-token' },
    },
    201,
  );
}
