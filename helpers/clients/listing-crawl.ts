import { parseJsonBody, type HttpExchange } from '../record/exchange.js';
import type { ListingClient } from './listing-client.js';

/** What a crawl asks for, and when its paging stops. */
export interface CrawlRequest {
  adsStatus?: string | undefined;
  fetchSize?: number | undefined;
  /** The most pages to fetch: past them a next_token is left unfollowed. */
  maxPages: number;
  /** Stop at an empty page that still carries a next_token (2.5: only a last page may be empty). */
  stopAtEmptyPage?: boolean;
}

/** Every page of one crawl as fetched, first to last, nothing checked. */
export interface FetchedCrawl {
  exchanges: HttpExchange[];
  /** The last page fetched still carried a next_token (the page bound or an empty page stopped the crawl). */
  more: boolean;
}

/**
 * The listing crawl as a plain fetch (4.4): the first page, then each next_token until one is null,
 * the page bound is reached or, when asked, a page is empty. A body that is not a page ends the
 * crawl there: what is wrong with it is for the checks that follow (helpers/assert/crawler.ts).
 */
export async function fetchCrawl(
  listing: ListingClient,
  accessToken: string,
  request: CrawlRequest,
): Promise<FetchedCrawl> {
  const exchanges: HttpExchange[] = [];
  let pageToken: string | undefined;
  for (;;) {
    const exchange = await listing.page(accessToken, {
      quiet: true,
      ...(pageToken === undefined ? {} : { pageToken }),
      ...(request.adsStatus === undefined ? {} : { adsStatus: request.adsStatus }),
      ...(request.fetchSize === undefined ? {} : { fetchSize: request.fetchSize }),
    });
    exchanges.push(exchange);
    const { next, empty } = pagingOf(exchange);
    if (next === null) return { exchanges, more: false };
    if ((request.stopAtEmptyPage === true && empty) || exchanges.length >= request.maxPages)
      return { exchanges, more: true };
    pageToken = next;
  }
}

/** A page's next_token and whether it holds no ad, read leniently: anything else ends the crawl. */
function pagingOf(exchange: HttpExchange): { next: string | null; empty: boolean } {
  const body = parseJsonBody(exchange);
  if (typeof body !== 'object' || body === null) return { next: null, empty: false };
  const { next_token: next, data } = body as { next_token?: unknown; data?: unknown };
  return {
    next: typeof next === 'string' && Array.isArray(data) ? next : null,
    empty: Array.isArray(data) && data.length === 0,
  };
}
