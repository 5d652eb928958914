import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { Agent } from 'undici';
import { startSandbox, type StartedSandbox } from '../sandbox/start.js';
import { Browser, isConsentPage, isLoginPage } from './support/hostile.js';
import { OfficialPhpClient, OlxBrClient } from './support/published-clients.js';

/**
 * The published clients of this marketplace against the default sandbox, unmodified but for their
 * base URLs (docs/sandbox-import.md, "Production's leniency"): `olx-br` (npm) for every call it
 * offers but the retired listing, and the official PHP client's authorize, token and basic-info
 * requests, each sent as the client sends it and checked as the client checks it
 * (support/published-clients.ts). Only the sandbox's CA is trusted, as an integrator would.
 */

const REDIRECT_URI = 'http://127.0.0.1:9/callback';

let sandbox: StartedSandbox;
let agent: Agent;
test.beforeEach(async () => {
  sandbox = await startSandbox();
  agent = new Agent({ connect: { ca: readFileSync(sandbox.caFile, 'utf8') } });
});
test.afterEach(async () => {
  await agent.close();
  await sandbox.close();
});

function registered(): { clientId: string; clientSecret: string; login: string; password: string } {
  const { client, secret } = sandbox.state.clients.register([REDIRECT_URI], 'published client');
  const user = sandbox.state.users.create({});
  return { clientId: client.clientId, clientSecret: secret, login: user.login, password: user.password };
}

/** The user's browser at the client's authorization URL, through login and consent: the redirect back. */
async function consentAt(url: string, login: string, password: string): Promise<URL> {
  expect(url.startsWith(sandbox.authUrl), `the client's URL ${url} is the authorization server's`).toBe(true);
  const browser = new Browser(sandbox, agent);
  const page = await browser.go(url.slice(sandbox.authUrl.length));
  expect([page.status, isLoginPage(page)], `the login page at ${url}`).toEqual([200, true]);
  const consent = await browser.logIn(page, login, password);
  expect(isConsentPage(consent), 'the consent page').toBe(true);
  const back = await browser.approve(consent);
  expect(back.status).toBe(302);
  return new URL(back.headers.location ?? 'none:');
}

type Envelope = { status: string; data: Record<string, number> };

/** The first id of a lookup's answer, as a client picks one to go down a level. */
function firstId(answer: unknown): number {
  const { status, data } = answer as Envelope;
  expect(status).toBe('ok');
  const id = Object.values(data)[0];
  expect(typeof id, 'a lookup with an id').toBe('number');
  return id as number;
}

/** getCarroInfo and getMotoInfo at each level, getMotoCilindradas: a car's brand and model ids. */
async function everyLookup(olx: OlxBrClient, accessToken: string): Promise<[number, number]> {
  const ids: Record<'car' | 'moto', [number, number]> = { car: [0, 0], moto: [0, 0] };
  for (const kind of ['car', 'moto'] as const) {
    const brand = firstId(await olx.vehicleInfo(kind, accessToken, null, null));
    const model = firstId(await olx.vehicleInfo(kind, accessToken, brand, null));
    expect((await olx.vehicleInfo(kind, accessToken, brand, model)) as Envelope).toMatchObject({
      status: 'ok',
    });
    ids[kind] = [brand, model];
  }
  expect((await olx.cubicCapacities(accessToken)) as Envelope).toMatchObject({ status: 'ok' });
  return ids.car;
}

/** putAnuncios of the documentation's car example, getStatusAnuncio until decided, deleteAnuncios. */
async function importStatusDelete(
  olx: OlxBrClient,
  accessToken: string,
  [brand, model]: [number, number],
): Promise<void> {
  // The documentation's car example, as integrators send it: numbers for category and phone.
  const car = {
    id: 'olxbr-car-1',
    operation: 'insert',
    category: 2020,
    subject: 'Carro Novo',
    body: 'Corpo do anuncio',
    phone: 2155555555,
    type: 's',
    price: 10500,
    zipcode: '24230090',
    params: {
      vehicle_brand: String(brand),
      vehicle_model: String(model),
      regdate: '1988',
      mileage: 10000,
    },
    images: ['http://www.a.com/image1.png'],
  };
  const imported = (await olx.putAds(accessToken, [car])) as Record<string, unknown>;
  expect(imported).toMatchObject({ statusCode: 0, errors: [] });
  const importToken = imported.token as string;
  let status = (await olx.importStatus(accessToken, importToken)) as {
    autoupload_status: string;
    ads: Record<string, { status: string }>;
  };
  // The client polls the status until the moderation has decided, as integrators do.
  for (let tries = 0; status.autoupload_status !== 'done' && tries < 100; tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    status = (await olx.importStatus(accessToken, importToken)) as typeof status;
  }
  expect(status.ads['olxbr-car-1']?.status).toBe('accepted');
  expect(await olx.deleteAds(accessToken, ['olxbr-car-1'])).toMatchObject({ statusCode: 0 });
}

test('olx-br: consent at //oauth, the token, basic user info, every lookup, an import, its status and a delete', async () => {
  const { clientId, clientSecret, login, password } = registered();
  const olx = new OlxBrClient(agent, sandbox, { clientId, clientSecret, redirectUri: REDIRECT_URI });
  const url = olx.authUrl(true, 'olx-br-state');
  expect(url).toContain('//oauth?response_type=code&');
  const back = await consentAt(url, login, password);
  expect(back.searchParams.get('state')).toBe('olx-br-state');
  const token = (await olx.token(back.searchParams.get('code') ?? '')) as Record<string, unknown>;
  expect(token).toMatchObject({ token_type: 'Bearer' });
  const accessToken = token.access_token as string;
  expect(await olx.basicUserInfo(accessToken)).toMatchObject({
    user_name: expect.any(String),
    user_email: expect.any(String),
  });
  const car = await everyLookup(olx, accessToken);
  await importStatusDelete(olx, accessToken, car);
});

test("the official PHP client: /oauth/ with its query, a 40-character code, the token, basic_user_info as a form's JSON", async () => {
  const { clientId, clientSecret, login, password } = registered();
  const php = new OfficialPhpClient(agent, sandbox, {
    clientId,
    clientSecret,
    redirectUri: REDIRECT_URI,
    scope: 'basic_user_info autoupload',
  });
  const url = php.createAuthUrl();
  expect(url).toContain('/oauth/?client_id=');
  const back = await consentAt(url, login, password);
  const code = back.searchParams.get('code') ?? '';
  const { accessToken, answer } = await php.authenticate(code);
  expect(answer.status).toBe(200);
  expect(typeof accessToken, `authenticate() returned a token: ${answer.text.slice(0, 200)}`).toBe('string');
  const info = await php.call('basic_user_info', JSON.stringify({ access_token: accessToken }));
  expect([info.status, info.sent.headers['content-type']]).toEqual([
    200,
    'application/x-www-form-urlencoded',
  ]);
  expect(info.json).toMatchObject({ user_name: expect.any(String), user_email: expect.any(String) });
});
