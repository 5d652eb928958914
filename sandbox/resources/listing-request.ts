import type { FastifyRequest } from 'fastify';
import type { Params } from '../http/params.js';
import type { ResourcesState } from './resources-state.js';
import type { Client } from '../store/clients.js';
import type { AccessGrant } from '../store/tokens.js';
import type { RenderedPage } from './page-cache.js';
import type { PageCursor, PageTokens } from './page-token.js';

/** Where a page token must lead to be a token of this listing. */
export interface ListingPlace {
  login: string;
  status: string | null;
  generation: number;
  tokens: PageTokens;
}

/**
 * The rules a listing check reaches through the request (listing-query.ts, a variant's rate
 * limit): the area's tables hold them, and the endpoint hands the ones in force at the request.
 */
export interface ListingLookups {
  readonly defaultFetchSize: () => number;
  readonly fetchSizeAccepted: (raw: string) => boolean;
  readonly pageSizeFor: (requested: number) => number;
  readonly pageTokenCursor: (raw: string, place: ListingPlace) => Readonly<PageCursor> | undefined;
  readonly rateLimitMessage: (requests: number, seconds: number) => string;
}

/**
 * One request to GET /autoupload/v1/published as the listing's checks fill it in, in their
 * declared order (published.ts): the token's grant and client, then the query.
 */
export interface ListingRequest {
  readonly request: FastifyRequest;
  readonly state: ResourcesState;
  /** The resource server's rules in force at this request that the checks reach. */
  readonly rules: ListingLookups;
  readonly params: Params;
  /** Set by tokenValid. */
  grant?: AccessGrant;
  /** Set by clientKnown. */
  client?: Client;
  /** Set by adsStatusRead: the filter asked for, undefined for none (an empty ads_status is none). */
  status?: string | undefined;
  /** Set by fetchSizeValid: the items per page. */
  size?: number;
  /** Set by pageTokenValid: where the page starts, null for the first page. */
  cursor?: Readonly<PageCursor> | null;
}

/**
 * A check of the listing: returns undefined to let the request through and throws a ListingError
 * to refuse it. Only a fault returns a page, answered at once without the checks after it.
 */
export type ListingCheck = (listing: ListingRequest) => ListingAnswer;

/** What a listing check returns: undefined to let the request through (only a fault returns a page). */
export type ListingAnswer = RenderedPage | undefined;

/** What the page is rendered from, once every check has passed. */
export interface ListingQuery {
  grant: AccessGrant;
  status: string | undefined;
  size: number;
  cursor: Readonly<PageCursor> | null;
}

/** The query the checks settled; a check that did not run is a bug of the declared order. */
export function settledQuery(listing: ListingRequest): ListingQuery {
  const { grant, status, size, cursor } = listing;
  if (grant === undefined || size === undefined || cursor === undefined)
    throw new Error('The listing checks ran out of their declared order.');
  return { grant, status, size, cursor };
}

export function grantOf(listing: ListingRequest): AccessGrant {
  if (listing.grant === undefined) throw new Error('tokenValid must run before this check.');
  return listing.grant;
}

export function clientOf(listing: ListingRequest): Client {
  if (listing.client === undefined) throw new Error('clientKnown must run before this check.');
  return listing.client;
}
