import { SECTION_3_STATUSES } from '../../spec/ad-status.js';
import type { SeededAd } from '../clients/control-client.js';
import type { Delivery } from '../clients/receiver.js';
import { describeDelivery, expectNotification } from './expect-delivery.js';
import { holdsAdId, holdsStatus, type ExpectedChange } from './notification-match.js';
import type { WebhookConfig } from '../target/target.js';
import { verify } from './verify.js';

/**
 * A delivery of a change the suite did not make (the marketplace's moderation, its users), seen
 * during CONFORMANCE_OBSERVE_SECONDS: it must be what section 6 and the contract describe, about an
 * ad of the user that the listing shows afterwards with the delivered status, or a later one.
 */

export interface Observation {
  /** Epoch ms at which the configuration was made: no change it is told of can be older. */
  configuredAt: number;
  /** The user's ads as the listing shows them after the window. */
  listed: readonly SeededAd[];
  /** Every delivery to the configuration, during the window and after it. */
  all: readonly Delivery[];
  token: string;
  webhook: WebhookConfig;
}

function bodyOf(delivery: Delivery): unknown {
  try {
    return JSON.parse(delivery.body) as unknown;
  } catch {
    return undefined;
  }
}

function changeFor(ad: SeededAd, status: string, configuredAt: number, delivery: Delivery): ExpectedChange {
  return { adId: ad.id, listId: ad.list_id, status, notBefore: configuredAt, notAfter: delivery.receivedAt };
}

/**
 * Checks one observed delivery: method, media type, token (R6-02, R6-04), an ad of the user's
 * listing, a status, a time between the configuration and the arrival (R6-03); the listing shows
 * that status for that ad, unless a later delivery about the same ad arrived (a later change).
 */
export function expectObservedDelivery(delivery: Delivery, observation: Observation): void {
  const body = bodyOf(delivery);
  const probe = (ad: SeededAd): ExpectedChange => changeFor(ad, '', 0, delivery);
  const ad = observation.listed.find((one) => body !== undefined && holdsAdId(body, probe(one)));
  verify(
    ad !== undefined,
    ['R6-03'],
    `the id (or list_id) of one of the user's ${observation.listed.length} listed ads`,
    'none of them in the body',
    describeDelivery(delivery),
  );
  const later = observation.all.some(
    (other) =>
      other.receivedAt > delivery.receivedAt && body !== undefined && holdsAdId(bodyOf(other), probe(ad)),
  );
  verify(
    later || holdsStatus(body, ad.status),
    ['R6-03'],
    `the status the listing shows for ${ad.id} afterwards, ${JSON.stringify(ad.status)} (no later change of it was delivered)`,
    'another status in the body',
    describeDelivery(delivery),
  );
  // With a later change of the ad the listing shows that one: the delivered status is then any
  // status of section 3 the body holds (a status outside it is only checked against the listing).
  const status =
    holdsStatus(body, ad.status) || !later
      ? ad.status
      : (SECTION_3_STATUSES.find((one) => holdsStatus(body, one)) ?? ad.status);
  expectNotification(
    delivery,
    changeFor(ad, status, observation.configuredAt, delivery),
    observation.token,
    observation.webhook,
  );
}
