import { ListingError } from '../../spec/errors.js';
import { bearerGrant } from './bearer.js';
import { clientOf, grantOf, type ListingAnswer, type ListingRequest } from './listing-request.js';

/** The listing's checks of who asks (7.3 rows in order: header, token, scope, rate, injected failures). */

/** 4.4: either scope opens the listing. */
const LISTING_SCOPES = ['autoupload', 'basic_user_info'];

/** R7.3-02: a request without an Authorization header is BAD_REQUEST. */
export function authorizationHeaderPresent(listing: ListingRequest): ListingAnswer {
  if (listing.request.headers.authorization === undefined) throw new ListingError('BAD_REQUEST');
  return undefined;
}

/** R7.3-03, R5-06: anything but `Bearer <a token the sandbox issued>` is ACCESS_DENIED. */
export function tokenValid(listing: ListingRequest): ListingAnswer {
  listing.grant = bearerGrant(listing.request, listing.state.tokens);
  return undefined;
}

/** R4.4-01, R7.3-04: the token must carry autoupload or basic_user_info, else ACCESS_SCOPE_DENIED. */
export function scopeAllowed(listing: ListingRequest): ListingAnswer {
  const allowed = grantOf(listing).scopes.some((scope) => LISTING_SCOPES.includes(scope));
  if (!allowed) throw new ListingError('ACCESS_SCOPE_DENIED');
  return undefined;
}

/** R7.3-03: a token whose client no longer exists is no longer valid. */
export function clientKnown(listing: ListingRequest): ListingAnswer {
  const client = listing.state.clients.find(grantOf(listing).clientId);
  if (client === undefined) throw new ListingError('ACCESS_DENIED');
  listing.client = client;
  return undefined;
}

/** R7.3-05, R8-05: more requests than the client's limit within its window is RATE_LIMIT. */
export function withinRateLimit(listing: ListingRequest): ListingAnswer {
  listing.state.rateLimiter.check(clientOf(listing));
  return undefined;
}

/**
 * R7.3-06 (contract: the failures helper): while failures are injected for the client, each
 * request consumes one and is UNEXPECTED_INTERNAL_ERROR.
 */
export function noInjectedFailure(listing: ListingRequest): ListingAnswer {
  const client = clientOf(listing);
  if (client.injected.published <= 0) return undefined;
  client.injected.published -= 1;
  throw new ListingError('UNEXPECTED_INTERNAL_ERROR');
}

/** This module's rules, by name (resources/rules.ts spreads them into the area's table). */
export const LISTING_AUTHORIZATION_RULES = {
  authorizationHeaderPresent,
  tokenValid,
  scopeAllowed,
  clientKnown,
  withinRateLimit,
  noInjectedFailure,
};
