import { test } from '../../fixtures/index.js';
import { covers } from '../../helpers/covers.js';
import type { TokenErrorCode } from '../../helpers/errors.js';
import { parseJsonBody } from '../../helpers/exchange.js';
import { expectTokenError, expectTokenHeaders } from '../../helpers/expect-token.js';
import { redemptionForm, type Params, type TokenRequestOptions } from '../../helpers/oauth-client.js';
import { verify } from '../../helpers/verify.js';

test.describe('7.2 Token endpoint: missing and malformed requests', () => {
  const omissions: ReadonlyArray<readonly [string, readonly TokenErrorCode[]]> = [
    ['code', ['invalid_request']],
    ['client_id', ['invalid_request', 'invalid_client']],
    ['client_secret', ['invalid_request', 'invalid_client']],
    ['redirect_uri', ['invalid_request', 'invalid_grant']],
    ['grant_type', ['invalid_request']],
  ];
  for (const [field, errors] of omissions) {
    test(
      `a request without ${field} is refused with ${errors.join(' or ')}`,
      covers('R4.2-03', 'R7.2-05', 'R4.2-10'),
      async ({ client, obtainCode, tokenEndpoint }) => {
        const { code, redirectUri } = await obtainCode(client);
        const form = redemptionForm({
          code,
          redirectUri,
          clientId: client.clientId,
          clientSecret: client.clientSecret,
        }).filter(([name]) => name !== field);
        expectTokenError(await tokenEndpoint.send({ form }), errors, ['R4.2-03', 'R7.2-05']);
      },
    );
  }

  test(
    'a repeated parameter is refused with invalid_request',
    covers('R7.2-05'),
    async ({ client, obtainCode, tokenEndpoint }) => {
      const { code, redirectUri } = await obtainCode(client);
      const form: Params = [
        ...redemptionForm({
          code,
          redirectUri,
          clientId: client.clientId,
          clientSecret: client.clientSecret,
        }),
        ['code', code],
      ];
      expectTokenError(await tokenEndpoint.send({ form }), 'invalid_request', 'R7.2-05');
    },
  );

  test(
    'credentials in both the Authorization header and the body are refused with invalid_request',
    covers('R7.2-05'),
    async ({ client, obtainCode, tokenEndpoint }) => {
      const { code, redirectUri } = await obtainCode(client);
      const form = redemptionForm({
        code,
        redirectUri,
        clientId: client.clientId,
        clientSecret: client.clientSecret,
      });
      const basic = Buffer.from(
        `${encodeURIComponent(client.clientId)}:${encodeURIComponent(client.clientSecret)}`,
      ).toString('base64');
      expectTokenError(
        await tokenEndpoint.send({ form, headers: { authorization: `Basic ${basic}` } }),
        'invalid_request',
        'R7.2-05',
      );
    },
  );

  test(
    'a JSON body instead of a form is refused with invalid_request',
    covers('R4.2-02', 'R7.2-05'),
    async ({ client, obtainCode, tokenEndpoint }) => {
      const { code, redirectUri } = await obtainCode(client);
      const json = JSON.stringify(
        Object.fromEntries(
          redemptionForm({ code, redirectUri, clientId: client.clientId, clientSecret: client.clientSecret }),
        ),
      );
      expectTokenError(
        await tokenEndpoint.send({ rawBody: json, contentType: 'application/json' }),
        'invalid_request',
        ['R4.2-02', 'R7.2-05'],
      );
    },
  );

  test(
    'every refusal carries Content-Type, Cache-Control and Pragma',
    covers('R7.2-02', 'R7.2-03', 'R7.2-04'),
    async ({ client, tokenEndpoint }) => {
      // The only test of the refusal headers (one deviation, one red test): a refusal of each
      // kind a request without a code can provoke, so a header missing from one kind shows here.
      const redemption = {
        code: 'not-a-code-at-all',
        redirectUri: client.redirectUris[0] as string,
        clientId: client.clientId,
        clientSecret: client.clientSecret,
      };
      const refusals: ReadonlyArray<readonly [string, TokenRequestOptions]> = [
        ['an unknown code', { form: redemptionForm(redemption) }],
        ['a wrong client_secret', { form: redemptionForm({ ...redemption, clientSecret: 'wrong' }) }],
        [
          'an unknown grant_type',
          {
            form: redemptionForm(redemption).map(
              ([name, value]) => [name, name === 'grant_type' ? 'urn:conformance:unknown' : value] as const,
            ),
          },
        ],
        ['an empty body', { rawBody: '' }],
      ];
      for (const [label, request] of refusals) {
        await test.step(label, async () => {
          const exchange = await tokenEndpoint.send(request);
          // Whether it is refused, and how, is for the other tests: here, only the headers.
          expectTokenHeaders(exchange, exchange.response.status === 200 ? 'success' : 'failure');
        });
      }
    },
  );

  test(
    'an empty body is refused with invalid_request',
    covers('R7.2-05', 'R4.2-10'),
    async ({ tokenEndpoint }) => {
      expectTokenError(await tokenEndpoint.send({ rawBody: '' }), 'invalid_request', 'R7.2-05');
    },
  );

  test(
    'a huge parameter value is refused in the token error format',
    covers('R7.2-05', 'R7.2-01'),
    async ({ client, tokenEndpoint }) => {
      const form = redemptionForm({
        code: 'x'.repeat(200_000),
        redirectUri: client.redirectUris[0] as string,
        clientId: client.clientId,
        clientSecret: client.clientSecret,
      });
      expectTokenError(await tokenEndpoint.send({ form }), ['invalid_request', 'invalid_grant'], 'R7.2-05');
    },
  );
});

