import type { AccessGrant } from '../store/tokens.js';
import type { AdImport } from './ad-import.js';
import { ImportHttpError } from './errors.js';
import type { AdRecord, ImportItem, ImportRecord } from './store.js';

/**
 * Field notes, the status queries: `POST /autoupload/import/{token}` answers `{autoupload_status:
 * "pending"|"done", ads: {"<id>": {status, operation, list_id?, message: [...], url?}}}`, keyed by
 * the integrator's id, and 404 once the token is older than its lifetime (at most 7 days);
 * `GET /autoupload/ads/{list_id}` answers `{status, message, url, last_update (UTC, no zone),
 * list_id, id}`. The sandbox's choices: another user's import or ad is 404 as an unknown one (its
 * existence is not revealed); `url` is on the reserved domain classifieds.example; `id` is the
 * integrator's id; an item whose status was asked of the sandbox's moderation (`status:<status>`)
 * adds `ad_status`, the status given (an extra field a client may ignore).
 */

const notFound = (what: string): ImportHttpError => new ImportHttpError(404, 'NOT_FOUND', `No ${what}.`);

export function adUrl(listId: string): string {
  return `https://classifieds.example/ads/${listId}`;
}

/** The caller's import under this token, still within its lifetime (an expired one is forgotten). */
export function knownImport(
  adImport: AdImport,
  grant: AccessGrant,
  token: string,
  nowOf: (clientId: string) => number,
): ImportRecord {
  const record = adImport.store.find(token);
  if (record?.login !== grant.login) throw notFound('import with this token');
  const lifetimeMs = adImport.settings.values.tokenLifetimeSeconds * 1000;
  if (nowOf(record.clientId) - record.createdAtMs > lifetimeMs) {
    adImport.store.forget(token);
    adImport.changed();
    throw notFound('import with this token (import tokens live as long as import-token-lifetime says)');
  }
  return record;
}

function itemAnswer(item: ImportItem): Record<string, unknown> {
  return {
    status: item.status,
    operation: item.operation,
    ...(item.listId === undefined ? {} : { list_id: item.listId }),
    message: item.message,
    ...(item.listId === undefined || item.status !== 'accepted' ? {} : { url: adUrl(item.listId) }),
    ...(item.adStatus === undefined ? {} : { ad_status: item.adStatus }),
  };
}

export function importStatusAnswer(record: ImportRecord): Record<string, unknown> {
  const waiting = record.items.some((item) => item.status === 'queued');
  return {
    autoupload_status: waiting ? 'pending' : 'done',
    ads: Object.fromEntries(record.items.map((item) => [item.id, itemAnswer(item)])),
  };
}

export function knownListedAd(adImport: AdImport, grant: AccessGrant, listId: string): AdRecord {
  const ad = adImport.store.adByListId(grant.login, listId);
  if (ad === undefined) throw notFound('ad with this list_id among the ads of the import');
  return ad;
}

/** UTC without a zone, microseconds, as the field notes' example writes it. */
function lastUpdate(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, -1)}000`;
}

export function adStatusAnswer(ad: AdRecord): Record<string, unknown> {
  const listId = ad.listId ?? '';
  return {
    status: ad.status,
    message: ad.message,
    url: adUrl(listId),
    last_update: lastUpdate(ad.lastUpdateMs),
    list_id: listId,
    id: documentedId(ad.id),
  };
}

/**
 * The field notes' example of this answer gives the integrator's id as a number (`id: 9999`) beside
 * `list_id` as a string: an id of digits is answered as that number where the number gives it back
 * exactly (no leading zero, within 2^53), any other id as the string it is.
 */
function documentedId(id: string): number | string {
  const asNumber = Number(id);
  return /^[1-9]\d*$/.test(id) && Number.isSafeInteger(asNumber) ? asNumber : id;
}
