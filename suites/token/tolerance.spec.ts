import { test } from '../../fixtures/index.js';
import { covers } from '../../helpers/assert/covers.js';
import { parseJsonBody, type HttpExchange } from '../../helpers/record/exchange.js';
import { expectTokenError, expectTokenSuccess } from '../../helpers/assert/expect-token.js';
import { verify } from '../../helpers/assert/verify.js';

function carriesToken(exchange: HttpExchange): boolean {
  const body = parseJsonBody(exchange);
  return body !== null && typeof body === 'object' && 'access_token' in body;
}

test.describe('3 Authorization code lifecycle: only a successful request consumes the code', () => {
  test(
    'a code survives a request with a wrong client_secret and one with another redirect_uri',
    covers('R3-02'),
    async ({ client, redemption: obtainRedemption, tokenEndpoint }) => {
      const redemption = await obtainRedemption(client);
      const { redirectUri } = redemption;
      // How each failure is refused is for the 7.2 tests; here only that it did not redeem the code.
      for (const [label, failing] of [
        ['a wrong client_secret', { ...redemption, clientSecret: `${client.clientSecret}x` }],
        ['another redirect_uri', { ...redemption, redirectUri: `${redirectUri}/other` }],
      ] as const) {
        const exchange = await tokenEndpoint.redeem(failing);
        verify(!carriesToken(exchange), {
          expected: `no token for ${label}`,
          observed: `HTTP ${exchange.response.status} with an access token`,
          evidence: exchange,
        });
      }
      const exchange = await tokenEndpoint.redeem(redemption);
      verify(exchange.response.status === 200 && carriesToken(exchange), {
        expected: 'the code, refused twice for the wrong reasons, is still redeemed by the correct request',
        observed: `HTTP ${exchange.response.status}${carriesToken(exchange) ? '' : ' without an access token'}`,
        evidence: exchange,
      });
    },
  );
});

test.describe('4.2 Token request: fields it does not define', () => {
  test(
    'an unrecognised form field is ignored (a token) or refused with invalid_request',
    covers('R4.2-11'),
    async ({ client, redeem }) => {
      const exchange = await redeem(client, {
        form: (form) => [...form, ['conformance_unknown_field', 'ignored'], ['nonce', 'n-0S6_WzA2Mj']],
      });
      // RFC 6749 3.2: the server MUST ignore unrecognised parameters; 7.2 lists an unsupported
      // parameter under invalid_request, so a refusal in that form is a defensible answer too.
      if (exchange.response.status === 200) expectTokenSuccess(exchange, ['R4.2-11']);
      else expectTokenError(exchange, 'invalid_request');
    },
  );
});