test.describe('7.2 Token endpoint: client authentication', () => {
  test(
    'a wrong client_secret is refused with invalid_client',
    covers('R7.2-06'),
    async ({ client, obtainCode, tokenEndpoint }) => {
      const { code, redirectUri } = await obtainCode(client);
      const exchange = await tokenEndpoint.redeem({
        code,
        redirectUri,
        clientId: client.clientId,
        clientSecret: `${client.clientSecret}x`,
      });
      expectTokenError(exchange, 'invalid_client', 'R7.2-06');
    },
  );

  test(
    'an unknown client_id is refused with invalid_client',
    covers('R7.2-06'),
    async ({ client, obtainCode, tokenEndpoint }) => {
      const { code, redirectUri } = await obtainCode(client);
      const exchange = await tokenEndpoint.redeem({
        code,
        redirectUri,
        clientId: `${client.clientId}-unknown`,
        clientSecret: client.clientSecret,
      });
      expectTokenError(exchange, 'invalid_client', 'R7.2-06');
    },
  );

  test(
    'client_secret in the query string instead of the body is refused',
    covers('R5-08'),
    async ({ client, obtainCode, tokenEndpoint }) => {
      const { code, redirectUri } = await obtainCode(client);
      const form = redemptionForm({
        code,
        redirectUri,
        clientId: client.clientId,
        clientSecret: client.clientSecret,
      }).filter(([name]) => name !== 'client_secret');
      const exchange = await tokenEndpoint.send({ form, query: [['client_secret', client.clientSecret]] });
      expectTokenError(exchange, ['invalid_request', 'invalid_client'], 'R5-08');
    },
  );

  test(
    'client_secret in an Authorization header instead of the body is refused',
    covers('R5-08'),
    async ({ client, obtainCode, tokenEndpoint }) => {
      const { code, redirectUri } = await obtainCode(client);
      const form = redemptionForm({
        code,
        redirectUri,
        clientId: client.clientId,
        clientSecret: client.clientSecret,
      }).filter(([name]) => name !== 'client_secret');
      const basic = Buffer.from(
        `${encodeURIComponent(client.clientId)}:${encodeURIComponent(client.clientSecret)}`,
      ).toString('base64');
      expectTokenError(
        await tokenEndpoint.send({ form, headers: { authorization: `Basic ${basic}` } }),
        ['invalid_request', 'invalid_client'],
        'R5-08',
      );
    },
  );

  test(
    'a GET with the credentials in the URL never yields a token',
    covers('R4.2-01', 'R5-08'),
    async ({ client, obtainCode, tokenEndpoint }) => {
      const { code, redirectUri } = await obtainCode(client);
      const query = redemptionForm({
        code,
        redirectUri,
        clientId: client.clientId,
        clientSecret: client.clientSecret,
      });
      const exchange = await tokenEndpoint.send({ method: 'GET', query, contentType: null });
      const body = parseJsonBody(exchange);
      const issued = body !== null && typeof body === 'object' && 'access_token' in body;
      verify(
        exchange.response.status >= 400 && !issued,
        ['R4.2-01', 'R5-08'],
        'a refusal: the token endpoint is POST, and the client secret is accepted only in its body',
        `HTTP ${exchange.response.status}${issued ? ' with an access token' : ''}`,
        exchange,
      );
    },
  );
});

test.describe('7.2 Token endpoint: grant type', () => {
  for (const [grantType, errors] of [
    ['urn:conformance:unknown-grant', ['unsupported_grant_type']],
    ['password', ['unsupported_grant_type', 'unauthorized_client']],
  ] as const) {
    test(
      `grant_type=${grantType} is refused with ${errors.join(' or ')}`,
      covers('R4.2-05', 'R7.2-09'),
      async ({ client, obtainCode, tokenEndpoint }) => {
        const { code, redirectUri } = await obtainCode(client);
        const form = redemptionForm({
          code,
          redirectUri,
          clientId: client.clientId,
          clientSecret: client.clientSecret,
        }).map(([name, value]) => [name, name === 'grant_type' ? grantType : value] as const);
        expectTokenError(await tokenEndpoint.send({ form }), errors, ['R4.2-05', 'R7.2-09']);
      },
    );
  }
});
