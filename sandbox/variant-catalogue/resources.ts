import { MAX_PAGE_SIZE } from '../../spec/limits.js';
import { OTHER_LISTING_STATUS } from '../resources/listing-status.js';
import { always } from '../rules/patch.js';
import type { BasicInfoCheck } from '../resources/basic-info-checks.js';
import type { ListingPlace } from '../resources/listing-request.js';
import type { PageCursor } from '../resources/page-token.js';
import { BasicInfoError, ListingError } from '../../spec/errors.js';
import { clientOf, type ListingCheck } from '../resources/listing-request.js';
import type { VariantDefinition } from './types.js';

type CursorOf = (raw: string, place: ListingPlace) => Readonly<PageCursor> | undefined;

/**
 * listing-page-token-any-user: a page token says a position only; another user's token brings
 * that user to the same position in their own ads (not refused: 4.4 does not say it must be).
 */
function positionForAnyUser(cursorOf: CursorOf): CursorOf {
  return (raw, place) => {
    const decoded = place.tokens.decode(raw);
    if (decoded === undefined || decoded.login === place.login) return cursorOf(raw, place);
    return { ...decoded, login: place.login, status: place.status, generation: place.generation };
  };
}

/** basic-info-scope-refused-401: a token without the permission is refused as an unknown one is. */
function refusedAsAccessDenied(check: BasicInfoCheck): BasicInfoCheck {
  return (info) => {
    try {
      return check(info);
    } catch (error) {
      if (!(error instanceof BasicInfoError)) throw error;
      throw new BasicInfoError('ACCESS_DENIED', error.message);
    }
  };
}

/** listing-prefixed-current-token: current_token with a "c." before the page token. */
const prefixed = (token: string | null): string | null => (token === null ? null : `c.${token}`);

/**
 * listing-rate-limit-sliding: the limit counts the requests of the last `seconds` (a sliding log),
 * refused ones too, instead of fixed windows; the limit is still lifted a second after a burst.
 */
function slidingRateLimit(): ListingCheck {
  const log = new Map<string, number[]>();
  return (listing) => {
    const client = clientOf(listing);
    const { requests, seconds } = client.rateLimit;
    const now = client.clock.now();
    const recent = [...(log.get(client.clientId) ?? []).filter((at) => now - at < seconds * 1000), now];
    log.set(client.clientId, recent);
    if (recent.length > requests)
      throw new ListingError('RATE_LIMIT', listing.rules.rateLimitMessage(requests, seconds));
    return undefined;
  };
}

/** Variants of the resource server (basic user info, the listing): other choices a correct server could make. */
export const RESOURCES_VARIANTS = {
  'listing-other-statuses': {
    description:
      'listing errors with other HTTP statuses: 422, 403, 403, 503 and 503 instead of 400, 401, 401, 429 and 500',
    env: {},
    patch: { resources: { listingStatus: () => (reason) => OTHER_LISTING_STATUS[reason] } },
  },
  'listing-empty-last-page': {
    description: 'a full last page still carries a next_token, to an empty page (4.4 rule 3 allows it)',
    env: {},
    patch: { resources: { hasMore: (more) => (page) => more(page) || page.count === page.size } },
  },
  'listing-rejects-fetch-size-over-200': {
    description: 'fetch_size above 200 is refused with BAD_REQUEST instead of clamped to 200',
    env: {},
    patch: {
      resources: { fetchSizeAccepted: (accepted) => (raw) => accepted(raw) && Number(raw) <= MAX_PAGE_SIZE },
    },
  },
  'listing-hex-page-tokens': {
    description: 'page tokens of another form: hexadecimal, with a tilde before the signature',
    env: {},
    patch: { resources: { pageTokenForm: always('hex') } },
  },
  'listing-prefixed-current-token': {
    description:
      'current_token of another form than the page_token that was sent (prefixed "c."), accepted back',
    env: {},
    patch: {
      resources: {
        currentToken: (current) => (spot) => prefixed(current(spot)),
        pageTokenCursor: (cursorOf) => (raw, place) => cursorOf(raw.replace(/^c\./, ''), place),
      },
    },
  },
  'resources-other-2xx': {
    description:
      'catalog lookups and basic user info answer HTTP 201 instead of 200 (the spec shows no status)',
    env: {},
    patch: {
      resources: { basicInfoStatus: always(201) },
      catalogs: { catalogSuccessStatus: always(201) },
    },
  },
  'listing-rate-limit-grouped': {
    description:
      'the RATE_LIMIT message names the headline limit with a digit group: "You have exceeded the 5.000 requests in 60 seconds limit!"',
    env: {},
    patch: {
      resources: {
        rateLimitMessage: always('You have exceeded the 5.000 requests in 60 seconds limit!'),
      },
    },
  },
  'listing-rate-limit-tight': {
    description:
      'a client may list 20 times a second (8: a per-second limit exists, its value not shown); over it, RATE_LIMIT until the second is over',
    env: {},
    patch: { resources: { defaultRateLimit: always({ requests: 20, seconds: 1 }) } },
  },
  'basic-info-scope-refused-401': {
    description:
      'basic_user_info refuses a token without the basic_user_info permission with 401 ACCESS_DENIED instead of 403 ACCESS_SCOPE_DENIED (4.3 shows no refusal)',
    env: {},
    patch: { resources: { basicInfoScope: refusedAsAccessDenied } },
  },
  'listing-page-token-any-user': {
    description:
      'a page token presented with another user’s access token lists that user’s own ads from the same position, instead of BAD_REQUEST',
    env: {},
    patch: { resources: { pageTokenCursor: positionForAnyUser } },
  },
  'listing-rate-limit-sliding': {
    description:
      'the rate limit counts the requests of the last second (a sliding log, refused requests included) instead of fixed one-second windows',
    env: {},
    patch: { resources: { withinRateLimit: slidingRateLimit } },
  },
} as const satisfies Record<string, VariantDefinition>;
