import { expect, test } from '@playwright/test';
import { calibrationOf, referenceChoices } from '../sandbox/calibrate/calibrate.js';
import { profileOf } from '../sandbox/calibrate/observed.js';
import { PageTokens } from '../sandbox/resources/page-token.js';
import { tokenForm } from '../spec/observed-forms.js';
import { CATALOG_PREFIX } from '../spec/paths.js';
import { insertAd, startImportSandbox, type ImportSandbox } from './support/import-sandbox.js';

/**
 * A double that is one world (each answer agrees with every other, and with the observation): calibrated from another marketplace's observation, its ad import
 * takes exactly the catalog its lookups serve. A client that walks the lookups to an entry and
 * imports its ids is accepted (cars and motorcycles, every level); an id the lookups do not serve
 * (the sandbox's own Chevrolet, a model of another brand) is refused with the vehicle codes.
 * Before, the import held ids against the sandbox's own data and refused the ids its lookups had
 * served (ERROR_VEHICLE_BRAND_INVALID).
 */
const SNAPSHOT = {
  car: {
    id: 'car_info',
    children: { Fiat: { id: 7001, children: { Uno: { id: 7101, children: { '1.0 Fire': { id: 7201 } } } } } },
  },
  motorcycle: {
    id: 'moto_info',
    children: {
      Yamaha: { id: 8001, children: { Fazer: { id: 8101, children: { '250 ABS': { id: 8201 } } } } },
    },
  },
  cellphone: {
    id: 'cellphone_info',
    children: { Samsung: { id: 9001, children: { 'Galaxy S23': { id: 9101 } } } },
  },
  'motorcycle cubic capacities': { id: 'moto_cubiccms_info', children: { '250': { id: 7 } } },
};

function calibrated(): ReturnType<typeof calibrationOf> {
  const profile = profileOf({
    format: 'classifieds-observed-profile/1',
    target: 'another marketplace',
    observedAt: '2026-12-03T02:00:00.000Z',
    run: {},
    catalog: SNAPSHOT,
    areas: referenceChoices(),
  });
  if ('problem' in profile) throw new Error(`set-up: ${profile.problem}`);
  return calibrationOf(profile);
}

/** The entry named `name` of a lookup's answer, walked as a client walks it. */
async function idOf(box: ImportSandbox, token: string, path: string, name: string): Promise<number> {
  const { status, body } = await box.call('POST', `${CATALOG_PREFIX}/${path}`, { token });
  expect(status, path).toBe(200);
  const id = (body.data as Record<string, unknown>)[name];
  expect(typeof id, `${path} serves ${name}`).toBe('number');
  return id as number;
}

async function imported(
  box: ImportSandbox,
  token: string,
  params: Record<string, unknown>,
  category: string,
): Promise<unknown> {
  const { body } = await box.put(token, [
    insertAd(`ad${Object.values(params).join('x')}`, { category, params }),
  ]);
  return body.statusCode === 0 ? 0 : body.errors;
}

test('calibrated from an observation, the import takes the ids its own lookups served, and only those', async () => {
  const box = await startImportSandbox({ like: calibrated() });
  try {
    const { token } = box.user(['autoupload']);
    const brand = await idOf(box, token, 'car_info', 'Fiat');
    const model = await idOf(box, token, `car_info/${brand}`, 'Uno');
    const version = await idOf(box, token, `car_info/${brand}/${model}`, '1.0 Fire');
    const car = { vehicle_brand: brand, vehicle_model: model, vehicle_version: version };
    expect(await imported(box, token, car, '2020'), 'a car walked from the lookups').toBe(0);
    const moto = await idOf(box, token, 'moto_info', 'Yamaha');
    const fazer = await idOf(box, token, `moto_info/${moto}`, 'Fazer');
    const abs = await idOf(box, token, `moto_info/${moto}/${fazer}`, '250 ABS');
    const motorcycle = { vehicle_brand: moto, vehicle_model: fazer, vehicle_version: abs };
    expect(await imported(box, token, motorcycle, '2060'), 'a motorcycle walked from the lookups').toBe(0);
    const phone = await idOf(
      box,
      token,
      `cellphone_info/${await idOf(box, token, 'cellphone_info', 'Samsung')}`,
      'Galaxy S23',
    );
    expect(phone).toBe(9101);

    const refusal = (code: string): unknown => [
      { id: expect.any(String) as unknown, status: 'error', messages: [{ category: code }] },
    ];
    expect(
      await imported(box, token, { vehicle_brand: 1, vehicle_model: 1001 }, '2020'),
      'the sandbox’s own Chevrolet is not served',
    ).toEqual(refusal('ERROR_VEHICLE_BRAND_INVALID'));
    expect(await imported(box, token, { vehicle_brand: brand, vehicle_model: fazer }, '2020')).toEqual(
      refusal('ERROR_VEHICLE_MODEL_INVALID'),
    );
    expect(await imported(box, token, { ...car, vehicle_version: abs }, '2020')).toEqual(
      refusal('ERROR_VEHICLE_VERSION_INVALID'),
    );
  } finally {
    await box.sandbox.close();
  }
});

