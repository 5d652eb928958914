import { randomUUID } from 'node:crypto';

/** A status change of an imported ad, as the test helper that changes it reports it (6, Trigger). */
export interface AdChange {
  login: string;
  adId: string;
  listId: string | undefined;
  status: string;
  previousStatus: string;
  changedAt: Date;
}

/** What a notification says of a change (R6-03): the change, the status it carries, its time as written. */
export interface AdEvent {
  change: AdChange;
  status: string;
  time: string;
}

/**
 * R6-03: the AD_STATUS body carries the new status, the ad id and the time of the change. Field
 * names are not shown by the spec: production's shape (field notes), `{id, topic, created_at,
 * data: {ad: {id, list_id?, status}}}`.
 */
export function productionBody({ change, status, time }: AdEvent): string {
  const ad = { id: change.adId, ...(change.listId === undefined ? {} : { list_id: change.listId }), status };
  return JSON.stringify({ id: randomUUID(), topic: 'AD_STATUS', created_at: time, data: { ad } });
}

/** R6-02, R6-04: the headers of a delivery, its media type and the configured token, from the rules in force. */
export function deliveryHeaders(
  token: string,
  rules: {
    deliveryMediaType: () => string;
    tokenHeaders: (token: string, attempt: number) => Readonly<Record<string, string>>;
  },
  attempt = 1,
): Record<string, string> {
  return { 'content-type': rules.deliveryMediaType(), ...rules.tokenHeaders(token, attempt) };
}
