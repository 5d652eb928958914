import { test } from '../../fixtures/index.js';
import { asCase, covers, onPath } from '../../helpers/assert/covers.js';
import { basicHeader } from '../../helpers/clients/client-authentication.js';
import type { TokenErrorCode } from '../../spec/errors.js';
import type { TestClient } from '../../fixtures/actors.js';
import { headerValue, parseJsonBody } from '../../helpers/record/exchange.js';
import {
  expectTokenError,
  expectTokenHeaders,
  expectTokenRefusal,
  expectTokenSuccess,
} from '../../helpers/assert/expect-token.js';
import { redemptionForm, type Params, type TokenRequestOptions } from '../../helpers/clients/oauth-client.js';
import { verify } from '../../helpers/assert/verify.js';

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
      async ({ client, redeem }) => {
        const exchange = await redeem(client, { form: (form) => form.filter(([name]) => name !== field) });
        expectTokenError(exchange, errors, ['R4.2-03', 'R7.2-05']);
      },
    );
  }

  test(
    'a repeated parameter is refused with invalid_request',
    covers('R7.2-05'),
    async ({ client, redeem }) => {
      const exchange = await redeem(client, { form: (form, { code }) => [...form, ['code', code]] });
      expectTokenError(exchange, 'invalid_request');
    },
  );

  test(
    'credentials in both the Authorization header and the body are refused with invalid_request',
    covers('R7.2-05'),
    async ({ client, redeem }) => {
      const exchange = await redeem(client, {
        request: { headers: { authorization: basicHeader(client.clientId, client.clientSecret) } },
      });
      expectTokenError(exchange, 'invalid_request');
    },
  );

  test(
    'a JSON body instead of a form is refused with invalid_request (or HTTP 415)',
    covers('R4.2-02', 'R7.2-05'),
    async ({ client, redemption, tokenEndpoint }) => {
      const json = JSON.stringify(Object.fromEntries(redemptionForm(await redemption(client))));
      // 415 is the same refusal from the layer that reads bodies.
      expectTokenRefusal(
        await tokenEndpoint.send({ rawBody: json, contentType: 'application/json' }),
        'invalid_request',
        ['R4.2-02', 'R7.2-05'],
        [415],
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
        ...credentialsOf(client),
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
    'an empty body is refused with invalid_request or invalid_client',
    covers('R7.2-05', 'R4.2-10'),
    async ({ tokenEndpoint }) => {
      // A server that authenticates the client first finds no credentials: invalid_client.
      expectTokenError(
        await tokenEndpoint.send({ rawBody: '' }),
        ['invalid_request', 'invalid_client'],
        'R7.2-05',
      );
    },
  );

  test(
    'a huge parameter value is refused in the token error format (or HTTP 413)',
    covers('R7.2-05', 'R7.2-01'),
    async ({ client, tokenEndpoint }) => {
      const form = redemptionForm({
        code: 'x'.repeat(200_000),
        redirectUri: client.redirectUris[0] as string,
        ...credentialsOf(client),
      });
      // 413 is the same refusal from the layer that limits bodies.
      expectTokenRefusal(
        await tokenEndpoint.send({ form }),
        ['invalid_request', 'invalid_grant'],
        'R7.2-05',
        [413],
      );
    },
  );
});