test('uncalibrated, the import takes the sandbox’s own catalog as its lookups serve it', async () => {
  const box = await startImportSandbox();
  try {
    const { token } = box.user(['autoupload']);
    const brand = await idOf(box, token, 'car_info', 'Chevrolet');
    const model = await idOf(box, token, `car_info/${brand}`, 'Onix');
    expect(await imported(box, token, { vehicle_brand: brand, vehicle_model: model }, '2020')).toBe(0);
    expect(await imported(box, token, { vehicle_brand: 7001, vehicle_model: 7101 }, '2020')).not.toBe(0);
  } finally {
    await box.sandbox.close();
  }
});

test('the deliveries carry the token in the header the marketplace was observed to use, raw or as Bearer', () => {
  const headersLike = (observed: string): Readonly<Record<string, string>> | string => {
    const areas = structuredClone(referenceChoices());
    areas.deliveries = { ...areas.deliveries, 'token header': observed };
    const profile = profileOf({ format: 'classifieds-observed-profile/1', catalog: null, areas });
    if ('problem' in profile) throw new Error(`set-up: ${profile.problem}`);
    const calibration = calibrationOf(profile);
    const made = calibration.patch.notifications?.tokenHeaders;
    const fact = calibration.facts.find((one) => one.key === 'token header');
    if (made === undefined) return fact?.how ?? 'no patch';
    return made(() => ({}))('the-token', {} as never, 1);
  };
  expect(headersLike('x-notification-token')).toEqual({ 'x-notification-token': 'the-token' });
  expect(headersLike('x-api-key (Bearer)')).toEqual({ 'x-api-key': 'Bearer the-token' });
  expect(headersLike('content-length')).toMatch(/^not one header name/);
});

test('the listing hands out page tokens of the observed alphabet and length, and takes them back', () => {
  const areas = structuredClone(referenceChoices());
  areas.listing = {
    ...areas.listing,
    'page token form': 'base64url, up to 256 characters',
    'page token length': { 'several values': [88, 90] },
  };
  const profile = profileOf({ format: 'classifieds-observed-profile/1', catalog: null, areas });
  if ('problem' in profile) throw new Error(`set-up: ${profile.problem}`);
  const form = calibrationOf(profile).patch.resources?.pageTokenForm?.(() => 'base64url')();
  expect(form).toEqual({ alphabet: 'base64url', length: 90 });
  const tokens = new PageTokens(() => form ?? 'base64url');
  const cursor = { login: 'dealer', status: null, generation: 1, position: 400 };
  const token = tokens.encode(cursor);
  expect(token).toMatch(/^[A-Za-z0-9_-]{90}$/);
  expect(tokenForm(token)).toBe('base64url, up to 256 characters');
  expect(tokens.decode(token)).toEqual(cursor);
  expect(tokens.encode(cursor), 'the same position, the same token').toBe(token);
  expect(tokens.decode(`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).toBeUndefined();
});

test('a choice the observation lacks: the double keeps its own and says so, with the value it keeps', () => {
  const areas = structuredClone(referenceChoices());
  delete areas.deliveries?.['token header'];
  const profile = profileOf({ format: 'classifieds-observed-profile/1', catalog: null, areas });
  if ('problem' in profile) throw new Error(`set-up: ${profile.problem}`);
  expect(calibrationOf(profile).notObserved).toEqual([
    `deliveries | token header | not observed: the sandbox's own, "authorization (Bearer)"`,
  ]);
});
