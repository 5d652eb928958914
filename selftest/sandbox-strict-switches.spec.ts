import { expect, test } from '@playwright/test';
import { insertAd, startImportSandbox, type ImportSandbox } from './support/import-sandbox.js';
import { actors, caller, isLoginPage, send } from './support/hostile.js';

/**
 * Production's leniency by default, strictness on a switch (docs/sandbox-import.md, "Production's
 * leniency"; docs/sandbox-rules.md, "Strict switches"): what the documentation's samples and the
 * published clients send is taken, what the documentation forbids is refused, and each strict-*
 * switch refuses the one leniency it names, saying which documented rule it breaks, and nothing else.
 */
let box: ImportSandbox;
test.beforeEach(async () => {
  box = await startImportSandbox();
});
test.afterEach(async () => {
  await box.sandbox.close();
});

const STRICT = [
  'strict-phone',
  'strict-key-spelling',
  'strict-vehicle-fields',
  'strict-oauth-path',
  'strict-content-type',
];

function strict(name: string, on: boolean): void {
  box.sandbox.switches.set(name, on);
}

/** Every leniency at once, each tried alone: which of them the import takes now. */
async function importTakes(token: string): Promise<Record<string, boolean>> {
  const car = { vehicle_brand: undefined, vehicle_model: undefined, regdate: '2001' };
  const tries: Record<string, Record<string, unknown>> = {
    numericPhone: insertAd('n1', { phone: 2155555555 }),
    digitStringPhone: insertAd('n2', { phone: '11987654321' }),
    capitalisedKeys: {
      ...insertAd('n3', { subject: undefined, body: undefined, phone: undefined }),
      Subject: 'Bicycle',
      Body: 'A red bicycle.',
      Phone: 2155555555,
    },
    carWithoutBrand: insertAd('n4', { category: 2020, phone: 2155555555, params: car }),
  };
  const taken: Record<string, boolean> = {};
  for (const [name, ad] of Object.entries(tries))
    taken[name] = (await box.put(token, [JSON.parse(JSON.stringify(ad)) as unknown])).body.statusCode === 0;
  return taken;
}

const ALL_TAKEN = {
  numericPhone: true,
  digitStringPhone: true,
  capitalisedKeys: true,
  carWithoutBrand: true,
};

test('the strict switches are listed as settings, each off by default', () => {
  const listed = box.sandbox.switches.list().filter((one) => one.name.startsWith('strict-'));
  expect(listed.map((one) => one.name).sort()).toEqual([...STRICT].sort());
  for (const one of listed) {
    expect([one.name, one.kind, one.value]).toEqual([one.name, 'setting', false]);
    expect(one.summary.length).toBeGreaterThan(20);
  }
});

test.describe('the import takes what the documentation and its samples send, refuses what it forbids', () => {
  test('by default: a numeric phone, digits, capitalised keys, a car without brand and model', async () => {
    expect(await importTakes(box.user().token)).toEqual(ALL_TAKEN);
  });

  test('a formatted phone, one of the wrong length, a subject over 90 and a body over 6,000 are 400', async () => {
    const { token } = box.user();
    const refused = [
      { phone: '(11) 98765-4321' },
      { phone: '+55 11 98765-4321' },
      { phone: 987654321 },
      { phone: '119876543210' },
      { subject: 'x'.repeat(91) },
      { subject: 'x' },
      { body: 'x'.repeat(6001) },
    ];
    for (const fields of refused) {
      const answer = await box.put(token, [insertAd('f1', fields)]);
      expect([answer.status, answer.body.reason], JSON.stringify(fields).slice(0, 60)).toEqual([
        400,
        'BAD_REQUEST',
      ]);
      expect(answer.body.message).toContain(Object.keys(fields)[0]);
    }
    const longest = await box.put(token, [
      insertAd('f2', { subject: 'x'.repeat(90), body: 'y'.repeat(6000) }),
    ]);
    expect(longest.body.statusCode).toBe(0);
  });

  test('a key in both spellings is 400; a bad brand given, or a zipcode as a number, is -4', async () => {
    const { token } = box.user();
    const numericZip = await box.put(token, [insertAd('z1', { zipcode: 24230090 })]);
    expect(numericZip.body).toMatchObject({
      statusCode: -4,
      errors: [{ id: 'z1', status: 'error', messages: [{ category: 'NO_REGION' }] }],
    });
    const twice = await box.put(token, [{ ...insertAd('t1'), Subject: 'Other' }]);
    expect([twice.status, twice.body.reason]).toEqual([400, 'BAD_REQUEST']);
    const badBrand = await box.put(token, [
      insertAd('t2', { category: '2020', params: { vehicle_brand: '999999' } }),
    ]);
    expect(badBrand.body).toMatchObject({
      statusCode: -4,
      errors: [{ id: 't2', status: 'error', messages: [{ category: 'ERROR_VEHICLE_BRAND_INVALID' }] }],
    });
  });
});

