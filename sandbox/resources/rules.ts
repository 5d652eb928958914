import { rateLimitMessage } from '../../spec/errors.js';
import { PUBLISHED_PATH } from '../../spec/paths.js';
import type { ListingError, ListingErrorReason } from '../../spec/errors.js';
import type { SandboxState } from '../state.js';
import type { Ad } from '../store/ads.js';
import { DEFAULT_RATE_LIMIT, type RateLimit } from '../store/clients.js';
import type { AccessGrant } from '../store/tokens.js';
import type { User } from '../store/users.js';
import * as info from './basic-info-checks.js';
import type { BasicInfoCheck } from './basic-info-checks.js';
import * as authorization from './listing-authorization.js';
import * as page from './listing-page.js';
import type { AdItem, PageExtent, PageSpot } from './listing-page.js';
import * as query from './listing-query.js';
import type { ListingPlace } from './listing-query.js';
import type { ListingCheck } from './listing-request.js';
import * as errors from './listing-status.js';
import type { JsonAnswer } from './listing-status.js';
import type { PageCursor, PageTokenForm } from './page-token.js';

/**
 * The resource server's rules (4.3 basic user info, 4.4 the listing, 2.4-2.6, 7.3, 8), by name: the
 * reference behaviour, which faults and variants patch (rules/patch.ts). Each rule's module heads
 * it with the requirement ids it enforces.
 */
export interface ResourcesRules {
  /** R9-01: where the listing is served. */
  listingPath: () => string;
  // The listing's checks, in the order of LISTING_CHECKS (published.ts).
  authorizationHeaderPresent: ListingCheck;
  tokenValid: ListingCheck;
  scopeAllowed: ListingCheck;
  clientKnown: ListingCheck;
  withinRateLimit: ListingCheck;
  noInjectedFailure: ListingCheck;
  noRepeatedParameter: ListingCheck;
  adsStatusRead: ListingCheck;
  fetchSizeValid: ListingCheck;
  pageTokenValid: ListingCheck;
  // What the checks weigh.
  /** R4.4-02: page tokens are opaque strings; the form is the sandbox's choice. */
  pageTokenForm: () => PageTokenForm;
  rateLimitMessage: (requests: number, seconds: number) => string;
  /** R8-05: the limit of a client until the rate_limit helper sets another (its value not shown). */
  defaultRateLimit: () => RateLimit;
  defaultFetchSize: () => number;
  fetchSizeAccepted: (raw: string) => boolean;
  pageSizeFor: (requested: number) => number;
  pageTokenCursor: (raw: string, place: ListingPlace) => Readonly<PageCursor> | undefined;
  // The page.
  listingFilter: (requested: string | undefined) => string | undefined;
  adsOf: (state: SandboxState, login: string, status: string | undefined) => readonly Ad[];
  listedAds: (ads: readonly Ad[]) => readonly Ad[];
  nextPosition: (end: number) => number;
  hasMore: (page: PageExtent) => boolean;
  pageStatus: (more: boolean) => number;
  currentToken: (spot: PageSpot) => string | null;
  nextToken: (spot: PageSpot) => string | number | null;
  adItem: (ad: Ad) => AdItem;
  // The listing's errors.
  listingStatus: (reason: ListingErrorReason) => number;
  listingErrorAnswer: (error: ListingError, status: number) => JsonAnswer;
  // Basic user info's checks, in the order of BASIC_USER_INFO_CHECKS (basic-user-info.ts), and answer.
  bodyTokenValid: BasicInfoCheck;
  basicInfoScope: BasicInfoCheck;
  userOfToken: BasicInfoCheck;
  userOfGrant: (grant: AccessGrant, state: SandboxState) => User | undefined;
  userName: (user: User) => string;
  basicInfoBody: (name: string, email: string) => object;
  basicInfoStatus: () => number;
}

export const RESOURCES_RULES: ResourcesRules = {
  listingPath: () => PUBLISHED_PATH,
  authorizationHeaderPresent: authorization.authorizationHeaderPresent,
  tokenValid: authorization.tokenValid,
  scopeAllowed: authorization.scopeAllowed,
  clientKnown: authorization.clientKnown,
  withinRateLimit: authorization.withinRateLimit,
  noInjectedFailure: authorization.noInjectedFailure,
  noRepeatedParameter: query.noRepeatedParameter,
  adsStatusRead: query.adsStatusRead,
  fetchSizeValid: query.fetchSizeValid,
  pageTokenValid: query.pageTokenValid,
  pageTokenForm: () => 'base64url',
  /** R7.3-05: 7.3's message with its numbers filled in. */
  rateLimitMessage,
  defaultRateLimit: () => DEFAULT_RATE_LIMIT,
  defaultFetchSize: query.defaultFetchSize,
  fetchSizeAccepted: query.fetchSizeAccepted,
  pageSizeFor: query.pageSizeFor,
  pageTokenCursor: query.pageTokenCursor,
  listingFilter: page.listingFilter,
  adsOf: page.adsOf,
  listedAds: page.listedAds,
  nextPosition: page.nextPosition,
  hasMore: page.hasMore,
  pageStatus: page.pageStatus,
  currentToken: page.currentToken,
  nextToken: page.nextToken,
  adItem: page.adItem,
  listingStatus: errors.listingStatus,
  listingErrorAnswer: errors.listingErrorAnswer,
  bodyTokenValid: info.bodyTokenValid,
  basicInfoScope: info.basicInfoScope,
  userOfToken: info.userOfToken,
  userOfGrant: info.userOfGrant,
  userName: info.userName,
  basicInfoBody: info.basicInfoBody,
  basicInfoStatus: info.basicInfoStatus,
};
