import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { applySeed, type SandboxSeed } from '../sandbox/seed.js';
import { startSandbox } from '../sandbox/start.js';
import { namesOf } from '../sandbox/tls.js';

/**
 * The standalone sandbox's other service switches (docs/sandbox-service.md): `--host` and the
 * certificate that names it; an account's seed applied again over a kept state leaves what a
 * rehearsal changed.
 */
test.describe.configure({ mode: 'default' });

/** The status of a GET over HTTPS trusting only `ca`, or the TLS error's code. */
function trustedGet(url: string, ca: string): Promise<number | string> {
  return new Promise((resolve) => {
    const outgoing = request(url, { ca }, (incoming) => {
      incoming.resume();
      resolve(incoming.statusCode ?? 0);
    });
    outgoing.once('error', (error: NodeJS.ErrnoException) => {
      resolve(error.code ?? error.message);
    });
    outgoing.end();
  });
}

test('--host: the servers listen on the address given and the certificate names it beside loopback', async () => {
  test.skip(process.platform !== 'linux', 'all of 127.0.0.0/8 is loopback on Linux');
  const sandbox = await startSandbox({ host: '127.0.0.2' });
  try {
    expect(sandbox.authUrl).toMatch(/^https:\/\/127\.0\.0\.2:\d+$/);
    expect(sandbox.appsUrl).toMatch(/^http:\/\/127\.0\.0\.2:\d+$/);
    const ca = readFileSync(sandbox.caFile, 'utf8');
    const served = await trustedGet(`${sandbox.authUrl}/oauth`, ca);
    expect(typeof served, `a TLS connection to the host given: ${served}`).toBe('number');
  } finally {
    await sandbox.close();
  }
});

test('the certificate names an IP address or a DNS name given as host, and loopback', () => {
  expect(namesOf('192.0.2.7')).toEqual(['localhost', '127.0.0.1', '::1', '192.0.2.7']);
  expect(namesOf('sandbox.example')).toEqual(['localhost', '127.0.0.1', '::1', 'sandbox.example']);
  expect(namesOf('127.0.0.1')).toEqual(['localhost', '127.0.0.1', '::1']);
  expect(namesOf('0.0.0.0').length, 'every interface: the host name and its addresses').toBeGreaterThan(3);
});

test('the CA is kept while the server certificate is made again for another host', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sandbox-host-'));
  try {
    const first = await startSandbox({ dataDir, fresh: true });
    const ca = new X509Certificate(readFileSync(first.caFile)).fingerprint256;
    await first.close();
    const second = await startSandbox({ dataDir, host: '127.0.0.3' });
    try {
      expect(new X509Certificate(readFileSync(second.caFile)).fingerprint256).toBe(ca);
      const served = await trustedGet(`${second.authUrl}/oauth`, readFileSync(second.caFile, 'utf8'));
      expect(typeof served, `a certificate the kept CA signed names the new host: ${served}`).toBe('number');
    } finally {
      await second.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

const SEED: SandboxSeed = {
  clients: [
    {
      client_id: 'cl_kept_seed',
      client_secret: 'kept-seed-client-secret',
      name: 'Seeded',
      redirect_uris: ['http://127.0.0.1:9/cb'],
      rate_limit: { requests: 20, seconds: 1 },
    },
  ],
  users: [
    { login: 'kept_seed_user', password: 'kept-seed-password', name: 'Kept', email: 'k@x.example', ads: 6 },
  ],
  tokens: [
    {
      token: 'kept-seed-import-token-0123456789abcdef',
      client_id: 'cl_kept_seed',
      login: 'kept_seed_user',
      scopes: ['autoupload'],
    },
  ],
};
const SEED_TOKEN = SEED.tokens?.[0]?.token ?? '';

test('an account seed applied again over a kept state leaves the statuses and limits a rehearsal changed', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sandbox-seed-'));
  try {
    const first = await startSandbox({ dataDir, fresh: true });
    applySeed(first.state, SEED);
    const ad = first.state.ads.view('kept_seed_user', undefined)[0];
    expect(ad, 'set-up: a seeded ad').toBeDefined();
    first.state.ads.changeStatus('kept_seed_user', ad ?? { id: '', status: '' }, 'removed');
    const client = first.state.clients.find('cl_kept_seed');
    if (client === undefined) throw new Error('set-up: the seeded client');
    client.rateLimit = { requests: 7, seconds: 2 };
    first.state.clients.changed(client);
    await first.close();

    const second = await startSandbox({ dataDir });
    try {
      expect(second.state.tokens.find(SEED_TOKEN), "the seed's token, kept").toMatchObject({
        clientId: 'cl_kept_seed',
        login: 'kept_seed_user',
        scopes: ['autoupload'],
      });
      applySeed(second.state, SEED);
      expect(second.state.ads.find('kept_seed_user', ad?.id ?? '')?.status).toBe('removed');
      expect(second.state.clients.find('cl_kept_seed')?.rateLimit).toEqual({ requests: 7, seconds: 2 });
      expect(second.state.users.verify('kept_seed_user', 'kept-seed-password')).toBeDefined();
    } finally {
      await second.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('a seed is applied once, to an empty folder: a restart after an import changed the count of ads keeps every imported ad', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sandbox-seed-once-'));
  try {
    const first = await startSandbox({ dataDir, fresh: true });
    applySeed(first.state, SEED);
    const seeded = first.state.ads.view('kept_seed_user', undefined).map((ad) => ad.id);
    // What the ad import does: a new ad inserted, and a seeded one deleted.
    const added = first.state.ads.add(
      'kept_seed_user',
      { id: 'imported-1', list_id: '77001', status: 'pending_review' },
      first.state.caps.ads,
    );
    expect(added, 'set-up: an imported ad').toBe(true);
    const [firstSeeded] = first.state.ads.view('kept_seed_user', undefined);
    if (firstSeeded === undefined) throw new Error('set-up: a seeded ad');
    first.state.ads.changeStatus('kept_seed_user', firstSeeded, 'deleted');
    await first.close();

    const second = await startSandbox({ dataDir });
    try {
      applySeed(second.state, SEED);
      const held = second.state.ads.view('kept_seed_user', undefined);
      expect(
        held.map((ad) => `${ad.id} ${ad.status}`),
        'the imported ad and the changed status, after a restart with the seed',
      ).toEqual(
        [...seeded, 'imported-1'].map((id) => {
          const ad = held.find((one) => one.id === id);
          return `${id} ${id === firstSeeded.id ? 'deleted' : (ad?.status ?? 'missing')}`;
        }),
      );
      expect(
        held.some((ad) => ad.id === 'imported-1'),
        'the imported ad is listed',
      ).toBe(true);
    } finally {
      await second.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
