import { FirstListed } from '../resources/first-listed.js';
import type { RulebookPatch } from '../rules/book.js';
import { basicAccepted } from '../token/basic-auth.js';
import type { FaultDefinition } from './types.js';

/**
 * Faults on a path a server may take besides the one a check took first (spec/requirements/paths.ts):
 * each is right on the path the suite checked before and wrong on the other.
 */

/** Per sandbox: the listing shows, and filters by, the status each ad had when first listed. */
function statusAsFirstListedPatch(): RulebookPatch {
  const firstListed = new FirstListed();
  return {
    resources: {
      adsOf: (own) => (state, login, status) => {
        const all = own(state, login, undefined);
        firstListed.note(all);
        return status === undefined ? all : all.filter((ad) => firstListed.statusOf(ad) === status);
      },
      adItem: (item) => (ad) => ({ ...item(ad), status: firstListed.statusOf(ad) }),
    },
  };
}

export const PATH_FAULTS = {
  'token-basic-skips-client-binding': {
    requirements: ['R7.2-07'],
    description:
      'HTTP Basic client authentication is accepted (RFC 6749 2.3.1), and a client so authenticated redeems a code issued to another client: the binding is checked only when the client authenticates in the body',
    patch: {
      token: {
        basicClient: () => basicAccepted(),
        codeIssuedToClient: (check) => (exchange) => {
          if (exchange.request.headers.authorization === undefined) check(exchange);
        },
      },
    },
  },
  'listing-status-as-first-listed': {
    requirements: ['R2.5-06', 'R4.4-05'],
    description:
      'the listing keeps the status an ad had when it was first listed, and filters by it, while a status change is delivered with the new status',
    patch: statusAsFirstListedPatch,
  },
  'notify-retry-without-token': {
    requirements: ['R6-04'],
    description:
      'a delivery retried after a failed attempt (a 5xx, a timeout, a network error) is sent without the configured token',
    patch: {
      notifications: {
        tokenHeaders: (headers) => (token, policy, attempt) =>
          attempt > 1 ? {} : headers(token, policy, attempt),
      },
    },
  },
} as const satisfies Record<string, FaultDefinition>;
