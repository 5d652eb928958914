import { randomUUID } from 'node:crypto';
import type { DeliveryPolicyValues } from './delivery-settings.js';

/** What the marketplace did to the ad, as production's AD_STATUS event names it. */
export type AdOperation = 'INSERT' | 'MODIFY' | 'DELETE';

/**
 * A change of an ad (6, Trigger), as the code that made it reports it: the test helper's status
 * change, or the ad import's moderation, which also says what it did, the ad's category and, on a
 * refusal, why. Each optional field has a default (adEventDefaults) for a change that does not say.
 */
export interface AdChange {
  login: string;
  adId: string;
  listId: string | undefined;
  status: string;
  previousStatus: string;
  changedAt: Date;
  operation?: AdOperation | undefined;
  /** The marketplace's category, a numeric-looking string. */
  category?: string | undefined;
  /** Why the ad was refused, a code such as REFUSED_GENERIC (field notes). */
  reasonTag?: string | undefined;
  /** The marketplace's words on the refusal. */
  message?: string | undefined;
}

/** The facts of a change the ad import reports besides the status: production's event fields. */
export type AdChangeDetails = Pick<AdChange, 'operation' | 'category' | 'reasonTag' | 'message'>;

/** What a notification says of a change (R6-03): the change, the status it carries, its time as written. */
export interface AdEvent {
  change: AdChange;
  status: string;
  time: string;
}

/** The category of an ad that has none (a helper's ad): cars, production's most common. */
export const DEFAULT_AD_CATEGORY = '2020';

/** Why a refusal with no reason given was refused: production's generic code. */
export const DEFAULT_REFUSAL = { reasonTag: 'REFUSED_GENERIC', message: 'The ad was refused by moderation.' };

/**
 * A change that does not say what it did: a change to `deleted` is a DELETE, any other a MODIFY
 * (the ad exists already); a change to `refused` carries the generic reason.
 */
function adEventDefaults(
  change: AdChange,
  status: string,
): { operation: AdOperation; category: string; reasonTag: string | undefined; message: string | undefined } {
  const refused = status === 'refused';
  return {
    operation: change.operation ?? (status === 'deleted' ? 'DELETE' : 'MODIFY'),
    category: change.category ?? DEFAULT_AD_CATEGORY,
    reasonTag: change.reasonTag ?? (refused ? DEFAULT_REFUSAL.reasonTag : undefined),
    message:
      change.message ?? (refused && change.reasonTag === undefined ? DEFAULT_REFUSAL.message : undefined),
  };
}

/**
 * R6-03: the AD_STATUS body carries the new status, the ad id and the time of the change. Field
 * names are not shown by the spec: production's documented event (field notes), `{id, topic,
 * created_at, data: {ad: {id, list_id, category, status, operation, reason_tag?, message?}}}`;
 * `list_id` as the listing shows it, absent for an ad never published.
 */
export function productionBody(event: AdEvent): string {
  return JSON.stringify(productionEvent(event));
}

/** Production's event as an object, for the variants that write it otherwise. */
export function productionEvent({ change, status, time }: AdEvent): ProductionEvent {
  const { operation, category, reasonTag, message } = adEventDefaults(change, status);
  const ad = {
    id: change.adId,
    ...(change.listId === undefined ? {} : { list_id: change.listId }),
    category,
    status,
    operation,
    ...(reasonTag === undefined ? {} : { reason_tag: reasonTag }),
    ...(message === undefined ? {} : { message }),
  };
  return { id: randomUUID(), topic: 'AD_STATUS', created_at: time, data: { ad } };
}

export interface ProductionEvent {
  id: string;
  topic: 'AD_STATUS';
  created_at: string;
  data: {
    ad: {
      id: string;
      list_id?: string;
      category: string;
      status: string;
      operation: AdOperation;
      reason_tag?: string;
      message?: string;
    };
  };
}

/** R6-02, R6-04: the headers of a delivery, its media type and the configured token, from the rules in force. */
export function deliveryHeaders(
  token: string,
  rules: {
    deliveryMediaType: () => string;
    tokenHeaders: (
      token: string,
      policy: DeliveryPolicyValues,
      attempt: number,
    ) => Readonly<Record<string, string>>;
  },
  policy: DeliveryPolicyValues,
  attempt = 1,
): Record<string, string> {
  return { 'content-type': rules.deliveryMediaType(), ...rules.tokenHeaders(token, policy, attempt) };
}
