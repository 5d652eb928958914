import { test, type TestDetails } from '@playwright/test';
import { MAX_PAGE_SIZE } from '../../spec/limits.js';
import { crawl, effectivePageSize, expectBounded, pageBound, type CrawlResult } from './crawler.js';
import type { HttpExchange } from '../record/exchange.js';
import type { ListingClient } from '../clients/listing-client.js';
import { whileAccountHeld } from '../clients/account-lock.js';
import { sideBySide } from './side-by-side.js';
import { expectListingPage, type AdItem } from './expect-listing.js';
import { refusedAboveMaximum, type CrawlParameters } from './listing-invariants.js';
import { verify } from './verify.js';

/**
 * Invariants of the listing that hold for any account, whatever ads it has: checks on
 * data the suite did not seed. Every crawl is held to a reference crawl of the same account instead
 * of to a seed, so a fault the account's own listing cannot show (an ad the server hides in every
 * crawl alike) is beyond them; the exact model of pagination.property.spec.ts covers that.
 */

/**
 * Pages a crawl of an account of unknown size may take (a million ads at 200 a page): generous, not
 * absent. An endless next_token to empty pages stops at the first one (stopAtEmptyPage).
 */
export const ACCOUNT_PAGE_BOUND = 5000;

/** The account's ads as the unfiltered crawl at the default page size lists them. */
export interface AccountListing {
  items: AdItem[];
  /** The statuses its ads have, in order of first appearance. */
  statuses: string[];
  /**
   * The median time of one page of that crawl, in ms: how far the target is, for the crawls that
   * bound their pages by time (a page chain is sequential: a page token is the only way on).
   */
  pageMs: number;
}

/**
 * Skips the running test, naming what would unlock it, when the account has fewer ads (or fewer
 * statuses) than the requirement needs to be seen at all.
 */
export function requireAccount(have: number, need: number, what: string, unit = 'ads'): void {
  test.skip(
    have < need,
    `the account has ${have} ${unit}; ${what} needs at least ${need}: give TARGET_USER_LOGIN ${unit === 'ads' ? `at least ${need} ads` : `ads of at least ${need} ${unit}`} (or set SANDBOX_CONTROL_KEY, whose helpers seed them)`,
  );
}

/** The test's details with the least an account needs for the test to run, shown in the report. */
export function needing(minimum: string, details: TestDetails): TestDetails {
  const annotations = details.annotation === undefined ? [] : [details.annotation].flat();
  return { ...details, annotation: [...annotations, { type: 'needs', description: minimum }] };
}

/** The reference crawl: every ad once, in full pages of the default size, bounded (4.4 rules 1 to 3). */
export async function referenceCrawl(listing: ListingClient, token: string): Promise<AccountListing> {
  const result = await whileAccountHeld(() =>
    crawl(listing, token, { maxPages: ACCOUNT_PAGE_BOUND, deferBound: true, stopAtEmptyPage: true }),
  );
  expectOnceEach(result, {});
  expectFullPages(result, undefined);
  expectEndAtEmptyPage(result);
  expectBounded(!result.unbounded, ACCOUNT_PAGE_BOUND, result.exchanges.at(-1));
  const pageTimes = result.exchanges.map((exchange) => exchange.durationMs).sort((a, b) => a - b);
  return {
    items: result.items,
    statuses: [...new Set(result.items.map((item) => item.status))],
    pageMs: pageTimes[Math.floor(pageTimes.length / 2)] ?? 0,
  };
}

/** How a crawl keeps status changes away while it runs: the account's lock, or a hold already taken. */
type Hold = <T>(work: () => Promise<T>) => Promise<T>;
const alreadyHeld: Hold = (work) => work();

/**
 * Several crawls held to the reference side by side, under one hold of the account (no status change
 * meanwhile): a far target's round trips overlap, each crawl's own pages still one after another.
 * Every crawl ends before this does, and the first failure in the given order is thrown.
 */
export async function crawlsLikeReference(
  listing: ListingClient,
  token: string,
  reference: AccountListing,
  crawls: readonly CrawlParameters[],
  changing: ReadonlySet<string> = new Set(),
): Promise<void> {
  await whileAccountHeld(() =>
    sideBySide(
      crawls.map(
        (parameters) => () =>
          crawlLikeReference(listing, token, reference, parameters, changing, alreadyHeld),
      ),
    ),
  );
}

/**
 * Crawls with the parameters and holds the crawl to the reference: the same ads once each (only
 * those of the status asked for), full pages, an end. A fetch_size above 200 may be refused in the
 * 7.3 style instead (8 says only that a page never holds more).
 */
export async function crawlLikeReference(
  listing: ListingClient,
  token: string,
  reference: AccountListing,
  parameters: CrawlParameters,
  changing: ReadonlySet<string> = new Set(),
  hold: Hold = whileAccountHeld,
): Promise<void> {
  const { fetchSize, adsStatus } = parameters;
  if (await refusedAboveMaximum(listing, token, parameters)) return;
  if (fetchSize === MAX_PAGE_SIZE) await expectMaximumAccepted(listing, token, parameters);
  const expected =
    adsStatus === undefined ? reference.items : reference.items.filter((item) => item.status === adsStatus);
  // The ads other tests change may have moved into the filter since the reference.
  const maxPages = pageBound(expected.length + changing.size, fetchSize);
  // No status changes while it crawls; the ads other tests change are left out of the comparison.
  const result = await hold(() =>
    crawl(listing, token, { fetchSize, adsStatus, maxPages, deferBound: true, stopAtEmptyPage: true }),
  );
  const stable = (item: AdItem): boolean => !changing.has(item.id);
  expectOnceEach(result, parameters);
  expectOnlyStatus(result, adsStatus);
  expectSameAds({ ...result, items: result.items.filter(stable) }, expected.filter(stable), parameters);
  expectFullPages(result, fetchSize);
  expectEndAtEmptyPage(result);
  expectBounded(!result.unbounded, maxPages, result.exchanges.at(-1));
}