test.describe('each import strict switch refuses what it names and nothing else', () => {
  test('strict-phone: a phone as a string of digits is 400 naming the documented integer', async () => {
    const { token } = box.user();
    strict('strict-phone', true);
    expect(await importTakes(token)).toEqual({ ...ALL_TAKEN, digitStringPhone: false });
    const answer = await box.put(token, [insertAd('p1', { phone: '11987654321' })]);
    expect([answer.status, answer.body.reason]).toEqual([400, 'BAD_REQUEST']);
    expect(answer.body.message).toMatch(/phone must be an integer.*strict-phone/);
  });

  test('strict-key-spelling: a capitalised key is 400 naming the spelling of the examples', async () => {
    const { token } = box.user();
    strict('strict-key-spelling', true);
    expect(await importTakes(token)).toEqual({ ...ALL_TAKEN, capitalisedKeys: false });
    const answer = await box.put(token, [{ ...insertAd('k1', { subject: undefined }), Subject: 'Bicycle' }]);
    expect([answer.status, answer.body.reason]).toEqual([400, 'BAD_REQUEST']);
    expect(answer.body.message).toMatch(/Subject.*"subject".*strict-key-spelling/);
  });

  test('strict-vehicle-fields: a car without brand and model is -4 saying the documentation marks them optional', async () => {
    const { token } = box.user();
    strict('strict-vehicle-fields', true);
    expect(await importTakes(token)).toEqual({ ...ALL_TAKEN, carWithoutBrand: false });
    const answer = await box.put(token, [insertAd('v1', { category: '2020', params: { regdate: '2001' } })]);
    expect(answer.body).toMatchObject({
      token: null,
      statusCode: -4,
      errors: [{ id: 'v1', status: 'error', messages: [{ category: 'ERROR_VEHICLE_BRAND_INVALID' }] }],
    });
    expect(answer.body.message).toMatch(/optional.*strict-vehicle-fields/);
    const cars = box.sandbox.state.adImport.catalogs.current().cars;
    const brand = Object.values(cars.brandMap())[0] as number;
    const model = Object.values(cars.modelMap(brand) ?? {})[0] as number;
    const full = insertAd('v2', {
      category: '2020',
      params: { vehicle_brand: String(brand), vehicle_model: String(model) },
    });
    expect((await box.put(token, [full])).body.statusCode).toBe(0);
  });

  test('the import strict switches leave the authorization path and the content types alone', async () => {
    for (const name of ['strict-phone', 'strict-key-spelling', 'strict-vehicle-fields']) strict(name, true);
    expect(await oauthWithSlash()).toBe(200);
    expect(await basicInfoAs('application/x-www-form-urlencoded')).toBe(200);
  });
});

async function oauthWithSlash(): Promise<number> {
  const { clientId, redirectUri } = actors(box.sandbox);
  const query = new URLSearchParams({
    client_id: clientId,
    scope: 'basic_user_info',
    redirect_uri: redirectUri,
    response_type: 'code',
  });
  const answer = await send(caller(box.sandbox), `${box.sandbox.authUrl}/oauth/?${query.toString()}`);
  if (answer.status === 200) expect(isLoginPage(answer), 'the login page').toBe(true);
  else expect(answer.body).toContain('strict-oauth-path');
  return answer.status;
}

