import { ListingError } from '../../spec/errors.js';
import { MAX_PAGE_SIZE } from '../../spec/limits.js';
import type { PageCursor } from './page-token.js';
import { grantOf, type ListingAnswer, type ListingPlace, type ListingRequest } from './listing-request.js';

/** The listing's checks of the query (4.4): ads_status, fetch_size, page_token. */

/** Longer than any token the sandbox issues: not decoded at all. */
const MAX_PAGE_TOKEN_LENGTH = 2048;

/** The sandbox's choice (7.3 rule 1): a repeated query parameter is ambiguous, BAD_REQUEST. */
export function noRepeatedParameter(listing: ListingRequest): ListingAnswer {
  const repeated = listing.params.repeated();
  if (repeated.length > 0)
    throw new ListingError('BAD_REQUEST', `Repeated query parameter: ${repeated.join(', ')}`);
  return undefined;
}

/** R4.4-05, R4.4-06: ads_status filters; absent or empty, every status is listed. */
export function adsStatusRead(listing: ListingRequest): ListingAnswer {
  const status = listing.params.get('ads_status');
  listing.status = status === '' ? undefined : status;
  return undefined;
}

/**
 * R4.4-04, R8-03, R8-04: fetch_size sets the items per page, 200 when absent; zero, negative or
 * not a number is BAD_REQUEST; above the maximum is clamped to 200 (a choice: the spec does not say).
 */
export function fetchSizeValid(listing: ListingRequest): ListingAnswer {
  const raw = listing.params.get('fetch_size');
  const { rules } = listing;
  if (raw === undefined || raw === '') {
    listing.size = rules.defaultFetchSize();
    return undefined;
  }
  if (!rules.fetchSizeAccepted(raw))
    throw new ListingError(
      'BAD_REQUEST',
      'fetch_size must be a positive integer (at most 200 items are returned).',
    );
  listing.size = rules.pageSizeFor(Number(raw));
  return undefined;
}

/** R8-03: without fetch_size a page holds 200 items. */
export const defaultFetchSize = (): number => MAX_PAGE_SIZE;

/** R4.4-04: a positive integer (of at most nine digits: anything larger is clamped anyway). */
export const fetchSizeAccepted = (raw: string): boolean => /^\d{1,9}$/.test(raw) && Number(raw) >= 1;

/** R8-04: a page holds at most 200 items. */
export const pageSizeFor = (requested: number): number => Math.min(requested, MAX_PAGE_SIZE);

/** R4.4-02: page_token must be a token this listing issued, for the same user, filter and ads. */
export function pageTokenValid(listing: ListingRequest): ListingAnswer {
  const raw = listing.params.get('page_token');
  if (raw === undefined || raw === '') {
    listing.cursor = null;
    return undefined;
  }
  const cursor = listing.rules.pageTokenCursor(raw, placeOf(listing));
  if (cursor === undefined)
    throw new ListingError(
      'BAD_REQUEST',
      'page_token is not a token of this listing (or the ads were replaced since).',
    );
  listing.cursor = cursor;
  return undefined;
}

/** R4.4-02: the cursor a token carries, undefined unless it is this listing's (signed, same place). */
export function pageTokenCursor(raw: string, place: ListingPlace): Readonly<PageCursor> | undefined {
  const decoded = raw.length > MAX_PAGE_TOKEN_LENGTH ? undefined : place.tokens.decode(raw);
  const sameListing =
    decoded !== undefined &&
    decoded.login === place.login &&
    decoded.status === place.status &&
    decoded.generation === place.generation;
  return sameListing ? decoded : undefined;
}

function placeOf(listing: ListingRequest): ListingPlace {
  const { login } = grantOf(listing);
  return {
    login,
    status: listing.status ?? null,
    generation: listing.state.ads.generation(login),
    tokens: listing.state.pageTokens,
  };
}

/** This module's rules, by name (resources/rules.ts spreads them into the area's table). */
export const LISTING_QUERY_RULES = {
  noRepeatedParameter,
  adsStatusRead,
  fetchSizeValid,
  pageTokenValid,
  defaultFetchSize,
  fetchSizeAccepted,
  pageSizeFor,
  pageTokenCursor,
};
