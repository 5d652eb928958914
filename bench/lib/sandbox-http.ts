import { request } from 'undici';

/** Set-up calls benchmarks make over HTTP, as the suite does: the contract's helpers and 4.6. */
export interface SandboxHttp {
  appsUrl: string;
  controlUrl: string;
  controlKey: string;
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

export function helper(
  sandbox: SandboxHttp,
  method: 'PUT' | 'POST',
  path: string,
  body: unknown,
  expected: number,
): Promise<unknown> {
  return send(
    `${sandbox.controlUrl}/test_helpers/v1${path}`,
    { method, headers: { 'x-sandbox-key': sandbox.controlKey }, body },
    expected,
  );
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
  await helper(sandbox, 'PUT', `/users/${encodeURIComponent(login)}/ads`, { ads }, 200);
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
