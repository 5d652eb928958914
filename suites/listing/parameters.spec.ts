import { test } from '../../fixtures/index.js';
import { covers } from '../../helpers/assert/covers.js';
import { parseJsonBody, type HttpExchange } from '../../helpers/record/exchange.js';
import { expectListingPage } from '../../helpers/assert/expect-listing.js';
import type { PageRequest } from '../../helpers/clients/listing-client.js';
import { schemaViolations } from '../../helpers/assert/schemas.js';
import { verify } from '../../helpers/assert/verify.js';

/**
 * 7.3: "On failure the status code is greater than 200 and the body is a JSON object with string
 * fields reason and message". Which reason, and which status above 200, the table does not say
 * for a bad parameter; a server may also ignore the value and answer a page (4.4 is silent).
 */
function expectPageOrListingFailure(exchange: HttpExchange, ids: readonly string[]): void {
  const { status } = exchange.response;
  if (status === 200) {
    expectListingPage(exchange, ids);
    return;
  }
  const body = parseJsonBody(exchange);
  const violations = schemaViolations('listing-error', body);
  verify(
    status > 200 && violations.length === 0,
    ['R7.3-01', ...ids],
    'a page, or a failure above 200 whose body is a JSON object with string fields reason and message',
    `HTTP ${status}, ${body === undefined ? 'a body that is not JSON' : violations.join('; ') || 'a valid body'}`,
    exchange,
  );
}

const BAD_PARAMETERS: ReadonlyArray<readonly [string, PageRequest]> = [
  ['fetch_size 0', { fetchSize: 0 }],
  ['a negative fetch_size', { fetchSize: -5 }],
  ['a fetch_size that is not a number', { fetchSize: 'ten' }],
  ['a page_token this server never issued', { pageToken: 'conformance-not-a-page-token' }],
];

test.describe('7.3 Ad listing: parameters out of range get the listing error format', () => {
  test(
    'fetch_size 0, negative or not a number, and a page_token never issued: a page, or a failure with reason and message',
    covers('R7.3-01', 'R4.4-04'),
    async ({ client, issueToken, listing }) => {
      const token = await issueToken(client, { scope: 'autoupload' });
      for (const [label, request] of BAD_PARAMETERS) {
        await test.step(label, async () => {
          expectPageOrListingFailure(await listing.page(token, request), []);
        });
      }
    },
  );
});
