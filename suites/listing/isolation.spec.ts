import { NEEDS_SEEDING, test } from '../../fixtures/index.js';
import { covers } from '../../helpers/assert/covers.js';
import { parseJsonBody, type HttpExchange } from '../../helpers/record/exchange.js';
import type { ControlClient, SeededAd } from '../../helpers/clients/control-client.js';
import { schemaViolations } from '../../helpers/assert/schemas.js';
import { SetUpError } from '../../helpers/assert/set-up.js';
import { verify } from '../../helpers/assert/verify.js';

/** Ads whose ids say whose they are, so that a page shows at once whose ads it lists. */
function adsOf(owner: string, count: number): SeededAd[] {
  return Array.from({ length: count }, (_, index) => ({ id: `${owner}-${index}`, status: 'active' }));
}

/** The ids of a listing page's items, or undefined when the answer is no page (a refusal). */
function pageIds(exchange: HttpExchange): string[] | undefined {
  const body = parseJsonBody(exchange);
  if (exchange.response.status !== 200 || schemaViolations('listing-page', body).length > 0) return undefined;
  return (body as { data: { id: string }[] }).data.map((item) => item.id);
}

test.describe('5 rule 3 Ad listing: a page token is no key to another user’s ads', () => {
  test(
    'a page token of one user presented with another user’s access token lists none of the first user’s ads',
    covers('R5-06', 'R4.4-02'),
    async ({ control, newClient, newUser, issueToken, listing }) => {
      test.skip(control === null, NEEDS_SEEDING);
      const seeding = control as ControlClient;
      // One client for both users: only the user differs between the two tokens.
      const client = await newClient(1);
      // Fresh users: the ids seeded for each are theirs alone.
      const [first, second] = [await newUser(), await newUser()];
      await seeding.seedAds(first.login, adsOf('first', 3));
      await seeding.seedAds(second.login, adsOf('second', 1));
      const firstToken = await issueToken(client, { scope: 'autoupload', user: first });
      const secondToken = await issueToken(client, { scope: 'autoupload', user: second });
      const firstPage = parseJsonBody(await listing.page(firstToken, { fetchSize: 1 })) as {
        next_token?: unknown;
      } | null;
      const pageToken = firstPage?.next_token;
      if (typeof pageToken !== 'string')
        throw new SetUpError('the first user’s first page of one ad carries no next_token');
      const exchange = await listing.page(secondToken, { pageToken, fetchSize: 1 });
      // Refused (whatever the error), or a page of the second user's own ads (or none): never the first's.
      const leaked = (pageIds(exchange) ?? []).filter((id) => id.startsWith('first-'));
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
