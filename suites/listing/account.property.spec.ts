import fc from 'fast-check';
import { test } from '../../fixtures/index.js';
import { SECTION_3_STATUSES as SECTION_3 } from '../../spec/ad-status.js';
import { MAX_PAGE_SIZE } from '../../spec/limits.js';
import { covers, onPath } from '../../helpers/assert/covers.js';
import {
  crawlLikeReference,
  crawlsLikeReference,
  needing,
  requireAccount,
  type AccountListing,
} from '../../helpers/assert/account-listing.js';
import { assertProperty } from '../../helpers/assert/property.js';
import { CRAWL_REQUIREMENTS, type CrawlParameters } from '../../helpers/assert/listing-invariants.js';
import { mixedAds } from '../../helpers/clients/mixed-ads.js';
import { patient } from '../../helpers/target/patience.js';

/**
 * The listing's properties as invariants of any account. Without test helpers they run
 * on the ads TARGET_USER_LOGIN already has; with them, on a fresh account of 450 mixed ads that the
 * checks are not told, so the normal run checks them too. The exact model on seeded data stays in
 * pagination.property.spec.ts.
 */

/** A status no account is expected to have: a filter on it lists nothing, or only that status. */
const UNKNOWN_STATUS = 'conformance_status_unknown';

/** A page boundary needs two ads (fetch_size 1): below that no crawl differs from another. */
const MIN_ADS_FOR_CRAWLS = 2;

/**
 * Pages a drawn crawl may take: an account of unknown size may be large, and a real server limits
 * requests (production: 5,000 a minute per address), so small page sizes are drawn only where the
 * crawl stays within this many pages (every size from 1 up to 500 ads).
 */
const PAGES_PER_CRAWL = 500;
/**
 * And within this time at the reference crawl's pace: a page chain is sequential, so against a far
 * target (200 ms a page) fetch_size 1 over 450 ads would take a minute and a half by itself.
 */
const CRAWL_TIME_MS = 8_000;
/** The fewest pages the time bound leaves a crawl, however far the target. */
const MIN_PAGES_PER_CRAWL = 20;

/**
 * Each step of a shrink is up to three crawls of the account: a failure costs this much more than
 * its first counterexample. A crawl that lost or repeated ads is reported as found.
 */
const SHRINK_BUDGET = { seconds: 15, requests: 1_000 };

/** The pages a crawl may take on this account at the pace of its reference crawl. */
function pagesPerCrawl(reference: AccountListing): number {
  const byTime = Math.floor(CRAWL_TIME_MS / Math.max(1, reference.pageMs));
  return Math.min(PAGES_PER_CRAWL, Math.max(MIN_PAGES_PER_CRAWL, byTime));
}

/** fetch_size 1 to 200 (small ones often: more boundaries), above 200, or absent. */
function fetchSizeArb(adCount: number, pages: number): fc.Arbitrary<number | undefined> {
  const smallest = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.ceil(adCount / pages)));
  return fc.oneof(
    { arbitrary: fc.integer({ min: smallest, max: Math.max(smallest, 20) }), weight: 3 },
    { arbitrary: fc.integer({ min: smallest, max: MAX_PAGE_SIZE }), weight: 3 },
    { arbitrary: fc.constant(MAX_PAGE_SIZE), weight: 1 },
    { arbitrary: fc.integer({ min: MAX_PAGE_SIZE + 1, max: 1000 }), weight: 2 },
    { arbitrary: fc.constant(undefined), weight: 1 },
  );
}

/** Crawls in random order: any fetch_size, no filter or one of the statuses seen, of section 3, unknown. */
function crawlsArb(reference: AccountListing): fc.Arbitrary<CrawlParameters[]> {
  const filterArb = fc.option(fc.constantFrom(...reference.statuses, ...SECTION_3, UNKNOWN_STATUS), {
    nil: undefined,
    freq: 3,
  });
  const crawlArb = fc.record({
    fetchSize: fetchSizeArb(reference.items.length, pagesPerCrawl(reference)),
    adsStatus: filterArb,
  });
  return fc.array(crawlArb, { minLength: 1, maxLength: 3 });
}

test.describe('4.4 Pagination invariants on any account (property-based, no seed known)', () => {
  test(
    'any crawl, at any fetch_size and filter and in any order, lists the ads of the unfiltered crawl once each, in full pages that end',
    needing(
      `an account of ${MIN_ADS_FOR_CRAWLS} ads or more`,
      onPath(
        covers(...CRAWL_REQUIREMENTS, 'R2.5-04', 'R2.5-05', 'R2.5-06', 'R4.4-07', 'R8-03'),
        'ad-state:seeded',
        'page:first',
        'page:middle',
        'page:last',
        'page:empty',
      ),
    ),
    async ({ listingAccount, listing }) => {
      test.setTimeout(patient(240_000));
      const { token, reference, changing } = await listingAccount(mixedAds(450));
      requireAccount(reference.items.length, MIN_ADS_FOR_CRAWLS, 'a page boundary (fetch_size 1)');
      await assertProperty(
        'listing invariants on the account',
        fc.asyncProperty(crawlsArb(reference), async (crawls) => {
          // Independent crawls side by side, under one hold of the account: interleaved is one more
          // order, and a far target's round trips overlap. Each crawl's own pages stay in sequence.
          await crawlsLikeReference(listing, token, reference, crawls, changing);
        }),
        { runs: 6, shrink: SHRINK_BUDGET },
      );
    },
  );

  test(
    'an ads_status outside section 3 that no ad has is tolerated: a crawl of that status alone, never an error',
    needing('an account of 1 ad or more', covers('R3-01', 'R4.4-05')),
    async ({ listingAccount, listing }) => {
      const { token, reference, changing } = await listingAccount(mixedAds(30));
      // With no ad at all, a server that ignores the filter lists nothing either.
      requireAccount(reference.items.length, 1, 'a filter that lists nothing');
      for (const fetchSize of [undefined, 1])
        await crawlLikeReference(
          listing,
          token,
          reference,
          { adsStatus: UNKNOWN_STATUS, fetchSize },
          changing,
        );
    },
  );
});
