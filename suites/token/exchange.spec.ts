import { test } from '../../fixtures/index.js';
import { asCase, covers, onPath } from '../../helpers/assert/covers.js';
import { expectTokenHeaders, expectTokenSuccess } from '../../helpers/assert/expect-token.js';
import { probeConnection } from '../../helpers/clients/connection-probe.js';
import { verify } from '../../helpers/assert/verify.js';
import type { HttpExchange } from '../../helpers/record/exchange.js';

/** A Bearer token issued (R5-03) to a registered secret (R2.1-02), non-empty (R2.3-01), with the three headers. */
function expectTokenIssued(exchange: HttpExchange): void {
  const token = expectTokenSuccess(exchange, ['R5-03', 'R2.1-02']);
  expectTokenHeaders(exchange, 'success');
  verify(
    token.accessToken.length > 0,
    'R2.3-01',
    'a non-empty access_token',
    'an empty access_token',
    exchange,
  );
}

test.describe('4.2 Exchange code for access token: success', () => {
  test(
    'the code is exchanged for a Bearer token with the three headers',
    onPath(
      covers(
        'R4.2-06',
        'R4.2-07',
        'R4.2-08',
        'R4.2-09',
        'R2.3-01',
        'R2.3-02',
        'R5-03',
        'R2.1-02',
        'R4.2-03',
        'R4.2-05',
      ),
      'client-auth:body',
    ),
    async ({ client, redeem }) => {
      const exchange = await redeem(client);
      expectTokenIssued(exchange);
    },
  );

  test(
    'the code is exchanged for a Bearer token with the three headers, the client authenticated with HTTP Basic',
    onPath(
      covers('R4.2-06', 'R4.2-07', 'R4.2-08', 'R4.2-09', 'R2.3-01', 'R2.3-02', 'R5-03', 'R2.1-02', 'R4.2-05'),
      'client-auth:basic',
    ),
    async ({ client, redeem, basicUnobservable }) => {
      const unobservable = await basicUnobservable(client);
      test.skip(unobservable !== null, unobservable ?? '');
      const exchange = await redeem(client, { authentication: 'basic' });
      expectTokenIssued(exchange);
    },
  );

  test(
    'the token endpoint is served over HTTPS: the connection is TLS and does not redirect to plain http',
    asCase(covers('R4.2-01', 'R5-08'), 'token-endpoint-https'),
    async ({ tokenEndpoint, target }) => {
      const ids = ['R4.2-01', 'R5-08'];
      const probe = await probeConnection(tokenEndpoint.url, target.caFile);
      verify(
        probe.encrypted,
        ids,
        'the answer of POST /oauth/token to come over a TLS connection',
        `a plain connection to ${tokenEndpoint.url}`,
      );
      const location = probe.location === undefined ? undefined : new URL(probe.location, tokenEndpoint.url);
      verify(
        location === undefined || location.protocol === 'https:',
        ids,
        'no redirect away from HTTPS (a client that followed it would send the secret in clear)',
        `HTTP ${probe.status} to ${location?.origin ?? ''}${location?.pathname ?? ''} (${probe.protocol ?? 'plain'})`,
      );
    },
  );

  test(
    'a code obtained with several scopes is exchanged the same way',
    covers('R4.2-06', 'R4.1-07'),
    async ({ client, redeem }) => {
      expectTokenSuccess(await redeem(client, { obtain: { scope: 'autoupload basic_user_info' } }));
    },
  );
});
