import fc from 'fast-check';
import { NEEDS_SEEDING, test } from '../../fixtures/index.js';
import { SECTION_3_STATUSES as SECTION_3 } from '../../spec/ad-status.js';
import { MAX_PAGE_SIZE } from '../../spec/limits.js';
import { asCase, covers, onPath } from '../../helpers/assert/covers.js';
import type { ControlClient, SeededAd } from '../../helpers/clients/control-client.js';
import type { ListingClient } from '../../helpers/clients/listing-client.js';
import { whileAccountHeld } from '../../helpers/clients/account-lock.js';
import { crawl, effectivePageSize, pageBound } from '../../helpers/assert/crawler.js';
import { expectListingPage, type AdItem } from '../../helpers/assert/expect-listing.js';
import {
  checkCrawl,
  CRAWL_REQUIREMENTS,
  crawlAndCheck,
  expectedFor,
} from '../../helpers/assert/listing-invariants.js';
import { assertProperty } from '../../helpers/assert/property.js';
import { ACCOUNT_PAGE_BOUND, needing, requireAccount } from '../../helpers/assert/account-listing.js';
import { verify } from '../../helpers/assert/verify.js';
import { settings } from '../../config/environment.js';
import { patient } from '../../helpers/target/patience.js';

/** Values a growing status set may bring (section 3), taken from the production field notes. */
const UNKNOWN = ['sold', 'expired_reviewed', 'pending_pay', 'published_pending_review'] as const;
const MAX_ADS = settings().FC_MAX_ADS;

const statusArb = fc.constantFrom<string>(...SECTION_3, ...UNKNOWN);
const adShapeArb = fc.record({ status: statusArb, published: fc.boolean() });
const adSetArb = fc
  .oneof(
    { arbitrary: fc.array(adShapeArb, { maxLength: 30 }), weight: 3 },
    { arbitrary: fc.array(adShapeArb, { maxLength: MAX_ADS, size: 'max' }), weight: 1 },
  )
  .map((shapes): SeededAd[] =>
    shapes.map((shape, index) => ({
      id: `ad-${index}-ç/+`,
      status: shape.status,
      ...(shape.published ? { list_id: String(900000 + index) } : {}),
    })),
  );
const fetchSizeArb = fc.oneof(
  { arbitrary: fc.integer({ min: 1, max: MAX_PAGE_SIZE }), weight: 6 },
  { arbitrary: fc.integer({ min: MAX_PAGE_SIZE + 1, max: 1000 }), weight: 1 },
  { arbitrary: fc.constant(undefined), weight: 1 },
);
const filterArb = fc.option(statusArb, { nil: undefined });
/**
 * Each step of a shrink seeds the account again and crawls it, up to 3,000 pages at fetch_size 1:
 * a failure costs this much more than its first counterexample, and a fifth of a minute of
 * production's 5,000 requests at most. A crawl that lost or repeated ads is reported as found.
 */
const SHRINK_BUDGET = { seconds: 15, requests: 1_000 };

/** Section 3: an ad whose status is not one of the four is listed, with its status as seeded. */
function expectUnknownStatusesListed(items: readonly AdItem[], seeded: readonly SeededAd[]): void {
  const listed = new Map(items.map((item) => [item.id, item.status]));
  const known: readonly string[] = SECTION_3;
  const lost = seeded.filter((ad) => !known.includes(ad.status) && listed.get(ad.id) !== ad.status);
  verify(
    lost.length === 0,
    'R3-01',
    'the ads with statuses outside section 3 listed with their status as seeded',
    lost.map((ad) => `${ad.id}(${ad.status}): ${listed.get(ad.id) ?? 'absent'}`).join(', '),
  );
}

