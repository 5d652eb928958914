import type { DeliveryRecord } from '../../spec/journal.js';
import { delayAfter, TRAVEL_ALLOWANCE_MS } from '../../report-card/causality.js';
import { fp } from './journal-builder.js';
import type { Client } from './client-steps.js';
import { RAW_SECRETS } from './mistakes.js';

const EDGE = { profile: 'hostile-marketplace', fault: 'edge_html', detail: 'a CDN page, 503' };

function carBrands(client: Client, status: number, placeInHeader = false) {
  return client.j.request({
    endpoint: 'catalog',
    method: 'POST',
    path: '/autoupload/car_info',
    credentials: placeInHeader ? { bearer: client.token } : { body_token: client.token },
    // The catalog reads the body: a token in the header is a missing token (ACCESS_DENIED).
    status: placeInHeader ? 401 : status,
    ...(placeInHeader ? { reason: 'ACCESS_DENIED' } : {}),
    ...(status === 503 ? { decision: EDGE } : {}),
  });
}

/** The catalog behind an edge: one HTML 503, a retry a second later. */
export function lookUpCatalog(client: Client): void {
  const { j, mistake } = client;
  const edge = carBrands(client, 503);
  // A storm: attempts every 15 ms; the first that came past the travel allowance shows it.
  if (mistake === 'storms-the-edge-with-retries')
    for (let retry = 0; retry < 10; retry += 1) {
      j.wait(10);
      const again = carBrands(client, 503);
      if (delayAfter(edge, again) >= TRAVEL_ALLOWANCE_MS) j.wrong(again);
    }
  j.wait(1000);
  const found = carBrands(client, 200, mistake === 'sends-a-bearer-to-the-catalog');
  if (mistake === 'sends-a-bearer-to-the-catalog') j.wrong(found);
}

function importAds(client: Client, catalogIds: string, refused: boolean) {
  return client.j.request({
    endpoint: 'import',
    method: 'PUT',
    path: '/autoupload/import',
    credentials: { body_token: client.token },
    params: { ads: 1, catalog_ids: catalogIds },
    status: 200,
    answer: refused
      ? { statusCode: -4, refused_catalog_ids: 'vehicle_model:123' }
      : { statusCode: 0, import_token: fp('import-2') },
  });
}

/** An import refused after a renumbering, the catalog read again, the import with the new ids. */
export function importAfterRenumbering(client: Client): void {
  const { j, mistake } = client;
  j.wait(500);
  importAds(client, 'vehicle_brand:5,vehicle_model:123', true);
  j.wait(500);
  carBrands(client, 200);
  j.wait(500);
  const kept = mistake === 'keeps-a-refused-catalog-id';
  const again = importAds(
    client,
    kept ? 'vehicle_brand:1000005,vehicle_model:123' : 'vehicle_brand:1000005,vehicle_model:1000123',
    kept,
  );
  if (kept) j.wrong(again);
  j.wait(2000).request({
    endpoint: 'import_status',
    method: 'POST',
    path: `/autoupload/import/${fp('import-2')}`,
    credentials: { body_token: client.token },
    status: 200,
  });
  // An edge's 503 to the ad's status: the reference client reads it again a second later.
  const status = j.wait(100).request({
    endpoint: 'ad_status',
    method: 'GET',
    path: '/autoupload/ads/100000001',
    credentials: { bearer: client.token },
    status: 503,
    decision: EDGE,
  });
  if (mistake === 'gives-up-after-an-edge-answer') return void j.wrong(status);
  j.wait(1000).request({
    endpoint: 'ad_status',
    method: 'GET',
    path: '/autoupload/ads/100000001',
    credentials: { bearer: client.token },
    status: 200,
  });
}

const CONFIGURATION = {
  endpoint: 'notification',
  method: 'POST',
  path: '/autoservice/v1/notification',
  params: { url: 'https://receiver.example/hooks/ad-status', token: RAW_SECRETS.notificationToken },
  status: 201,
} as const;

/** The configuration deleted with DELETE once the deliveries were seen. */
function deleteConfiguration(client: Client): void {
  const { j, mistake } = client;
  const withPut = mistake === 'deletes-a-configuration-with-put';
  const request = j.wait(500).request({
    endpoint: 'notification',
    method: withPut ? 'PUT' : 'DELETE',
    path: `/autoservice/v1/notification/${fp('configuration-1')}`,
    credentials: { bearer: client.token },
    params: { url: null, notification_token: null },
    status: withPut ? 400 : 204,
    ...(withPut ? { reason: 'BAD_REQUEST' } : {}),
  });
  if (withPut) j.wrong(request);
}

/** The receiver: a configuration, then a valid, an unknown-status, a forged and a duplicate delivery. */
export function receive(client: Client): void {
  const { j, mistake } = client;
  j.wait(500).request({ ...CONFIGURATION, credentials: { bearer: client.token } });
  // A create whose answer the client did not wait for, sent again: a second configuration.
  if (mistake === 'creates-a-configuration-twice')
    j.wrong(j.wait(6000).request({ ...CONFIGURATION, credentials: { bearer: client.token } }));
  const deliveries: Array<[Partial<DeliveryRecord>, boolean]> = [
    [
      mistake === 'answers-deliveries-too-late'
        ? { status_sent: 'published', outcome: 'failed' }
        : { status_sent: 'published', outcome: 'delivered', http_status: 200 },
      mistake === 'answers-deliveries-too-late',
    ],
    [
      {
        status_sent: 'sold',
        outcome: mistake === 'refuses-an-unknown-status-delivery' ? 'failed' : 'delivered',
        http_status: mistake === 'refuses-an-unknown-status-delivery' ? 400 : 204,
      },
      mistake === 'refuses-an-unknown-status-delivery',
    ],
    [
      {
        status_sent: 'published',
        outcome: mistake === 'accepts-a-forged-delivery' ? 'delivered' : 'refused',
        http_status: mistake === 'accepts-a-forged-delivery' ? 200 : 401,
        decision: { profile: 'hostile-marketplace', fault: 'forged' },
      },
      mistake === 'accepts-a-forged-delivery',
    ],
    [
      {
        status_sent: 'published',
        outcome: mistake === 'refuses-a-duplicate-delivery' ? 'failed' : 'delivered',
        http_status: mistake === 'refuses-a-duplicate-delivery' ? 409 : 200,
        decision: { profile: 'hostile-marketplace', fault: 'duplicate' },
      },
      mistake === 'refuses-a-duplicate-delivery',
    ],
  ];
  for (const [fields, wrong] of deliveries) {
    const record = j.delivery({ status_sent: 'published', outcome: 'delivered', ...fields });
    if (wrong) j.wrong(record);
  }
  deleteConfiguration(client);
}
