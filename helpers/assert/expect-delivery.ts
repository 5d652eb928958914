import { observeDelivery } from '../profile/delivery-observer.js';
import {
  holdsAdId,
  holdsChangeTime,
  holdsStatus,
  tokenHeaderOf,
  type ExpectedChange,
} from './notification-match.js';
import type { Delivery, QuietPeriod, ReceiverEndpoint, Sentinel } from '../clients/receiver.js';
import { redactBody, redactHeaderValue } from '../report/redact.js';
import { attachText } from '../report/report.js';
import type { WebhookConfig } from '../target/target.js';
import { verify } from './verify.js';

/** A delivery as text, with the token and every other secret redacted: safe for reports. */
export function describeDelivery(delivery: Delivery): string {
  return [
    `${delivery.method} ${delivery.path} (received ${new Date(delivery.receivedAt).toISOString()})`,
    ...Object.entries(delivery.headers).map(([name, value]) => `${name}: ${redactHeaderValue(name, value)}`),
    '',
    redactBody(delivery.body, delivery.headers['content-type']),
  ].join('\n');
}

function describeAll(deliveries: readonly Delivery[]): string {
  return deliveries.length === 0 ? '(nothing arrived)' : deliveries.map(describeDelivery).join('\n\n');
}

/** Attaches what reached an endpoint to the report, redacted. */
export async function attachDeliveries(endpoint: ReceiverEndpoint): Promise<void> {
  await attachText(`deliveries to ${endpoint.path}`, describeAll(endpoint.deliveries));
}

/** An ad whose changes a test makes: a delivery names it by its id or its list_id. */
export interface AdRef {
  id: string;
  list_id?: string | undefined;
}

/**
 * Whether a delivery notifies a change of one of these ads: its body holds the ad's id or list_id
 * (contract 1). Anything else that reaches the url (a test ping on create, a keep-alive) is not a
 * notification of a change: 6 names the status change as the Trigger, and forbids nothing else.
 */
export function notifiesAbout(ads: readonly AdRef[]): (delivery: Delivery) => boolean {
  return (delivery) => {
    let body: unknown;
    try {
      body = JSON.parse(delivery.body) as unknown;
    } catch {
      return ads.some((ad) => delivery.body.includes(ad.id));
    }
    return ads.some((ad) =>
      holdsAdId(body, { adId: ad.id, listId: ad.list_id, status: '', notBefore: 0, notAfter: 0 }),
    );
  };
}

/** What one endpoint must have got by the end of a quiet period. */
export interface DeliveryCount {
  endpoint: ReceiverEndpoint;
  /** Exactly this many notifications of changes of `ads` (R6-01: one per change). */
  count: number;
  ads: readonly AdRef[];
  ids: readonly string[];
  why: string;
}

/**
 * Exactly `count` notifications of changes of `ads` reach each endpoint (R6-01: one per change):
 * waits for them (WEBHOOK_WAIT_MS, all endpoints at once), then listens for one quiet period for
 * all of them (Receiver.quiet), ended early by `sentinels` when they arrive, so that a duplicate
 * or a stray one is seen too. Requests that name none of the ads are shown, not counted
 * (notifiesAbout): a sentinel names another ad.
 */
export async function expectDeliveryCounts(
  expected: readonly DeliveryCount[],
  sentinels: ReadonlyArray<() => Promise<Sentinel>> = [],
): Promise<Array<readonly Delivery[]>> {
  const [first] = expected;
  if (first === undefined) return [];
  await Promise.all(
    expected
      .filter(({ count }) => count > 0)
      .map(({ endpoint, count, ads }) => endpoint.waitFor(count, notifiesAbout(ads))),
  );
  const quiet = await first.endpoint.on.quiet(sentinels);
  const results: Array<readonly Delivery[]> = [];
  for (const one of expected) results.push(await expectCounted(one, quiet));
  return results;
}

/** expectDeliveryCounts for one endpoint. */
export async function expectDeliveryCount(
  endpoint: ReceiverEndpoint,
  count: number,
  ads: readonly AdRef[],
  ids: readonly string[],
  why: string,
  sentinels: ReadonlyArray<() => Promise<Sentinel>> = [],
): Promise<readonly Delivery[]> {
  const [deliveries = []] = await expectDeliveryCounts([{ endpoint, count, ads, ids, why }], sentinels);
  return deliveries;
}

