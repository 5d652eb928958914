import { expectListingPage, type AdItem, type ListingPage } from './expect-listing.js';
import type { HttpExchange } from '../record/exchange.js';
import type { ListingClient } from '../clients/listing-client.js';
import { fetchCrawl, type CrawlRequest, type FetchedCrawl } from '../clients/listing-crawl.js';
import { verify } from './verify.js';
import { MAX_PAGE_SIZE } from '../../spec/limits.js';

/** A crawl's request (its `maxPages`: ceil(n / size) + 1 when n is known), and how its end is judged. */
export interface CrawlOptions extends CrawlRequest {
  /**
   * Stop at the bound and report it in the result instead of failing at once, so the caller can
   * first name a duplicate or a wrong filter that caused the extra pages.
   */
  deferBound?: boolean;
}

export interface CrawlResult {
  items: AdItem[];
  pages: ListingPage[];
  exchanges: HttpExchange[];
  /** True when next_token was still set after maxPages pages (only with deferBound). */
  unbounded: boolean;
  /** True when an empty page carried a next_token (only with stopAtEmptyPage). */
  emptyPageWithNext: boolean;
}

/** The page size a server may use: what was asked, never above 200 (4.4, 8). */
export function effectivePageSize(fetchSize: number | undefined): number {
  return Math.min(fetchSize ?? MAX_PAGE_SIZE, MAX_PAGE_SIZE);
}

/** The page bound of a crawl of n items: every page full, plus one empty last page (4.4 rule 3). */
export function pageBound(count: number, fetchSize: number | undefined): number {
  return Math.ceil(count / effectivePageSize(fetchSize)) + 1;
}

/**
 * Follows next_token from the first page to the last (4.4 rules 1 to 3): the pages are fetched
 * (helpers/clients/listing-crawl.ts), then checked in their order: each page's schema, its size,
 * current_token null on the first page, and the bound on the number of pages that catches a
 * next_token that never ends.
 */
export async function crawl(
  listing: ListingClient,
  accessToken: string,
  options: CrawlOptions,
): Promise<CrawlResult> {
  return expectCrawl(await fetchCrawl(listing, accessToken, options), options);
}

/** The checks of a fetched crawl, page by page, the first that fails ending it. */
export function expectCrawl(fetched: FetchedCrawl, options: CrawlOptions): CrawlResult {
  const limit = effectivePageSize(options.fetchSize);
  const result: CrawlResult = {
    items: [],
    pages: [],
    exchanges: [],
    unbounded: false,
    emptyPageWithNext: false,
  };
  for (const [index, exchange] of fetched.exchanges.entries()) {
    const page = expectListingPage(exchange);
    result.exchanges.push(exchange);
    result.pages.push(page);
    result.items.push(...page.data);
    if (index === 0) expectFirstPageToken(page, exchange);
    verify(
      page.data.length <= limit,
      ['R4.4-04', 'R8-04', 'R2.5-01'],
      `at most ${limit} items on a page (fetch_size ${options.fetchSize ?? 'default'})`,
      `${page.data.length} items`,
      exchange,
    );
    if (index < fetched.exchanges.length - 1 || (page.next_token ?? null) === null) continue;
    if (options.stopAtEmptyPage === true && page.data.length === 0)
      return { ...result, emptyPageWithNext: true };
    if (options.deferBound === true) return { ...result, unbounded: true };
    expectBounded(false, options.maxPages, exchange);
  }
  return result;
}

/** 2.5: current_token is null on the first page. */
function expectFirstPageToken(page: ListingPage, exchange: HttpExchange): void {
  verify(
    page.current_token === null || page.current_token === undefined,
    'R2.5-02',
    'current_token null on the first page',
    `current_token ${JSON.stringify(page.current_token)}`,
    exchange,
  );
}

/** 4.4 rule 3: the crawl of n items ends within ceil(n / size) + 1 pages. */
export function expectBounded(bounded: boolean, maxPages: number, evidence?: HttpExchange): void {
  verify(
    bounded,
    ['R4.4-03', 'R2.5-03'],
    `next_token to become null within ${maxPages} pages`,
    `still a next_token after ${maxPages} pages`,
    evidence,
  );
}
