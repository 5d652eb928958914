import { expect, test } from '@playwright/test';
import type { CatalogSnapshot } from '../helpers/profile/catalog-tree.js';
import type { Observed } from '../helpers/profile/observe.js';
import type { Profile } from '../helpers/profile/profile.js';
import { checkContract } from '../report-card/reliance/check.js';
import { sortedFacts } from '../report-card/reliance/contract.js';
import { relianceFacts } from '../report-card/reliance/derive.js';
import type { DeliveryRecord, JournalRecord, RequestRecord } from '../spec/journal.js';

/**
 * A contract from the journal alone, per kind of fact: a client that relies on a fact is told it is
 * broken, by name, when the marketplace changes it overnight; one that does not rely on it is told
 * it holds. The drifts: the delivery's token header (x-notification-token to Authorization Bearer)
 * with a receiver that took the double's deliveries; the page token's form and length (base64url,
 * 90 characters, to hexadecimal, 136) with a crawler that kept tokens; a cellphone model and a car
 * brand renumbered with dealers that walked the double's lookups to them and imported. No
 * `--double`, no catalog: what the client consumed is in its journal.
 */
const CLIENT = 'cl_relying';

function request(
  seq: number,
  fields: Partial<RequestRecord> & Pick<RequestRecord, 'endpoint' | 'path'>,
): RequestRecord {
  return {
    kind: 'request',
    seq,
    at: new Date(Date.UTC(2026, 11, 3, 10, 0, seq)).toISOString(),
    client_id: CLIENT,
    login: 'dealer',
    method: 'POST',
    scheme: 'https',
    query: {},
    credentials: { body_token: 'fp:t' },
    status: 200,
    duration_ms: 5,
    ...fields,
  };
}

function delivery(seq: number, tokenHeader: string, httpStatus: number): DeliveryRecord {
  return {
    kind: 'delivery',
    seq,
    at: new Date(Date.UTC(2026, 11, 3, 10, 1, seq)).toISOString(),
    client_id: CLIENT,
    login: 'dealer',
    configuration_id: 'cfg',
    url: 'https://receiver.example/hook',
    event_id: `e${seq}`,
    ad_id: 'a1',
    status_sent: 'published',
    attempt: 1,
    outcome: httpStatus < 300 ? 'delivered' : 'refused',
    http_status: httpStatus,
    token_header: tokenHeader,
  };
}

const listing = (seq: number, pageToken: string | null, next: string | null): RequestRecord =>
  request(seq, {
    endpoint: 'listing',
    method: 'GET',
    path: '/autoupload/v1/published',
    credentials: { bearer: 'fp:t' },
    params: { fetch_size: null, ads_status: null, page_token: pageToken },
    answer: {
      items: 200,
      next_token: next,
      ...(next === null ? {} : { next_token_form: 'base64url, up to 256 characters', next_token_length: 90 }),
    },
  });
const lookup = (seq: number, path: string): RequestRecord =>
  request(seq, { endpoint: 'catalog', path: `/autoupload/${path}` });
const imported = (seq: number, params: string): RequestRecord =>
  request(seq, {
    endpoint: 'import',
    method: 'PUT',
    path: '/autoupload/import',
    params: { ad_count: 1, ad_ids: 'ad1', catalog_ids: '', catalog_params: params },
    answer: { statusCode: 0, import_token: 'fp:i' },
  });

/** Each client of the drifts: one that relies on the changed fact, one beside it that does not. */
const CLIENTS: Record<string, JournalRecord[]> = {
  'receiver of the real header': [
    delivery(1, 'x-notification-token', 200),
    delivery(2, 'x-notification-token', 200),
  ],
  'receiver that refused the double’s header': [delivery(1, 'x-notification-token', 401)],
  'crawler that keeps tokens': [listing(1, null, 'fp:p1'), listing(2, 'fp:p1', null)],
  'one-page lister': [listing(1, null, 'fp:p1')],
  'phone dealer of the S23': [
    lookup(1, 'cellphone_info'),
    lookup(2, 'cellphone_info/9001'),
    imported(3, '3020:cellphone_model=9101'),
  ],
  'phone dealer of the A54': [
    lookup(1, 'cellphone_info'),
    lookup(2, 'cellphone_info/9001'),
    imported(3, '3020:cellphone_model=9103'),
  ],
  'Fiat dealer': [
    lookup(1, 'car_info'),
    lookup(2, 'car_info/7001'),
    lookup(3, 'car_info/7001/7101'),
    imported(4, '2020:vehicle_brand=7001,2020:vehicle_model=7101,2020:vehicle_version=7201'),
  ],
  'Chevrolet dealer': [
    lookup(1, 'car_info'),
    lookup(2, 'car_info/1'),
    imported(3, '2020:vehicle_brand=1,2020:vehicle_model=1001'),
  ],
};