test.describe('4.4 Pagination and filters (property-based)', () => {
  test(
    'a crawl returns exactly the seeded ads matching the filter, in bounded pages',
    // Its case: the self-test of a property's shrink budget runs it against a fault.
    asCase(
      onPath(
        covers(...CRAWL_REQUIREMENTS, 'R2.5-04', 'R2.5-05', 'R2.5-06', 'R3-01'),
        'ad-state:seeded',
        'page:first',
        'page:middle',
        'page:last',
      ),
      'listing-crawl-property',
    ),
    async ({ newClient, newUser, control, issueToken, listing }) => {
      test.skip(control === null, NEEDS_SEEDING);
      test.setTimeout(patient(240_000));
      const client = await newClient(1);
      const user = await newUser();
      const token = await issueToken(client, { scope: 'autoupload', user });
      const helpers = control as ControlClient;
      // A crawl of 3,000 ads one at a time is thousands of requests a second: not a test of the
      // rate limit (that is 7.3's), so this client gets a limit no crawl can reach.
      await helpers.setRateLimit(client.clientId, 1_000_000, 1);
      await assertProperty(
        'listing crawl',
        fc.asyncProperty(adSetArb, fetchSizeArb, filterArb, async (ads, fetchSize, adsStatus) => {
          await helpers.seedAds(user.login, ads);
          await crawlAndCheck(listing, token, ads, { fetchSize, adsStatus });
        }),
        { runs: 12, shrink: SHRINK_BUDGET },
      );
    },
  );

  test(
    'a known set of 450 mixed ads crawls completely at several page sizes and filters',
    // The crawls share their ids: fault detection runs this one by its case.
    asCase(
      onPath(
        covers(...CRAWL_REQUIREMENTS, 'R4.4-07'),
        'ad-state:seeded',
        'page:first',
        'page:middle',
        'page:last',
      ),
      'mixed-ads-crawl',
    ),
    async ({ seededAccount, listing }) => {
      const statuses = [...SECTION_3, 'sold'];
      const ads: SeededAd[] = Array.from({ length: 450 }, (_, index) => ({
        id: `k${index}`,
        status: statuses[index % statuses.length] as string,
        ...(index % 3 === 0 ? {} : { list_id: String(index) }),
      }));
      const { token } = await seededAccount(ads);
      for (const fetchSize of [7, MAX_PAGE_SIZE, 500, undefined]) {
        for (const adsStatus of [undefined, 'published', 'sold'])
          await crawlAndCheck(listing, token, ads, { fetchSize, adsStatus });
      }
    },
  );

  test(
    `without fetch_size a page holds ${MAX_PAGE_SIZE} items`,
    // The crawls carry these ids too: account-listing's self-test selects the full-page tests by case.
    needing(
      `an account of ${MAX_PAGE_SIZE + 1} ads or more`,
      asCase(covers('R4.4-04', 'R8-03'), 'full-page-default'),
    ),
    async ({ listingAccount, listing }) => {
      const { token, reference } = await listingAccount(
        Array.from({ length: 450 }, (_, index) => ({ id: `d${index}`, status: 'published' })),
      );
      const count = reference.items.length;
      requireAccount(count, MAX_PAGE_SIZE + 1, `a full page of the default ${MAX_PAGE_SIZE}`);
      const exchange = await listing.page(token);
      const page = expectListingPage(exchange);
      verify(page.data.length === effectivePageSize(undefined), {
        expected: `the first page of ${count} ads to hold the default ${MAX_PAGE_SIZE}`,
        observed: `${page.data.length} items`,
        evidence: exchange,
      });
    },
  );

  test(
    `fetch_size ${MAX_PAGE_SIZE}, the maximum, gives a page of ${MAX_PAGE_SIZE} items`,
    needing(
      `an account of ${MAX_PAGE_SIZE + 1} ads or more`,
      asCase(covers('R8-04', 'R4.4-04'), 'full-page-maximum'),
    ),
    async ({ listingAccount, listing }) => {
      const { token, reference } = await listingAccount(
        Array.from({ length: 450 }, (_, index) => ({ id: `m${index}`, status: 'published' })),
      );
      const count = reference.items.length;
      requireAccount(count, MAX_PAGE_SIZE + 1, `a full page at fetch_size ${MAX_PAGE_SIZE}`);
      const exchange = await listing.page(token, { fetchSize: MAX_PAGE_SIZE });
      const page = expectListingPage(exchange, ['R8-04', 'R4.4-04']);
      verify(page.data.length === MAX_PAGE_SIZE, {
        expected: `the first page of ${count} ads at fetch_size ${MAX_PAGE_SIZE} to hold ${MAX_PAGE_SIZE} items`,
        observed: `${page.data.length} items`,
        evidence: exchange,
      });
    },
  );

  test(
    'ids and list_ids made only of digits come back as the same strings',
    covers('R2.5-04', 'R2.5-05', 'R4.4-07'),
    async ({ seededAccount, listing }) => {
      const ads: SeededAd[] = [
        { id: '00123', status: 'published', list_id: '0456' },
        { id: '42', status: 'pending_review' },
        { id: '9007199254740993', status: 'deleted', list_id: '9007199254740995' },
      ];
      const { token } = await seededAccount(ads);
      checkCrawl((await crawl(listing, token, { maxPages: 2 })).items, ads, undefined);
    },
  );

  test(
    'unknown status values are listed and filtered like any other',
    covers('R3-01', 'R4.4-05'),
    async ({ seededAccount, listing }) => {
      const ads: SeededAd[] = [
        { id: 'u1', status: 'sold' },
        { id: 'u2', status: 'published', list_id: '77' },
        { id: 'u3', status: 'a_status_from_the_future' },
      ];
      const { token } = await seededAccount(ads, 'basic_user_info');
      const all = (await crawl(listing, token, { maxPages: 2 })).items;
      expectUnknownStatusesListed(all, ads);
      checkCrawl(all, ads, undefined);
      const future = (await crawl(listing, token, { adsStatus: 'a_status_from_the_future', maxPages: 2 }))
        .items;
      expectUnknownStatusesListed(future, expectedFor(ads, 'a_status_from_the_future'));
      checkCrawl(future, expectedFor(ads, 'a_status_from_the_future'), 'a_status_from_the_future');
    },
  );
});

