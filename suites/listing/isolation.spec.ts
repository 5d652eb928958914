import { NEEDS_SECOND_USER, orSkip, test } from '../../fixtures/index.js';
import { covers } from '../../helpers/assert/covers.js';
import { parseJsonBody, type HttpExchange } from '../../helpers/record/exchange.js';
import type { SeededAd } from '../../helpers/clients/control-client.js';
import type { ListingClient } from '../../helpers/clients/listing-client.js';
import type { AdItem } from '../../helpers/assert/expect-listing.js';
import { ACCOUNT_PAGE_BOUND } from '../../helpers/assert/account-listing.js';
import { crawl } from '../../helpers/assert/crawler.js';
import { schemaViolations } from '../../helpers/assert/schemas.js';
import { SetUpError } from '../../helpers/assert/set-up.js';
import { verify } from '../../helpers/assert/verify.js';

/** Ads whose ids say whose they are, so that a page shows at once whose ads it lists. */
function adsOf(owner: string, count: number): SeededAd[] {
  return Array.from({ length: count }, (_, index) => ({ id: `${owner}-${index}`, status: 'active' }));
}

/** An ad as one user's alone: its marketplace id when it has one (integrators' ids may repeat across users). */
const keyOf = (ad: AdItem): string => (ad.list_id === undefined ? `id ${ad.id}` : `list_id ${ad.list_id}`);

/** The ads of a listing page, or none when the answer is no page (a refusal). */
function pageAds(exchange: HttpExchange): AdItem[] {
  const body = parseJsonBody(exchange);
  if (exchange.response.status !== 200 || schemaViolations('listing-page', body).length > 0) return [];
  return (body as { data: AdItem[] }).data;
}

/** Set-up: every ad a user lists (what a leak would show), asserting nothing the crawl tests check. */
async function keysOf(listing: ListingClient, token: string): Promise<Set<string>> {
  const result = await crawl(listing, token, {
    maxPages: ACCOUNT_PAGE_BOUND,
    deferBound: true,
    stopAtEmptyPage: true,
  });
  return new Set(result.items.map(keyOf));
}

test.describe('5 rule 3 Ad listing: a page token is no key to another user’s ads', () => {
  test(
    'a page token of one user presented with another user’s access token lists none of the first user’s ads',
    covers('R5-06', 'R4.4-02'),
    async ({ control, client, user, secondUser, issueToken, listing }) => {
      // Fresh users with ads seeded through the helpers, or the account's two users as they are.
      const other = orSkip(secondUser, NEEDS_SECOND_USER);
      if (control !== null) {
        await control.seedAds(user.login, adsOf('first', 3));
        await control.seedAds(other.login, adsOf('second', 1));
      }
      // One client for both users: only the user differs between the two tokens.
      const firstToken = await issueToken(client, { scope: 'autoupload', user });
      const secondToken = await issueToken(client, { scope: 'autoupload', user: other });
      const firstPage = parseJsonBody(await listing.page(firstToken, { fetchSize: 1 })) as {
        next_token?: unknown;
      } | null;
      const pageToken = firstPage?.next_token;
      test.skip(
        control === null && typeof pageToken !== 'string',
        'needs TARGET_USER_LOGIN to hold at least two ads (a first page of one ad with a next_token)',
      );
      if (typeof pageToken !== 'string')
        throw new SetUpError('the first user’s first page of one ad carries no next_token');
      const exchange = await listing.page(secondToken, { pageToken, fetchSize: 1 });
      const [firstAds, secondAds] = [await keysOf(listing, firstToken), await keysOf(listing, secondToken)];
      // Refused (whatever the error), or a page of the second user's own ads (or none): never the first's.
      const leaked = pageAds(exchange)
        .map(keyOf)
        .filter((key) => firstAds.has(key) && !secondAds.has(key));
      verify(
        leaked.length === 0,
        ['R5-06', 'R4.4-02'],
        'a refusal, or a page of the second user’s own ads (or an empty one)',
        `HTTP ${exchange.response.status} listing the first user’s ads ${leaked.join(', ')}`,
        exchange,
      );
    },
  );
});