async function basicInfoAs(contentType: string): Promise<number> {
  const { token } = box.user(['basic_user_info']);
  const response = await fetch(`${box.sandbox.appsUrl}/oauth_api/basic_user_info`, {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: JSON.stringify({ access_token: token }),
  });
  const body = (await response.json()) as Record<string, unknown>;
  if (response.status === 415) expect(body.message).toMatch(/application\/json.*strict-content-type/);
  if (response.status === 200) expect(typeof body.user_email).toBe('string');
  return response.status;
}

async function carBrandsAs(contentType: string): Promise<number> {
  const { token } = box.user(['autoupload']);
  const response = await fetch(`${box.sandbox.appsUrl}/autoupload/car_info`, {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: JSON.stringify({ access_token: token }),
  });
  await response.arrayBuffer();
  return response.status;
}

test.describe('the rulebook strict switches refuse what they name and nothing else', () => {
  test('{auth_url}/oauth/ is served as /oauth; strict-oauth-path makes it a 404 page naming spec 4.1', async () => {
    expect(await oauthWithSlash()).toBe(200);
    strict('strict-oauth-path', true);
    expect(await oauthWithSlash()).toBe(404);
    const { clientId, redirectUri } = actors(box.sandbox);
    const plain = await send(
      caller(box.sandbox),
      `${box.sandbox.authUrl}/oauth?${new URLSearchParams({ client_id: clientId, scope: 'basic_user_info', redirect_uri: redirectUri, response_type: 'code' }).toString()}`,
    );
    expect(isLoginPage(plain)).toBe(true);
    expect(await importTakes(box.user().token)).toEqual(ALL_TAKEN);
    expect(await basicInfoAs('application/x-www-form-urlencoded')).toBe(200);
  });

  test('a JSON body as a form or as text is read as JSON; strict-content-type makes both 415', async () => {
    for (const type of ['application/x-www-form-urlencoded', 'text/plain', 'application/json'])
      expect([type, await basicInfoAs(type)]).toEqual([type, 200]);
    expect(await carBrandsAs('application/x-www-form-urlencoded')).toBe(200);
    strict('strict-content-type', true);
    for (const type of ['application/x-www-form-urlencoded', 'text/plain'])
      expect([type, await basicInfoAs(type)]).toEqual([type, 415]);
    expect(await carBrandsAs('text/plain')).toBe(415);
    expect(await basicInfoAs('application/json')).toBe(200);
    expect(await carBrandsAs('application/json')).toBe(200);
    expect(await oauthWithSlash()).toBe(200);
    expect(await importTakes(box.user().token)).toEqual(ALL_TAKEN);
  });

  test('a form or text body that is not JSON holds no token: 401 alike', async () => {
    for (const type of ['application/x-www-form-urlencoded', 'text/plain']) {
      const response = await fetch(`${box.sandbox.appsUrl}/oauth_api/basic_user_info`, {
        method: 'POST',
        headers: { 'content-type': type },
        body: `access_token=${box.user(['basic_user_info']).token}`,
      });
      expect([type, response.status]).toEqual([type, 401]);
      await response.arrayBuffer();
    }
  });
});

test('the import takes application/json only, as its documentation requires: a form and text are 415 alike', async () => {
  const { token } = box.user();
  for (const type of ['application/x-www-form-urlencoded', 'text/plain']) {
    const response = await fetch(`${box.sandbox.appsUrl}/autoupload/import`, {
      method: 'PUT',
      headers: { 'content-type': type },
      body: JSON.stringify({ access_token: token, ad_list: [insertAd('c1')] }),
    });
    const body = (await response.json()) as { reason: string; message: string };
    expect([type, response.status, body.message]).toEqual([
      type,
      415,
      'The ad import takes Content-Type: application/json, as its documentation requires.',
    ]);
  }
  expect((await box.put(token, [insertAd('c1')])).body.statusCode).toBe(0);
});