function catalog(fiat: number, s23: number): CatalogSnapshot {
  return {
    car: {
      id: 'car_info',
      children: {
        Chevrolet: { id: 1, children: { Onix: { id: 1001, children: {} } } },
        Fiat: { id: fiat, children: { Uno: { id: 7101, children: { '1.0 Fire': { id: 7201 } } } } },
      },
    },
    cellphone: {
      id: 'cellphone_info',
      children: {
        Samsung: { id: 9001, children: { 'Galaxy S23': { id: s23 }, 'Galaxy A54': { id: 9103 } } },
      },
    },
  };
}

function night(
  observedAt: string,
  tokenHeader: string,
  pageToken: { form: string; lengths: Observed },
  ids: { fiat: number; s23: number },
): Profile {
  return {
    format: 'classifieds-observed-profile/1',
    target: 'a marketplace',
    observedAt,
    run: {},
    catalog: catalog(ids.fiat, ids.s23),
    areas: {
      deliveries: { 'token header': tokenHeader },
      listing: {
        success: 'HTTP 200',
        'page token form': pageToken.form,
        'page token length': pageToken.lengths,
        'status values among the ads': 'published',
        'default page size': 200,
      },
      catalogs: { success: 'HTTP 200' },
      credentials: {
        'listing GET with Authorization Bearer': 'accepted',
        'catalog POST with access_token in the body': 'accepted',
      },
    },
  };
}

const CALIBRATED_ON = night(
  '2026-12-02T02:00:00.000Z',
  'x-notification-token',
  { form: 'base64url, up to 256 characters', lengths: { 'several values': [88, 90] } },
  { fiat: 7001, s23: 9101 },
);

/** The drifts of the table, each with the clients that rely on it and the facts it breaks. */
const DRIFTS: ReadonlyArray<{ drift: string; tonight: Profile; broken: Record<string, string[]> }> = [
  {
    drift: 'the token header to Authorization Bearer',
    tonight: {
      ...CALIBRATED_ON,
      observedAt: '2026-12-03T02:00:00.000Z',
      areas: { ...CALIBRATED_ON.areas, deliveries: { 'token header': 'authorization (Bearer)' } },
    },
    broken: {
      'receiver of the real header': ['delivery | token header | "x-notification-token"'],
      'receiver that refused the double’s header': ['delivery | token header | "x-notification-token"'],
    },
  },
  {
    drift: 'the page token to hexadecimal, 134 to 136 characters',
    tonight: night(
      '2026-12-03T02:00:00.000Z',
      'x-notification-token',
      { form: 'hexadecimal, up to 256 characters', lengths: { 'several values': [134, 136] } },
      { fiat: 7001, s23: 9101 },
    ),
    broken: {
      'crawler that keeps tokens': [
        'page token | listing page token form | base64url, up to 256 characters',
        'page token | listing page token length | up to 90 characters',
      ],
    },
  },
  {
    drift: 'the Galaxy S23 renumbered',
    tonight: night(
      '2026-12-03T02:00:00.000Z',
      'x-notification-token',
      { form: 'base64url, up to 256 characters', lengths: 90 },
      { fiat: 7001, s23: 9201 },
    ),
    broken: { 'phone dealer of the S23': ['catalog id | cellphone_model 9101 | cellphone / #9001 / #9101'] },
  },
  {
    drift: 'Fiat renumbered',
    tonight: night(
      '2026-12-03T02:00:00.000Z',
      'x-notification-token',
      { form: 'base64url, up to 256 characters', lengths: 90 },
      { fiat: 7002, s23: 9101 },
    ),
    broken: {
      'Fiat dealer': [
        'catalog id | vehicle_brand 7001 | car / #7001',
        'catalog id | vehicle_model 7101 | car / #7001 / #7101',
        'catalog id | vehicle_version 7201 | car / #7001 / #7101 / #7201',
      ],
    },
  },
];

const contractOf = (records: JournalRecord[]) =>
  sortedFacts(relianceFacts(records, { catalog: null, deliveryFormat: {} }));

test('the night the double was calibrated on, every contract of the journal alone holds', () => {
  for (const [client, records] of Object.entries(CLIENTS)) {
    const facts = contractOf(records);
    expect(facts.length, client).toBeGreaterThan(0);
    const broken = checkContract(facts, CALIBRATED_ON).filter((verdict) => verdict.standing !== 'holds');
    expect(
      broken.map((verdict) => `${verdict.line}: ${verdict.now ?? ''}`),
      client,
    ).toEqual([]);
  }
});

for (const { drift, tonight, broken } of DRIFTS)
  test(`${drift}: broken exactly for the clients that rely on it, naming the fact; the others hold`, () => {
    for (const [client, records] of Object.entries(CLIENTS)) {
      const verdicts = checkContract(contractOf(records), tonight, [CALIBRATED_ON]);
      const lines = verdicts
        .filter((verdict) => verdict.standing === 'broken')
        .map((verdict) => verdict.line);
      expect(lines, client).toEqual(broken[client] ?? []);
      expect(
        verdicts.filter((verdict) => verdict.standing === 'unverified').map((verdict) => verdict.line),
        client,
      ).toEqual([]);
    }
  });
