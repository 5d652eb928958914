import type { SeededAd } from '../clients/control-client.js';
import { crawl, expectBounded, pageBound, type CrawlResult } from './crawler.js';
import { parseJsonBody } from '../record/exchange.js';
import { expectListingPage, type AdItem } from './expect-listing.js';
import type { ListingClient } from '../clients/listing-client.js';
import { verify } from './verify.js';
import { MAX_PAGE_SIZE } from '../../spec/limits.js';

export interface CrawlParameters {
  fetchSize?: number | undefined;
  adsStatus?: string | undefined;
}

/** The seeded ads a listing must return for a filter (4.4 rule 4 and ads_status). */
export function expectedFor(ads: readonly SeededAd[], status: string | undefined): SeededAd[] {
  return status === undefined ? [...ads] : ads.filter((ad) => ad.status === status);
}

/** No duplicate, no loss, nothing extra, each item as seeded (4.4 rules 2 and 4, ads_status, 2.5). */
export function checkCrawl(
  items: readonly AdItem[],
  expected: readonly SeededAd[],
  status: string | undefined,
): void {
  const seen = new Set<string>();
  const duplicates = items.filter((item) => (seen.has(item.id) ? true : (seen.add(item.id), false)));
  verify(duplicates.length === 0, {
    ids: ['R4.4-02', 'R2.5-01'],
    expected: 'every ad exactly once across the crawl',
    observed: `duplicated: ${duplicates
      .slice(0, 5)
      .map((item) => item.id)
      .join(', ')}`,
    decisive: `ads listed twice (${duplicates.length})`,
  });
  const byId = new Map(expected.map((ad) => [ad.id, ad]));
  const extra = items.filter((item) => !byId.has(item.id));
  const filterIds = status === undefined ? ['R4.4-02'] : ['R4.4-05'];
  verify(
    extra.length === 0,
    filterIds,
    `only the seeded ads${status === undefined ? '' : ` with status ${status}`}`,
    `unexpected: ${extra
      .slice(0, 5)
      .map((item) => `${item.id}(${item.status})`)
      .join(', ')}`,
  );
  const missing = expected.filter((ad) => !seen.has(ad.id));
  verify(missing.length === 0, {
    ids: status === undefined ? ['R4.4-02', 'R4.4-06'] : ['R4.4-02', 'R4.4-05'],
    expected: `all ${expected.length} matching ads`,
    observed: `${missing.length} missing, e.g. ${missing
      .slice(0, 5)
      .map((ad) => ad.id)
      .join(', ')}`,
    decisive: `ads lost (${missing.length} of ${expected.length})`,
  });
  for (const item of items) expectAsSeeded(item, byId.get(item.id) as SeededAd);
}

/** 2.5: an item's status and list_id as they were seeded. */
function expectAsSeeded(item: AdItem, seeded: SeededAd): void {
  verify(
    item.status === seeded.status,
    'R2.5-06',
    `status ${seeded.status} for ${item.id}`,
    `status ${item.status}`,
  );
  verify(
    item.list_id === seeded.list_id,
    'R2.5-05',
    `list_id ${seeded.list_id ?? '(absent)'} for ${item.id}`,
    `list_id ${item.list_id ?? '(absent)'}`,
  );
}

/** Re-fetching a page through its current_token gives the same page (2.5 current_token). */
async function checkCurrentToken(
  listing: ListingClient,
  token: string,
  pages: CrawlResult,
  options: CrawlParameters,
): Promise<void> {
  const index = Math.floor(pages.pages.length / 2);
  const page = pages.pages[index];
  if (index === 0 || page === undefined || typeof page.current_token !== 'string') return;
  const again = await listing.page(token, {
    quiet: true,
    pageToken: page.current_token,
    ...(options.adsStatus === undefined ? {} : { adsStatus: options.adsStatus }),
    ...(options.fetchSize === undefined ? {} : { fetchSize: options.fetchSize }),
  });
  const refetched = expectListingPage(again);
  verify(
    refetched.data.map((item) => item.id).join('\n') === page.data.map((item) => item.id).join('\n'),
    'R2.5-02',
    `page ${index + 1} again through its current_token`,
    `other items: ${refetched.data
      .slice(0, 3)
      .map((item) => item.id)
      .join(', ')}...`,
    again,
  );
}

/**
 * A fetch_size above 200 may be clamped or refused in the 7.3 style (R8-04): asks for the first
 * page, and tells whether it was refused, in that style (any other answer than a page fails).
 */
export async function refusedAboveMaximum(
  listing: ListingClient,
  token: string,
  options: CrawlParameters,
): Promise<boolean> {
  const { fetchSize, adsStatus } = options;
  if (fetchSize === undefined || fetchSize <= MAX_PAGE_SIZE) return false;
  const first = await listing.page(token, {
    quiet: true,
    fetchSize,
    ...(adsStatus === undefined ? {} : { adsStatus }),
  });
  if (first.response.status === 200) return false;
  const body = parseJsonBody(first) as { reason?: unknown; message?: unknown } | undefined;
  verify(
    first.response.status > 200 && typeof body?.reason === 'string' && typeof body.message === 'string',
    ['R4.4-04', 'R7.3-01'],
    'a page of at most 200 items, or a 7.3-style refusal',
    `HTTP ${first.response.status}`,
    first,
  );
  return true;
}

/**
 * Crawls the listing and checks every pagination invariant against the seeded ads. A fetch_size
 * above 200 may be clamped or refused in the 7.3 style; both are accepted, more than 200 items never.
 */
export async function crawlAndCheck(
  listing: ListingClient,
  token: string,
  ads: readonly SeededAd[],
  options: CrawlParameters,
): Promise<void> {
  const { fetchSize, adsStatus } = options;
  const expected = expectedFor(ads, adsStatus);
  if (await refusedAboveMaximum(listing, token, options)) return;
  const maxPages = pageBound(expected.length, fetchSize);
  const result = await crawl(listing, token, { fetchSize, adsStatus, maxPages, deferBound: true });
  checkCrawl(result.items, expected, adsStatus);
  expectBounded(!result.unbounded, maxPages, result.exchanges.at(-1));
  await checkCurrentToken(listing, token, result, options);
}

/** What every complete crawl shows: pages, tokens, filters, the fields of each ad, the page limit. */
export const CRAWL_REQUIREMENTS = [
  'R4.4-02',
  'R4.4-03',
  'R4.4-04',
  'R4.4-05',
  'R4.4-06',
  'R2.5-01',
  'R2.5-02',
  'R2.5-03',
  'R8-04',
] as const;