test.describe('7.2 Token endpoint: client authentication', () => {
  test(
    'a wrong client_secret is refused with invalid_client',
    asCase(onPath(covers('R7.2-06'), 'client-auth:body'), 'wrong-client-secret'),
    async ({ client, redeem }) => {
      const exchange = await redeem(client, { fields: { clientSecret: `${client.clientSecret}x` } });
      expectTokenError(exchange, 'invalid_client');
    },
  );

  test(
    'an unknown client_id is refused with invalid_client',
    onPath(covers('R7.2-06'), 'client-auth:body'),
    async ({ client, redeem }) => {
      const exchange = await redeem(client, { fields: { clientId: `${client.clientId}-unknown` } });
      expectTokenError(exchange, 'invalid_client');
    },
  );

  test(
    'client_secret in the query string instead of the body is refused',
    // Its siblings under R5-08 send no secret in a URL: the secret scan's slice selects this one.
    asCase(covers('R5-08'), 'secret-in-query'),
    async ({ client, redeem }) => {
      const exchange = await redeem(client, {
        form: withoutSecret,
        request: { query: [['client_secret', client.clientSecret]] },
      });
      expectTokenError(exchange, ['invalid_request', 'invalid_client']);
    },
  );

  test(
    'client credentials in an HTTP Basic header (RFC 6749 2.3.1) yield a token or a 7.2 refusal',
    covers('R5-08', 'R7.2-01'),
    async ({ client, redeem }) => {
      // RFC 6749 2.3.1: a server MUST support Basic for clients with a password; the spec's
      // "only to the token endpoint, over HTTPS POST" holds for a header on that POST too.
      const exchange = await redeem(client, {
        form: withoutSecret,
        request: { headers: { authorization: basicHeader(client.clientId, client.clientSecret) } },
      });
      if (exchange.response.status === 200) expectTokenSuccess(exchange, ['R5-08']);
      else expectTokenError(exchange, ['invalid_request', 'invalid_client'], 'R5-08');
    },
  );

  for (const [wrong, credentialsOf] of [
    ['a wrong secret', (client: TestClient) => [client.clientId, `${client.clientSecret}x`] as const],
    [
      'an unknown client id',
      (client: TestClient) => [`${client.clientId}-unknown`, client.clientSecret] as const,
    ],
  ] as const)
    test(
      `HTTP Basic credentials with ${wrong} are refused with invalid_client, on a target that accepts Basic`,
      onPath(covers('R7.2-06'), 'client-auth:basic'),
      async ({ client, redeem, basicUnobservable }) => {
        const unobservable = await basicUnobservable(client);
        test.skip(unobservable !== null, unobservable ?? '');
        const [clientId, secret] = credentialsOf(client);
        // The body names the same client as the header: only the credentials are wrong.
        const exchange = await redeem(client, {
          fields: { clientId },
          form: withoutSecret,
          request: { headers: { authorization: basicHeader(clientId, secret) } },
        });
        expectTokenError(exchange, 'invalid_client');
      },
    );

  test(
    'HTTP Basic credentials with a wrong secret never yield a token',
    covers('R7.2-06', 'R7.2-01'),
    async ({ client, redeem }) => {
      const exchange = await redeem(client, {
        form: withoutSecret,
        request: { headers: { authorization: basicHeader(client.clientId, `${client.clientSecret}x`) } },
      });
      // A server without Basic may instead miss the body's client_secret: invalid_request.
      expectTokenError(exchange, ['invalid_client', 'invalid_request'], 'R7.2-06');
    },
  );

  test(
    'a GET with the credentials in the URL never yields a token',
    covers('R4.2-01', 'R5-08'),
    async ({ client, redemption, tokenEndpoint }) => {
      const query = redemptionForm(await redemption(client));
      const exchange = await tokenEndpoint.send({ method: 'GET', query, contentType: null });
      // Any answer but a token: an error, a 405, a redirect carrying an error (the spec names no status).
      const body = parseJsonBody(exchange);
      const inBody = body !== null && typeof body === 'object' && 'access_token' in body;
      const location = headerValue(exchange.response.headers, 'location') ?? '';
      const inLocation = /[?#&]access_token=/.test(location);
      verify(!inBody && !inLocation, {
        expected:
          'no access token: the token endpoint is POST, and the client secret goes only to it over POST',
        observed: `HTTP ${exchange.response.status} with an access token ${inBody ? 'in the body' : 'in the Location'}`,
        evidence: exchange,
      });
    },
  );
});

function withoutSecret(form: Params): Params {
  return form.filter(([name]) => name !== 'client_secret');
}

/** The client's own credentials, as a redemption carries them. */
function credentialsOf(client: TestClient): { clientId: string; clientSecret: string } {
  return { clientId: client.clientId, clientSecret: client.clientSecret };
}

test.describe('7.2 Token endpoint: grant type', () => {
  for (const [grantType, errors] of [
    ['urn:conformance:unknown-grant', ['unsupported_grant_type']],
    ['password', ['unsupported_grant_type', 'unauthorized_client']],
  ] as const) {
    test(
      `grant_type=${grantType} is refused with ${errors.join(' or ')}`,
      covers('R4.2-05', 'R7.2-09'),
      async ({ client, redeem }) => {
        const exchange = await redeem(client, {
          form: (form) =>
            form.map(([name, value]) => [name, name === 'grant_type' ? grantType : value] as const),
        });
        expectTokenError(exchange, errors);
      },
    );
  }
});
