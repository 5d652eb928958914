import type { AdChangeDetails } from '../notifications/body.js';
import { notifyStatusChange } from '../notifications/notify.js';
import type { NotificationsRules } from '../notifications/rules.js';
import type { Ad } from '../store/ads.js';
import type { ImportState } from './import-state.js';
import type { AdImport } from './ad-import.js';
import { decide, type Decision } from './decide.js';
import type { AdRecord, ImportItem, ImportRecord } from './store.js';
import { IMPORT_CODES } from './vocabulary.js';

/**
 * The moderation's decision on each ad of an import, applied: the ad's status in the listing (the
 * AdStore, an ad of a new id added to the user's set), its record for the status queries, and an
 * AD_STATUS through the notification path with production's event facts (field notes: "every
 * change of an ad, made by the marketplace, the integrator or the customer, produces an AD_STATUS
 * event"). An accepted ad gets a list_id; a delete makes the ad `deleted`. A status asked of the
 * sandbox's own moderation (`status:<status>`) is one the import accepted and the marketplace then
 * gave: `accepted` in the status queries, the item's `ad_status` saying which.
 */

const RECORD_STATUS = {
  published: 'accepted',
  pending_review: 'pending',
  refused: 'refused',
  set: 'accepted',
} as const;
const ITEM_STATUS = RECORD_STATUS;

/** The status the decision gives the ad in the listing and the delivery. */
function adStatusOf(decision: Decision): string {
  return decision.status === 'set' ? decision.adStatus : decision.status;
}

export function settleImport(
  state: ImportState,
  rules: NotificationsRules,
  adImport: AdImport,
  record: ImportRecord,
): void {
  for (const item of record.items) {
    settleItem(state, rules, adImport, record.login, item);
    adImport.store.settled(record.login);
  }
  adImport.store.recorded(record);
  adImport.changed();
}

function settleItem(
  state: ImportState,
  rules: NotificationsRules,
  adImport: AdImport,
  login: string,
  item: ImportItem,
): void {
  const now = Date.now();
  const listed = state.ads.find(login, item.id);
  const adRecord = adImport.store.adRecord(login, item.id, listed?.list_id, now);
  adRecord.lastUpdateMs = now;
  if (item.operation === 'delete') {
    if (listed === undefined) {
      fail(item, IMPORT_CODES.undefinedAdId);
      return;
    }
    item.status = 'accepted';
    adRecord.status = 'deleted';
    adRecord.message = [];
    change(state, rules, login, item, listed.status, 'deleted', adRecord, { operation: 'DELETE' });
    return;
  }
  adRecord.imports += 1;
  const decision = decide(
    {
      login,
      id: item.id,
      imports: adRecord.imports,
      ...(item.trigger === undefined ? {} : { trigger: item.trigger }),
    },
    adImport.settings.values,
  );
  const listId =
    decision.status === 'published' ? adImport.store.ensureListId(login, adRecord) : adRecord.listId;
  const previous = listed?.status ?? '';
  if (listed === undefined) {
    if (!state.ads.add(login, newAd(item, adStatusOf(decision), listId), state.caps.ads)) {
      fail(item, IMPORT_CODES.notEnoughSlots);
      return;
    }
  } else if (listed.list_id === undefined && listId !== undefined) listed.list_id = listId;
  record(item, adRecord, decision, listId);
  const details = detailsOf(decision, listed === undefined ? 'INSERT' : 'MODIFY', item.category);
  change(state, rules, login, item, previous, adStatusOf(decision), adRecord, details);
}

/** An ad of a new id as the listing will hold it. */
function newAd(item: ImportItem, status: string, listId: string | undefined): Ad {
  return {
    id: item.id,
    status,
    ...(listId === undefined ? {} : { list_id: listId }),
    ...(item.category === undefined ? {} : { category: item.category }),
  };
}

function record(item: ImportItem, adRecord: AdRecord, decision: Decision, listId: string | undefined): void {
  const message = decision.status === 'refused' ? [{ error: decision.reasonTag }] : [];
  item.status = ITEM_STATUS[decision.status];
  item.message = message;
  if (decision.status === 'set') item.adStatus = decision.adStatus;
  if (listId !== undefined) item.listId = listId;
  adRecord.status = RECORD_STATUS[decision.status];
  adRecord.message = message;
}

function detailsOf(decision: Decision, operation: 'INSERT' | 'MODIFY', category?: string): AdChangeDetails {
  return {
    operation,
    ...(category === undefined ? {} : { category }),
    ...(decision.status === 'refused' ? { reasonTag: decision.reasonTag, message: decision.reasonTag } : {}),
  };
}

function fail(item: ImportItem, code: string): void {
  item.status = 'error';
  item.message = [{ error: code }];
}

/** The listing's status, then the delivery (also when an edit keeps the status: it is a change of the ad). */
function change(
  state: ImportState,
  rules: NotificationsRules,
  login: string,
  item: ImportItem,
  previousStatus: string,
  status: string,
  adRecord: AdRecord,
  details: AdChangeDetails,
): void {
  const ad = state.ads.find(login, item.id);
  if (ad === undefined) return;
  if (ad.status !== status) state.ads.changeStatus(login, ad, status);
  if (adRecord.listId !== undefined) item.listId = adRecord.listId;
  notifyStatusChange(state, rules, {
    login,
    adId: ad.id,
    listId: ad.list_id,
    status,
    previousStatus,
    changedAt: new Date(),
    ...details,
  });
}
