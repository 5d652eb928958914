import { setTimeout as sleep } from 'node:timers/promises';
import { CatalogStore, RefusedIdError, VEHICLE_CODES, type Vehicle, type VehicleIds } from './catalog.js';
import { field, text, type Http } from './http.js';
import type { TokenUser } from './session.js';

/**
 * The ad import (outside the spec; field notes): one ad per import, because one bad ad cancels the
 * whole import; then the import's status polled until the marketplace has decided.
 */

export interface AdToImport {
  id: string;
  category: string;
  subject: string;
  body: string;
  phone: string;
  type: 's' | 'u';
  zipcode: string;
  price?: number;
  /** A car: its catalog ids are the client's stored ones (catalog.ts). */
  car?: Vehicle;
  params?: Record<string, string | number>;
}

export interface ImportedAd {
  id: string;
  /** The import's per-ad status: accepted, refused, pending, error (or one not known yet). */
  status: string;
  listId?: string;
}

export interface ImportOptions {
  appsUrl: string;
  pollIntervalMs?: number;
  pollForMs?: number;
}

const MOST_CATALOG_REFRESHES = 2;

function vehicleRefusal(json: unknown): boolean {
  const errors = field(json, 'errors');
  if (!Array.isArray(errors)) return false;
  return errors.some((error) => {
    const messages = field(error, 'messages');
    return (
      Array.isArray(messages) &&
      messages.some((message) =>
        VEHICLE_CODES.test(text(field(message, 'category') ?? field(message, 'error'))),
      )
    );
  });
}

function payload(ad: AdToImport, ids: VehicleIds | undefined): Record<string, unknown> {
  const { id, category, subject, body, phone, type, zipcode, price, params } = ad;
  const fields = {
    id,
    category,
    subject,
    body,
    phone,
    type,
    zipcode,
    ...(price === undefined ? {} : { price }),
  };
  return { ...fields, operation: 'insert', params: { ...params, ...ids } };
}

/** The import's answer for one ad: its token to poll, or the refusal. */
async function send(http: Http, options: ImportOptions, token: string, ad: Record<string, unknown>) {
  const answer = await http.send(`${options.appsUrl}/autoupload/import`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ access_token: token, ad_list: [ad] }),
    token,
  });
  return { answer, statusCode: field(answer.json, 'statusCode'), importToken: field(answer.json, 'token') };
}

/** Polls the import's status (POST .../import/{token}) until it is done; the ad's own status. */
async function decided(http: Http, options: ImportOptions, token: string, importToken: string, id: string) {
  const until = Date.now() + (options.pollForMs ?? 60_000);
  for (;;) {
    const answer = await http.send(
      `${options.appsUrl}/autoupload/import/${encodeURIComponent(importToken)}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ access_token: token }),
        token,
      },
    );
    const ad = field(field(answer.json, 'ads'), id);
    if (answer.status === 200 && field(answer.json, 'autoupload_status') === 'done') {
      const listId = field(ad, 'list_id');
      return {
        id,
        status: text(field(ad, 'status'), 'unknown'),
        ...(text(listId) === '' ? {} : { listId: text(listId) }),
      };
    }
    if (answer.status !== 200) throw new Error(`the import status answered ${answer.status}`);
    if (Date.now() > until) return { id, status: text(field(ad, 'status'), 'pending') };
    await sleep(options.pollIntervalMs ?? 700);
  }
}

/** One ad through the import (not waiting for its decision); after a vehicle refusal, the catalog ids refreshed and the ad sent again. */
export async function submitAd(
  http: Http,
  catalog: CatalogStore,
  options: ImportOptions,
  token: string,
  ad: AdToImport,
): Promise<string> {
  for (let refresh = 0; ; refresh += 1) {
    const ids = ad.car === undefined ? undefined : await catalog.carIds(token, ad.car);
    if (ids !== undefined && !catalog.sendable(ids))
      throw new RefusedIdError(`ad ${ad.id}: its catalog ids were refused before`);
    const { answer, statusCode, importToken } = await send(http, options, token, payload(ad, ids));
    if (statusCode === 0 && typeof importToken === 'string') return importToken;
    if (statusCode === -4 && ad.car !== undefined && ids !== undefined && vehicleRefusal(answer.json)) {
      catalog.refuse(ad.car, ids);
      if (refresh < MOST_CATALOG_REFRESHES) continue;
    }
    throw new Error(
      `ad ${ad.id}: the import answered ${answer.status}, statusCode ${text(statusCode)} ${text(field(answer.json, 'statusMessage'))}`,
    );
  }
}

/**
 * Each ad in an import of its own, all sent first; then each import polled until decided. Each
 * submission and each poll with the session's token in force: one refused is sent again, alone,
 * after the new consent (a refused token reached no import).
 */
export async function importAds(
  http: Http,
  catalog: CatalogStore,
  options: ImportOptions,
  session: TokenUser,
  ads: readonly AdToImport[],
): Promise<ImportedAd[]> {
  const submitted: Array<{ id: string; importToken: string }> = [];
  for (const ad of ads) {
    const importToken = await session.use((token) => submitAd(http, catalog, options, token, ad));
    submitted.push({ id: ad.id, importToken });
  }
  const imported: ImportedAd[] = [];
  for (const { id, importToken } of submitted)
    imported.push(await session.use((token) => decided(http, options, token, importToken, id)));
  return imported;
}
