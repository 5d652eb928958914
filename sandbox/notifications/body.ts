import { randomUUID } from 'node:crypto';
import type { FaultSet } from '../faults.js';
import type { VariantSet } from '../variants.js';

export interface AdChange {
  login: string;
  adId: string;
  listId: string | undefined;
  status: string;
  previousStatus: string;
  changedAt: Date;
}

const SAO_PAULO_OFFSET_MS = -3 * 60 * 60 * 1000;

/** The time of the change: RFC 3339 in UTC, or (variant) production's local time without offset. */
function changeTime(changedAt: Date, variants: VariantSet): string {
  if (!variants.has('notify-local-time')) return changedAt.toISOString();
  return new Date(changedAt.getTime() + SAO_PAULO_OFFSET_MS).toISOString().replace('Z', '');
}

/** The AD_STATUS body (field names not shown by the spec): production's shape by default. */
export function notificationBody(change: AdChange, faults: FaultSet, variants: VariantSet): string {
  const status = faults.has('notify-old-status') ? change.previousStatus : change.status;
  if (variants.has('notify-other-body'))
    return JSON.stringify({
      event: 'AD_STATUS',
      ad_identifier: change.adId,
      ...(change.listId === undefined ? {} : { classified_id: Number(change.listId) }),
      new_state: status,
      timestamp: Math.floor(change.changedAt.getTime() / 1000),
    });
  const ad = { id: change.adId, ...(change.listId === undefined ? {} : { list_id: change.listId }), status };
  return JSON.stringify({
    id: randomUUID(),
    topic: 'AD_STATUS',
    created_at: changeTime(change.changedAt, variants),
    data: { ad },
  });
}

/** The headers of a delivery: its media type and the configured token (header not shown by the spec). */
export function deliveryHeaders(
  token: string,
  faults: FaultSet,
  variants: VariantSet,
): Record<string, string> {
  const headers: Record<string, string> = {
    'content-type': faults.has('notify-text-plain') ? 'text/plain' : 'application/json',
  };
  if (faults.has('notify-no-token')) return headers;
  if (variants.has('notify-token-header') || variants.has('notify-token-header-unnamed'))
    headers['x-hook-token'] = token;
  else headers.authorization = `Bearer ${token}`;
  return headers;
}
