import type { ResourcesState } from './resources-state.js';
import type { Ad } from '../store/ads.js';
import type { RenderedPage } from './page-cache.js';
import type { ListingQuery } from './listing-request.js';
import type { RESOURCES_SEAMS } from './seams.js';

/** The listing's page (2.5, 4.4), rendered by the named rules below. */

/** Where a page sits in its listing: what its tokens are made from. */
export interface PageSpot {
  /** The first page: reached without a page_token. */
  first: boolean;
  /** Index of the page's first item in the listing. */
  position: number;
  /** Index just after the page's last item. */
  end: number;
  /** Whether a next page is announced. */
  more: boolean;
  /** Where the next page starts. */
  next: number;
  /** The page token of a position of this listing. */
  tokenAt: (position: number) => string;
}

/** What is known of a page when deciding whether another follows. */
export interface PageExtent {
  end: number;
  total: number;
  count: number;
  size: number;
}

export type AdItem = Record<string, unknown>;

/** The rules a page is rendered by: this module's, and the seams around them. */
export type PageRules = Readonly<
  typeof LISTING_PAGE_RULES &
    Pick<typeof RESOURCES_SEAMS, 'listingFilter' | 'listedAds' | 'nextPosition' | 'pageStatus'>
>;

export function renderPage(query: ListingQuery, state: ResourcesState, rules: PageRules): RenderedPage {
  const { grant, cursor, size } = query;
  const view = rules.listedAds(rules.adsOf(state, grant.login, rules.listingFilter(query.status)));
  const position = cursor?.position ?? 0;
  const items = view.slice(position, position + size);
  const end = position + items.length;
  const more = rules.hasMore({ end, total: view.length, count: items.length, size });
  const spot: PageSpot = {
    first: cursor === null,
    position,
    end,
    more,
    next: Math.max(rules.nextPosition(end), position + 1),
    tokenAt: (at) =>
      state.pageTokens.encode({
        login: grant.login,
        status: query.status ?? null,
        generation: state.ads.generation(grant.login),
        position: at,
      }),
  };
  const body = {
    data: items.map((ad) => rules.adItem(ad)),
    current_token: rules.currentToken(spot),
    next_token: rules.nextToken(spot),
  };
  return { status: rules.pageStatus(more), body: Buffer.from(JSON.stringify(body), 'utf8') };
}

/** Section 1 ("all of the user's ads"), R5-07: the listing holds the ads of the token's user, no other's. */
export const adsOf = (state: ResourcesState, login: string, status: string | undefined): readonly Ad[] =>
  state.ads.view(login, status);

/** R4.4-03: a next page is announced while items remain. */
export const hasMore = (page: PageExtent): boolean => page.end < page.total;

/** R2.5-02: null on the first page, else the token of this page. */
export const currentToken = (spot: PageSpot): string | null =>
  spot.first ? null : spot.tokenAt(spot.position);

/** R2.5-03, R4.4-03: a string token of the next page, null at the end. */
export const nextToken = (spot: PageSpot): string | number | null =>
  spot.more ? spot.tokenAt(spot.next) : null;

/** R2.5-04, R2.5-05, R2.5-06: id as given, list_id only when the ad has one, status as on the marketplace. */
export function adItem(ad: Ad): AdItem {
  if (ad.list_id !== undefined) return { id: ad.id, list_id: ad.list_id, status: ad.status };
  return { id: ad.id, status: ad.status };
}

/** This module's rules, by name (resources/rules.ts spreads them into the area's table). */
export const LISTING_PAGE_RULES = {
  adsOf,
  hasMore,
  currentToken,
  nextToken,
  adItem,
};