/** How a quiet period ended, for a failure message. */
export function describeQuiet({ listenedMs, endedBy }: QuietPeriod): string {
  return endedBy === 'timer'
    ? `a ${listenedMs} ms quiet period`
    : `a ${listenedMs} ms quiet period, ended after the sentinel delivery arrived`;
}

async function expectCounted(
  { endpoint, count, ads, ids, why }: DeliveryCount,
  quiet: QuietPeriod,
): Promise<readonly Delivery[]> {
  const all = endpoint.deliveries;
  const deliveries = all.filter(notifiesAbout(ads));
  await attachDeliveries(endpoint);
  const others = all.length - deliveries.length;
  verify(
    deliveries.length === count,
    ids,
    `${count} notifications of ${ads.map((ad) => ad.id).join(', ')} to ${endpoint.path}: ${why}`,
    `${deliveries.length} by the end of ${describeQuiet(quiet)}${count > deliveries.length ? ` (waited up to WEBHOOK_WAIT_MS, ${endpoint.waitMs} ms)` : ''}${others > 0 ? `, besides ${others} request(s) naming none of these ads` : ''}`,
    describeAll(all),
  );
  return deliveries;
}

/**
 * One AD_STATUS notification as section 6 and the contract describe it: the configured method
 * and media type, the configured token in a header, and a JSON body holding the ad id, the new
 * status and the time of the change, whatever the field names.
 */
export function expectNotification(
  delivery: Delivery,
  change: ExpectedChange,
  token: string,
  webhook: WebhookConfig,
  ids: readonly string[] = [],
): void {
  const evidence = describeDelivery(delivery);
  observeDelivery(delivery, token);
  expectDeliveryRequest(delivery, token, webhook, ids, evidence);
  expectDeliveryBody(delivery, change, webhook, ids, evidence);
}

/** 6.2, 6.4: the configured method and media type, and the configured token in a header. */
function expectDeliveryRequest(
  delivery: Delivery,
  token: string,
  webhook: WebhookConfig,
  ids: readonly string[],
  evidence: string,
): void {
  verify(
    delivery.method === 'POST',
    ['R6-02', ...ids],
    'the configured method POST',
    delivery.method,
    evidence,
  );
  const contentType = (delivery.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  verify(
    contentType === 'application/json',
    ['R6-02', ...ids],
    'Content-Type application/json (the configured media_type)',
    `Content-Type ${delivery.headers['content-type'] ?? '(none)'}`,
    evidence,
  );
  verify(
    tokenHeaderOf(delivery.headers, token, webhook.tokenHeader) !== undefined,
    ['R6-04', ...ids],
    webhook.tokenHeader === undefined
      ? 'the configured token in a header, raw or as "Bearer <token>"'
      : `the configured token in header ${webhook.tokenHeader}, raw or as "Bearer <token>"`,
    'no header carries the configured token',
    evidence,
  );
}

/** 6.2, 6.3: a JSON body holding the ad id, the new status and the time of the change. */
function expectDeliveryBody(
  delivery: Delivery,
  change: ExpectedChange,
  webhook: WebhookConfig,
  ids: readonly string[],
  evidence: string,
): void {
  let body: unknown;
  try {
    body = JSON.parse(delivery.body) as unknown;
  } catch {
    verify(false, ['R6-02', ...ids], 'a JSON body', 'a body that is not JSON', evidence);
  }
  verify(
    holdsAdId(body, change),
    ['R6-03', ...ids],
    `the ad id ${JSON.stringify(change.adId)}${change.listId === undefined ? '' : ` or its list_id ${change.listId}`} somewhere in the body`,
    'no such value in the body',
    evidence,
  );
  verify(
    holdsStatus(body, change.status),
    ['R6-03', ...ids],
    `the new status ${JSON.stringify(change.status)} somewhere in the body`,
    'no such value in the body',
    evidence,
  );
  verify(
    holdsChangeTime(body, change, webhook.timeToleranceSeconds * 1000),
    ['R6-03', ...ids],
    `a date-time or epoch time within ${webhook.timeToleranceSeconds} s of the change (${new Date(change.notBefore).toISOString()})`,
    'no such time in the body',
    evidence,
  );
}

/**
 * 4.6 does not say when an update reaches the deliveries: a status change made this long after
 * the update was answered must follow it; one made sooner may still go by the old configuration.
 */
export const UPDATE_SETTLE_MS = 2_000;