/** 8: fetch_size 200 is the maximum, so it is a value the server takes. */
async function expectMaximumAccepted(
  listing: ListingClient,
  token: string,
  { adsStatus }: CrawlParameters,
): Promise<void> {
  const first = await listing.page(token, {
    quiet: true,
    fetchSize: MAX_PAGE_SIZE,
    ...(adsStatus === undefined ? {} : { adsStatus }),
  });
  expectListingPage(first, ['R8-04', 'R4.4-04']);
}

function describe({ fetchSize, adsStatus }: CrawlParameters): string {
  return `fetch_size ${fetchSize ?? 'absent'}, ads_status ${adsStatus ?? 'absent'}`;
}

function sample(ids: readonly string[]): string {
  return `${ids.length}, e.g. ${ids.slice(0, 5).join(', ')}`;
}

/** The exchange of the first page holding one of the items: the evidence a failure shows. */
function pageHolding(result: CrawlResult, items: readonly AdItem[]): HttpExchange | undefined {
  const index = result.pages.findIndex((page) => page.data.some((item) => items.includes(item)));
  return result.exchanges[index];
}

/** 4.4 rule 2 and 2.5: following next_token lists every ad once. */
function expectOnceEach(result: CrawlResult, parameters: CrawlParameters): void {
  const seen = new Set<string>();
  const repeated = result.items.filter((item) => (seen.has(item.id) ? true : (seen.add(item.id), false)));
  verify(repeated.length === 0, {
    ids: ['R4.4-02', 'R2.5-01'],
    expected: `every ad once across the crawl (${describe(parameters)})`,
    observed: `repeated: ${sample(repeated.map((item) => item.id))}`,
    evidence: pageHolding(result, repeated),
    decisive: `ads listed twice (${repeated.length})`,
  });
}

/**
 * ads_status: "return only ads with this status", an unknown one too (section 3). An item of
 * another status is a wrong filter, or a status field that is not the ad's (2.5).
 */
function expectOnlyStatus(result: CrawlResult, adsStatus: string | undefined): void {
  if (adsStatus === undefined) return;
  const others = result.items.filter((item) => item.status !== adsStatus);
  verify(
    others.length === 0,
    ['R4.4-05', 'R2.5-06'],
    `only ads with status ${adsStatus}, each shown with the status it was filtered by`,
    `others: ${sample(others.map((item) => `${item.id}(${item.status})`))}`,
    pageHolding(result, others),
  );
}

/**
 * The crawl lists the reference's ads (of the status asked for), no fewer, no more. An ad that a
 * filtered crawl lists and the unfiltered one did not is one that 4.4 rule 4 left out.
 */
function expectSameAds(result: CrawlResult, expected: readonly AdItem[], parameters: CrawlParameters): void {
  const { items } = result;
  const listed = new Set(items.map((item) => item.id));
  const wanted = new Set(expected.map((item) => item.id));
  const filtered = parameters.adsStatus !== undefined;
  const extra = items.filter((item) => !wanted.has(item.id));
  verify(
    extra.length === 0,
    filtered ? ['R4.4-06', 'R4.4-02'] : ['R4.4-02'],
    `only ads the unfiltered crawl at the default page size lists (${describe(parameters)})`,
    `ads it never listed: ${sample(extra.map((item) => item.id))}`,
    pageHolding(result, extra),
  );
  const missing = expected.filter((item) => !listed.has(item.id)).map((item) => item.id);
  verify(missing.length === 0, {
    ids: filtered ? ['R4.4-05', 'R4.4-02'] : ['R4.4-02'],
    expected: `all ${expected.length} ads the unfiltered crawl lists${filtered ? ` with status ${parameters.adsStatus}` : ''} (${describe(parameters)})`,
    observed: `missing: ${sample(missing)}`,
    // No page shows an ad that is not there: the last one shows where the crawl ended.
    evidence: result.exchanges.at(-1),
    decisive: `ads lost (${missing.length} of ${expected.length})`,
  });
}

/**
 * 4.4 and 8: fetch_size is the number of items per page (200 when absent or above). Rule 3 lets
 * the last page be short or empty; a page followed by a page with items is full.
 */
function expectFullPages(result: CrawlResult, fetchSize: number | undefined): void {
  const size = effectivePageSize(fetchSize);
  const { pages } = result;
  const short = pages.findIndex(
    (page, index) => page.data.length !== size && (pages[index + 1]?.data.length ?? 0) > 0,
  );
  verify(
    short < 0,
    fetchSize === undefined ? ['R4.4-04', 'R8-03'] : ['R4.4-04'],
    `${size} items on every page followed by more items (fetch_size ${fetchSize ?? 'absent: the default'})`,
    `page ${short + 1} holds ${pages[short]?.data.length ?? 0} items, and page ${short + 2} follows with ${pages[short + 1]?.data.length ?? 0}`,
    result.exchanges[short],
  );
}

/**
 * 2.5: data "can be empty when there are no more records", and next_token is "null when there are
 * no more results": an empty page ends the crawl.
 */
function expectEndAtEmptyPage(result: CrawlResult): void {
  verify(
    !result.emptyPageWithNext,
    ['R4.4-03', 'R2.5-03'],
    'next_token null on an empty page (no more records)',
    `page ${result.pages.length} is empty and carries a next_token`,
    result.exchanges.at(-1),
  );
}
