import { isSection3Status } from '../../spec/ad-status.js';
import { LISTING_ERRORS, ListingError } from '../../spec/errors.js';
import { MAX_PAGE_SIZE } from '../../spec/limits.js';
import { UNVERSIONED_PUBLISHED_PATH } from '../resources/published.js';
import {
  anyScopeButChat,
  emptyPageWithoutHeader,
  frameworkShapedParameterErrors,
  limitNeverLifted,
  offsetCursor,
  pageTokenOwnerListed,
  rethrowing,
  someoneForUnknownToken,
} from './resources-deviations.js';
import { always } from '../rules/patch.js';
import type { FaultDefinition } from './types.js';

/**
 * Faults of the resources area: each the smallest deviation that breaks the requirements it names,
 * as a patch of the rules it changes (resources/rules.ts; the catalogs' are in catalogs.ts).
 */
export const RESOURCES_FAULTS = {
  'listing-duplicate-at-boundary': {
    requirements: ['R2.5-01'],
    description: 'each next page repeats the last item of the page before',
    patch: { resources: { nextPosition: () => (end) => end - 1 } },
  },
  'listing-skip-at-boundary': {
    requirements: ['R4.4-02'],
    description: 'each next page skips the first item it should show',
    patch: { resources: { nextPosition: () => (end) => end + 1 } },
  },
  'listing-endless-next-token': {
    requirements: ['R4.4-03'],
    description: 'the last page still carries a next_token, pointing at an empty page forever',
    patch: {
      resources: { nextToken: (next) => (spot) => (spot.more ? next(spot) : spot.tokenAt(spot.end)) },
    },
  },
  'listing-next-token-lost-after-first-page': {
    requirements: ['R4.4-02'],
    description:
      'from the second page on next_token is null though more ads remain: a crawl ends after two pages',
    patch: { resources: { nextToken: (next) => (spot) => (spot.first ? next(spot) : null) } },
  },
  'listing-ignores-ads-status': {
    requirements: ['R4.4-05'],
    description: 'ads_status is ignored: every status is listed',
    patch: { resources: { listingFilter: always(undefined) } },
  },
  'listing-page-over-200': {
    requirements: ['R2.5-01', 'R8-04'],
    description: 'fetch_size is capped at 201 instead of 200',
    patch: { resources: { pageSizeFor: () => (requested) => Math.min(requested, MAX_PAGE_SIZE + 1) } },
  },
  'listing-current-token-on-first-page': {
    requirements: ['R2.5-02'],
    description: 'the first page carries a current_token',
    patch: {
      resources: { currentToken: (current) => (spot) => (spot.first ? spot.tokenAt(0) : current(spot)) },
    },
  },
  'listing-missing-header-accepted': {
    requirements: ['R7.3-02'],
    description: 'a request without Authorization is answered as if authorized',
    patch: { resources: { authorizationHeaderPresent: emptyPageWithoutHeader } },
  },
  'listing-invalid-token-wrong-reason': {
    requirements: ['R7.3-03'],
    description: 'an invalid token gets reason BAD_REQUEST instead of ACCESS_DENIED',
    patch: {
      resources: {
        tokenValid: (check) => rethrowing(check, 'ACCESS_DENIED', () => new ListingError('BAD_REQUEST')),
      },
    },
  },
  'listing-scope-not-checked': {
    requirements: ['R7.3-04', 'R4.4-01'],
    description: 'a token without autoupload or basic_user_info is accepted',
    patch: { resources: { scopeAllowed: always(undefined) } },
  },
  'listing-scope-any-but-chat': {
    requirements: ['R7.3-04', 'R4.4-01'],
    description:
      'a token holding any scope other than chat (autoservice, say) is accepted; only a chat-only token gets ACCESS_SCOPE_DENIED',
    patch: { resources: { scopeAllowed: anyScopeButChat } },
  },
  'listing-no-rate-limit': {
    requirements: ['R7.3-05', 'R8-05'],
    description: 'the per-client rate limit is never enforced',
    patch: { resources: { withinRateLimit: always(undefined) } },
  },
  'listing-rate-limit-message-unfilled': {
    requirements: ['R7.3-05'],
    description: 'the RATE_LIMIT message keeps the letters X instead of numbers',
    patch: { resources: { rateLimitMessage: always(LISTING_ERRORS.RATE_LIMIT) } },
  },
  'listing-internal-error-wrong-message': {
    requirements: ['R7.3-06'],
    description: 'UNEXPECTED_INTERNAL_ERROR carries another message',
    patch: {
      resources: {
        noInjectedFailure: (check) =>
          rethrowing(
            check,
            'UNEXPECTED_INTERNAL_ERROR',
            () => new ListingError('UNEXPECTED_INTERNAL_ERROR', 'Internal error.'),
          ),
      },
    },
  },
  'listing-status-200-on-error': {
    requirements: ['R7.3-01'],
    description: 'listing errors are sent with HTTP 200',
    patch: { resources: { listingStatus: always(200) } },
  },
  'basic-info-scope-not-checked': {
    requirements: ['R4.3-02'],
    description: 'basic_user_info answers tokens without the basic_user_info permission',
    patch: { resources: { basicInfoScope: always(undefined) } },
  },
  'listing-page-token-names-user': {
    requirements: ['R5-06', 'R4.4-02'],
    description:
      'a page token lists the ads of the user it was issued to, whoever’s access token comes with it',
    patch: { resources: { pageTokenValid: pageTokenOwnerListed } },
  },
  'listing-rate-limit-never-lifted': {
    requirements: ['R8-05'],
    description: 'a client that met RATE_LIMIT once is refused with it for good, not only for the second',
    patch: { resources: { withinRateLimit: limitNeverLifted } },
  },
  'basic-info-chat-suffices': {
    requirements: ['R4.3-02'],
    description: 'basic_user_info also answers tokens that hold chat instead of basic_user_info',
    patch: {
      resources: {
        basicInfoScope: (check) => (info) => (info.grant?.scopes.includes('chat') ? undefined : check(info)),
      },
    },
  },
  'basic-info-other-user': {
    requirements: ['R4.3-01'],
    description: "basic_user_info answers with another user's name and e-mail",
    patch: { resources: { userOfGrant: () => (grant, state) => state.users.any(grant.login) } },
  },
  'listing-next-token-offset-number': {
    requirements: ['R2.5-03'],
    description: 'next_token is sent as a JSON number (the offset of the next page) instead of a string',
    patch: {
      resources: {
        nextToken: (next) => (spot) => (spot.more ? spot.next : next(spot)),
        pageTokenCursor: offsetCursor,
      },
    },
  },
  'listing-numeric-id-as-number': {
    requirements: ['R2.5-04'],
    description:
      'an ad id made only of digits is sent as a JSON number instead of the string the integrator gave',
    patch: {
      resources: {
        adItem: (item) => (ad) => (/^\d+$/.test(ad.id) ? { ...item(ad), id: Number(ad.id) } : item(ad)),
      },
    },
  },
  'listing-list-id-null': {
    requirements: ['R2.5-05'],
    description: 'an ad without a list_id carries list_id null instead of leaving the field out',
    patch: {
      resources: {
        adItem: (item) => (ad) =>
          ad.list_id === undefined ? { id: ad.id, list_id: null, status: item(ad).status } : item(ad),
      },
    },
  },
  'listing-status-from-list-id': {
    requirements: ['R2.5-06'],
    description: 'an ad with a list_id is reported as published whatever its status',
    patch: {
      resources: {
        adItem: (item) => (ad) =>
          ad.list_id === undefined ? item(ad) : { ...item(ad), status: 'published' },
      },
    },
  },
  'listing-every-users-ads': {
    requirements: ['R5-07'],
    description: "a user's listing holds the ads of every user of the sandbox after the user's own",
    patch: {
      resources: {
        adsOf: (own) => (state, login, status) =>
          [login, ...state.ads.logins().filter((other) => other !== login)].flatMap((one) =>
            own(state, one, status),
          ),
      },
    },
  },
  'listing-drops-unknown-status': {
    requirements: ['R3-01'],
    description: 'ads whose status is not one of the four of section 3 are left out of the listing',
    patch: {
      resources: { listedAds: (listed) => (ads) => listed(ads).filter((ad) => isSection3Status(ad.status)) },
    },
  },
  'listing-ignores-fetch-size': {
    requirements: ['R4.4-04'],
    description: 'fetch_size is ignored: every page holds up to 200 items',
    patch: { resources: { fetchSizeAccepted: always(true), pageSizeFor: always(MAX_PAGE_SIZE) } },
  },
  'listing-default-published-only': {
    requirements: ['R4.4-06'],
    description: 'without ads_status only published ads are listed',
    patch: { resources: { listingFilter: (filter) => (requested) => filter(requested) ?? 'published' } },
  },
  'listing-partial-content-206': {
    requirements: ['R4.4-07'],
    description: 'a page followed by more pages is sent with HTTP 206 instead of 200',
    patch: { resources: { pageStatus: (status) => (more) => (more ? 206 : status(more)) } },
  },
  'listing-fetch-size-200-refused': {
    requirements: ['R8-04'],
    description:
      'fetch_size 200, the maximum, is refused with BAD_REQUEST (off by one: only up to 199 is accepted)',
    patch: {
      resources: { fetchSizeAccepted: (accepted) => (raw) => accepted(raw) && Number(raw) < MAX_PAGE_SIZE },
    },
  },
  'listing-unversioned-path': {
    requirements: ['R9-01'],
    description: 'the listing is served at /autoupload/published, without the v1 segment',
    patch: { resources: { listingPath: always(UNVERSIONED_PUBLISHED_PATH) } },
  },
  'basic-info-user-name-is-login': {
    requirements: ['R2.4-01'],
    description: "user_name carries the user's login instead of the full name",
    patch: { resources: { userName: () => (user) => user.login } },
  },
  'basic-info-email-field-renamed': {
    requirements: ['R2.4-02'],
    description: 'the e-mail is sent in a field named email instead of user_email',
    patch: { resources: { basicInfoBody: () => (name, email) => ({ user_name: name, email }) } },
  },
  'basic-info-unknown-token-answered': {
    requirements: ['R5-06'],
    description: 'basic_user_info answers a token it does not know with the data of some user',
    patch: { resources: { bodyTokenValid: someoneForUnknownToken } },
  },
  'listing-default-page-100': {
    requirements: ['R8-03'],
    description: 'without fetch_size a page holds 100 items instead of 200',
    patch: { resources: { defaultFetchSize: (size) => () => size() / 2 } },
  },
  'listing-bad-parameter-framework-error': {
    requirements: ['R7.3-01'],
    description:
      'an invalid fetch_size or page_token is answered 400 in the web framework’s format {statusCode, error, message}, without reason',
    patch: { resources: { listingErrorAnswer: frameworkShapedParameterErrors } },
  },
} as const satisfies Record<string, FaultDefinition>;
