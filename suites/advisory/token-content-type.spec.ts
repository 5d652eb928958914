import { test } from '../../fixtures/index.js';
import { advise, advisory } from '../../helpers/assert/advise.js';
import { headerValue, type HttpExchange } from '../../helpers/record/exchange.js';
import { describeExchange } from '../../helpers/report/describe-exchange.js';
import { isJsonUtf8 } from '../../helpers/assert/expect-token.js';

/**
 * 4.2 and 7.2 write the header as `application/json;charset=UTF-8`. RFC 8259 gives the charset
 * parameter no meaning (JSON is UTF-8), so the conformance checks require the media type and this
 * advisory check reports the exact header.
 */
function adviseExactContentType(exchange: HttpExchange, what: string): void {
  const contentType = headerValue(exchange.response.headers, 'content-type');
  advise(
    isJsonUtf8(contentType),
    'spec 4.2 and 7.2 header, RFC 8259 §8.1',
    `${what} with Content-Type: application/json;charset=UTF-8`,
    `Content-Type: ${contentType ?? '(absent)'}`,
    describeExchange(exchange),
  );
}

test.describe('Advisory: the token endpoint’s exact Content-Type', () => {
  test(
    'a successful exchange says application/json;charset=UTF-8',
    advisory('spec 4.2, RFC 8259 §8.1'),
    async ({ client, redeem }) => {
      const exchange = await redeem(client);
      adviseExactContentType(exchange, 'a token response');
    },
  );

  test(
    'a refusal says application/json;charset=UTF-8',
    advisory('spec 7.2, RFC 8259 §8.1'),
    async ({ client, tokenEndpoint }) => {
      const exchange = await tokenEndpoint.redeem({
        code: 'not-a-code-at-all',
        redirectUri: client.redirectUris[0] as string,
        clientId: client.clientId,
        clientSecret: client.clientSecret,
      });
      adviseExactContentType(exchange, 'a token error');
    },
  );
});
