import { expect, test } from '@playwright/test';
import { startSandbox, type StartedSandbox } from '../sandbox/start.js';
import {
  FieldNotesClient,
  startReceiver,
  type AdToInsert,
  type DeliveryReceiver,
} from './support/field-notes-client.js';

/**
 * The ad import as an integrator meets it (docs/sandbox-import.md): a client written from the field
 * notes alone imports ads, reads each import's status, sees each change in the listing and as an
 * AD_STATUS delivery, deletes one, and after a catalog renumbering switched on while the sandbox
 * runs is refused with -4 and the vehicle code for its stale id, then succeeds with the refreshed
 * one. The sandbox has no control key (no test helper exists); the account is made in-process, as
 * a team's account exists before its tests, and the switches are set on the returned state until
 * the control API serves them.
 */

interface Account {
  sandbox: StartedSandbox;
  client: FieldNotesClient;
  receiver: DeliveryReceiver;
  login: string;
}

function setSwitch(sandbox: StartedSandbox, name: string, value: unknown): void {
  const found = sandbox.state.adImport.switches().find((one) => one.name === name);
  if (found === undefined) throw new Error(`no switch ${name}`);
  found.set(value);
}

async function openAccount(): Promise<Account> {
  const sandbox = await startSandbox();
  const { state } = sandbox;
  const { login } = state.users.create({});
  const { client } = state.clients.register(['http://127.0.0.1:9/cb'], 'dealer system');
  const accessToken = state.tokens.issue({
    clientId: client.clientId,
    login,
    scopes: ['autoupload'],
    issuedAtMs: Date.now(),
  });
  setSwitch(sandbox, 'import-moderation-delay', 0.2);
  const receiver = await startReceiver();
  const notes = new FieldNotesClient(sandbox.appsUrl, accessToken);
  expect(await notes.subscribe(receiver.url, 'receiver-token-123')).toBe(201);
  return { sandbox, client: notes, receiver, login };
}

function ad(id: string, fields: Partial<AdToInsert> = {}): AdToInsert {
  return {
    id,
    operation: 'insert',
    category: '5020',
    subject: 'Sofa, three seats',
    body: 'Grey sofa in good condition.',
    phone: '11987654321',
    type: 's',
    price: 900,
    zipcode: '01310-100',
    ...fields,
  };
}

/** The catalog ids of Chevrolet Onix, looked up as a client does (names are stable, ids may not be). */
async function onixIds(client: FieldNotesClient): Promise<Record<string, number>> {
  const brands = (await client.catalog('car_info')).body.data ?? {};
  const brand = brands.Chevrolet as number;
  const models = (await client.catalog(`car_info/${brand}`)).body.data ?? {};
  const model = models.Onix as number;
  const versions = (await client.catalog(`car_info/${brand}/${model}`)).body.data ?? {};
  const version = Object.values(versions)[0] as number;
  return { vehicle_brand: brand, vehicle_model: model, vehicle_version: version };
}

test.describe('the ad import, from the field notes alone', () => {
  let account: Account;
  test.beforeEach(async () => {
    account = await openAccount();
  });
  test.afterEach(async () => {
    await account.receiver.close();
    await account.sandbox.close();
  });

  test('imports, status queries, listing and deliveries, a delete, then a renumbering', async () => {
    const car = ad('car-1', { category: '2020', params: await onixIds(account.client) });
    const listIds = await importAndSee(account, [car, ad('sofa-1')]);
    await deleteAndSee(account, 'sofa-1', listIds);
    await renumberAndRefresh(account, car, listIds);
  });
});

/** Two inserts: accepted with a list_id in the status query, published in the listing and the deliveries. */
async function importAndSee({ client, receiver }: Account, ads: AdToInsert[]): Promise<Map<string, string>> {
  const imported = await client.import(ads);
  expect(imported.status).toBe(200);
  expect(imported.body).toMatchObject({ statusCode: 0, errors: [] });
  const done = await client.importDone(imported.body.token as string);
  const listed = await client.listed();
  const listIds = new Map<string, string>();
  for (const { id } of ads) {
    expect(done.ads[id]).toMatchObject({ status: 'accepted', operation: 'insert' });
    const listId = done.ads[id]?.list_id as string;
    expect(listId).toMatch(/^\d+$/);
    listIds.set(id, listId);
    expect(listed.get(id)).toMatchObject({ status: 'published', list_id: listId });
    await receiver.waitFor(id, 'published');
    expect((await client.adStatus(listId)).body).toMatchObject({ status: 'accepted', list_id: listId, id });
  }
  return listIds;
}

async function deleteAndSee(
  { client, receiver }: Account,
  id: string,
  listIds: Map<string, string>,
): Promise<void> {
  const deleted = await client.import([{ id, operation: 'delete' }]);
  expect(deleted.body.statusCode).toBe(0);
  const done = await client.importDone(deleted.body.token as string);
  expect(done.ads[id]).toMatchObject({ status: 'accepted', operation: 'delete' });
  expect((await client.listed()).get(id)?.status).toBe('deleted');
  await receiver.waitFor(id, 'deleted');
  expect((await client.adStatus(listIds.get(id) ?? '')).body.status).toBe('deleted');
}

/** After a renumbering: -4 with the vehicle code for the stale brand id, 404 at its lookup, then the refreshed ids pass. */
async function renumberAndRefresh(
  { client, receiver, sandbox }: Account,
  car: AdToInsert,
  listIds: Map<string, string>,
): Promise<void> {
  setSwitch(sandbox, 'catalog-renumbering', { after_seconds: 0 });
  const stale = await client.import([car]);
  expect(stale.status).toBe(200);
  expect(stale.body).toEqual({
    token: null,
    statusCode: -4,
    statusMessage: 'An ad had problems on import',
    errors: [{ id: car.id, status: 'error', messages: [{ category: 'ERROR_VEHICLE_BRAND_INVALID' }] }],
  });
  expect((await client.catalog(`car_info/${car.params?.vehicle_brand}`)).status).toBe(404);
  const refreshed = await onixIds(client);
  expect(refreshed.vehicle_brand).not.toBe(car.params?.vehicle_brand);
  const edited = await client.import([{ ...car, params: refreshed, price: 850 }]);
  expect(edited.body.statusCode).toBe(0);
  const done = await client.importDone(edited.body.token as string);
  expect(done.ads[car.id]).toMatchObject({
    status: 'accepted',
    operation: 'edit',
    list_id: listIds.get(car.id),
  });
  // Inserted, then edited (the edit keeps it published): each change of the ad is one delivery.
  await expect
    .poll(() => receiver.bodies.filter((body) => JSON.stringify(body).includes(`"${car.id}"`)).length)
    .toBe(2);
}
