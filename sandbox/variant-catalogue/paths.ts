import { FirstListed } from '../resources/first-listed.js';
import type { RulebookPatch } from '../rules/book.js';
import type { VariantDefinition } from './types.js';

/**
 * Variants on a path a server may take besides the one a check took first
 * (spec/requirements/paths.ts): correct servers that choose otherwise there.
 */

/** Per sandbox: ads whose status changed since first listed come after the others. */
function changedAdsLastPatch(): RulebookPatch {
  const firstListed = new FirstListed();
  return {
    resources: {
      adsOf: (own) => (state, login, status) => {
        firstListed.note(own(state, login, undefined));
        const ads = own(state, login, status);
        return [
          ...ads.filter((ad) => !firstListed.changed(ad)),
          ...ads.filter((ad) => firstListed.changed(ad)),
        ];
      },
    },
  };
}

export const PATH_VARIANTS = {
  'listing-changed-ads-last': {
    description:
      'the listing orders ads by last change: an ad whose status changed since it was first listed comes after the others, unfiltered and under its new ads_status (the order is not shown)',
    env: {},
    patch: changedAdsLastPatch,
  },
  'delivery-retry-later': {
    description:
      'a failed delivery (a 5xx, a timeout, a network error) is retried once, 1.5 s later, each attempt numbered in an X-Delivery-Attempt header beside the token (retries are not shown)',
    env: {},
    patch: {
      notifications: {
        deliveryAttempts: () => () => 2,
        retryPauseMs: () => () => 1500,
        tokenHeaders: (headers) => (token, policy, attempt) => ({
          ...headers(token, policy, attempt),
          'x-delivery-attempt': String(attempt),
        }),
      },
    },
  },
  'delivery-single-attempt': {
    description:
      'a delivery is attempted once, never retried, whatever the receiver answers (retries are not shown)',
    env: {},
    patch: { notifications: { deliveryAttempts: () => () => 1 } },
  },
} as const satisfies Record<string, VariantDefinition>;
