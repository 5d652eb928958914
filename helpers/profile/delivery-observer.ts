import { tokenCarrier } from '../../spec/observed-forms.js';
import { fieldPaths, timeForm } from './forms.js';
import { observe } from './observe.js';

/** What the observer reads of a delivery the receiver captured (helpers/clients/receiver.ts). */
interface ObservedDelivery {
  method: string;
  headers: Record<string, string>;
  body: string;
}

/** The leaves of a JSON value with their paths. */
function leaves(value: unknown, prefix = ''): Array<[string, unknown]> {
  if (Array.isArray(value)) return value.flatMap((item) => leaves(item, `${prefix}[]`));
  if (value !== null && typeof value === 'object')
    return Object.entries(value as Record<string, unknown>).flatMap(([key, item]) =>
      leaves(item, prefix === '' ? key : `${prefix}.${key}`),
    );
  return [[prefix, value]];
}

/**
 * What an AD_STATUS delivery shows of the choices section 6 leaves open: its method, the header
 * that carries the configured token (and whether as "Bearer"), the body's field paths and the
 * form of each date-time in it. Never the token, ids or times themselves.
 */
export function observeDelivery(delivery: ObservedDelivery, token: string): void {
  observe('deliveries', 'method', delivery.method);
  observe('deliveries', 'content type', delivery.headers['content-type'] ?? '(none)');
  observe('deliveries', 'token header', tokenCarrier(delivery.headers, token));
  let body: unknown;
  try {
    body = JSON.parse(delivery.body) as unknown;
  } catch {
    observe('deliveries', 'body field paths', 'not JSON');
    return;
  }
  observe('deliveries', 'body field paths', fieldPaths(body));
  // The ad status a delivery carried: what a receiver that acts on statuses relies on being sent.
  const status = leaves(body).find(([path]) => path === 'data.ad.status' || path === 'new_state')?.[1];
  if (typeof status === 'string') observe('deliveries', 'statuses sent', status.slice(0, 64));
  for (const [path, value] of leaves(body)) {
    const form = timeForm(value, path);
    if (form !== undefined) observe('deliveries', `time format of ${path}`, form);
  }
}