test.describe('4.4 Pagination over existing ads (no set-up needed)', () => {
  test(
    'the union of per-status crawls equals the unfiltered crawl, without duplicates',
    onPath(covers('R4.4-02', 'R4.4-05', 'R4.4-06', 'R2.5-01'), 'ad-state:seeded'),
    async ({ client, user, control, issueToken, listing }) => {
      test.setTimeout(patient(240_000));
      if (control !== null) {
        const statuses = [...SECTION_3, 'sold'];
        await control.seedAds(
          user.login,
          Array.from({ length: 321 }, (_, index) => ({
            id: `e${index}`,
            status: statuses[index % 5] as string,
          })),
        );
      }
      const token = await issueToken(client, { scope: 'autoupload' });
      // On a shared account, no other test changes a status between these crawls (account-lock.ts).
      await whileAccountHeld(() => unionOfStatuses(listing, token, control !== null));
    },
  );
});

/** The unfiltered crawl, and the crawls of each status it shows, which must add up to it. */
async function unionOfStatuses(listing: ListingClient, token: string, seeded: boolean): Promise<void> {
  // Without helpers the size of the account is unknown: the bound is generous, not absent.
  const all = await crawl(listing, token, { maxPages: ACCOUNT_PAGE_BOUND });
  const ids = all.items.map((item) => item.id);
  const idSet = new Set(ids);
  verify(
    idSet.size === ids.length,
    'R4.4-02',
    'every ad once in the unfiltered crawl',
    `${ids.length - idSet.size} duplicates`,
  );
  const statuses = new Set(all.items.map((item) => item.status));
  // With one status the union is the filter of it: the seeded account has five.
  if (!seeded) requireAccount(statuses.size, 2, 'a union of filtered crawls', 'statuses');
  const union: string[] = [];
  for (const status of statuses) {
    const filtered = await crawl(listing, token, {
      adsStatus: status,
      maxPages: pageBound(all.items.length, undefined),
    });
    const wrong = filtered.items.filter((item) => item.status !== status);
    verify(
      wrong.length === 0,
      'R4.4-05',
      `only ads with status ${status}`,
      `${wrong.length} others, e.g. ${wrong[0]?.id ?? ''}`,
    );
    union.push(...filtered.items.map((item) => item.id));
  }
  verify(
    union.length === ids.length && new Set(union).size === idSet.size && union.every((id) => idSet.has(id)),
    ['R4.4-05', 'R4.4-06'],
    `the per-status crawls to add up to the ${ids.length} ads of the unfiltered crawl`,
    `${union.length} ads`,
  );
}
