import { NEEDS_SECOND_CLIENT, orSkip, test } from '../../fixtures/index.js';
import { asCase, covers, onPath } from '../../helpers/assert/covers.js';
import {
  authenticatedRequest,
  CLIENT_AUTHENTICATIONS,
  type ClientAuthentication,
} from '../../helpers/clients/client-authentication.js';
import { redemptionForm } from '../../helpers/clients/oauth-client.js';
import { expectTokenError, expectTokenSuccess } from '../../helpers/assert/expect-token.js';
import { verify } from '../../helpers/assert/verify.js';
import { CODE_LIFETIME_MS } from '../../spec/limits.js';
import { REDIRECT_URI_NEAR_MISSES } from '../../helpers/target/redirect-near-misses.js';

const LIFETIME_S = CODE_LIFETIME_MS / 1000;
/** Margins on each side of the lifetime: wide enough for the seconds a test takes, no wider. */
const JUST_BEFORE = LIFETIME_S - 30;
const JUST_AFTER = LIFETIME_S + 1;
/** Without the clock, the slow project (code-lifetime.slow.spec.ts) waits the lifetime out instead. */
const NEEDS_CLOCK =
  "needs the test helpers' clock (SANDBOX_CONTROL_KEY); without it, CONFORMANCE_SLOW=1 checks the same lifetime in real time (the slow project)";

test.describe('2.2 Authorization code: single use', () => {
  test(
    'a code redeemed once is refused the second time with invalid_grant',
    onPath(covers('R2.2-03', 'R8-02', 'R7.2-07'), 'client-auth:body'),
    async ({ client, redemption: obtainRedemption, tokenEndpoint }) => {
      const redemption = await obtainRedemption(client);
      expectTokenSuccess(await tokenEndpoint.redeem(redemption));
      expectTokenError(await tokenEndpoint.redeem(redemption), 'invalid_grant');
    },
  );

  test(
    `a code redeemed once is refused the second time with invalid_grant${viaBasic('basic')}`,
    onPath(covers('R2.2-03', 'R8-02', 'R7.2-07'), 'client-auth:basic'),
    async ({ client, redemption: obtainRedemption, tokenEndpoint, basicUnobservable }) => {
      skipUnlessBasic(await basicUnobservable(client));
      const redemption = await obtainRedemption(client);
      // Redeemed in the body, then again with Basic: a server that marks codes used on one path only lets it through.
      expectTokenSuccess(await tokenEndpoint.redeem(redemption));
      const sent = authenticatedRequest('basic', redemptionForm(redemption), redemption);
      expectTokenError(await tokenEndpoint.send({ form: sent.form, headers: sent.headers }), 'invalid_grant');
    },
  );

  test(
    'two parallel redemptions of one code yield exactly one token',
    asCase(covers('R2.2-03', 'R8-02'), 'parallel-redemptions'),
    async ({ client, redemption: obtainRedemption, tokenEndpoint }) => {
      const redemption = await obtainRedemption(client);
      const exchanges = await Promise.all([
        tokenEndpoint.redeem(redemption),
        tokenEndpoint.redeem(redemption),
      ]);
      const successes = exchanges.filter((exchange) => exchange.response.status === 200);
      verify(successes.length === 1, {
        expected: 'exactly one of two concurrent redemptions to succeed',
        observed: `${successes.length} succeeded`,
        evidence: exchanges
          .map((exchange) => `HTTP ${exchange.response.status}: ${exchange.response.body.slice(0, 200)}`)
          .join('\n'),
      });
      const refused = exchanges.find((exchange) => exchange.response.status !== 200);
      if (refused !== undefined) expectTokenError(refused, 'invalid_grant', ['R2.2-03', 'R7.2-07']);
    },
  );

  test(
    'an invented code is refused with invalid_grant',
    asCase(covers('R7.2-07'), 'invented-code'),
    async ({ client, tokenEndpoint }) => {
      const exchange = await tokenEndpoint.redeem({
        code: `invented-${Date.now()}-code`,
        redirectUri: client.redirectUris[0] as string,
        clientId: client.clientId,
        clientSecret: client.clientSecret,
      });
      expectTokenError(exchange, 'invalid_grant');
    },
  );
});

test.describe('2.2 Authorization code: ten-minute lifetime', () => {
  test.beforeEach(({ control }) => {
    test.skip(control === null, NEEDS_CLOCK);
  });

  test(
    'a code is still valid just before ten minutes',
    asCase(covers('R2.2-02', 'R8-02'), 'code-valid-before-expiry'),
    async ({ newClient, control, redemption: obtainRedemption, tokenEndpoint }) => {
      const client = await newClient(1);
      const redemption = await obtainRedemption(client);
      await control?.advanceClock(client.clientId, JUST_BEFORE);
      expectTokenSuccess(await tokenEndpoint.redeem(redemption), ['R2.2-02', 'R8-02']);
    },
  );

  for (const authentication of CLIENT_AUTHENTICATIONS)
    test(
      `a code is refused with invalid_grant just after ten minutes${viaBasic(authentication)}`,
      onPath(covers('R2.2-02', 'R8-02', 'R7.2-07'), `client-auth:${authentication}`),
      async ({ newClient, control, redemption: obtainRedemption, tokenEndpoint, basicUnobservable }) => {
        const client = await newClient(1);
        if (authentication === 'basic') skipUnlessBasic(await basicUnobservable(client));
        const redemption = await obtainRedemption(client);
        await control?.advanceClock(client.clientId, JUST_AFTER);
        const sent = authenticatedRequest(authentication, redemptionForm(redemption), redemption);
        expectTokenError(
          await tokenEndpoint.send({ form: sent.form, headers: sent.headers }),
          'invalid_grant',
        );
      },
    );
});

test.describe('7.2 Authorization code: bound to its client and redirect URI', () => {
  for (const authentication of CLIENT_AUTHENTICATIONS)
    for (const variant of ['its own redirect_uri', 'the authorization request’s redirect_uri'] as const) {
      test(
        `a code issued to another client is refused with invalid_grant (with ${variant})${viaBasic(authentication)}`,
        // The body authentication's pair is the case a packed rehearsal runs alone (caseGrep), each
        // with a case of its own too, which account mode's self-test expects a verdict of.
        authentication === 'body'
          ? asCase(
              asCase(onPath(covers('R7.2-07'), 'client-auth:body'), 'code-of-another-client'),
              variant === 'its own redirect_uri'
                ? 'code-of-another-client-own-uri'
                : 'code-of-another-client-request-uri',
            )
          : onPath(covers('R7.2-07'), `client-auth:${authentication}`),
        async ({ client: owner, secondClient, redeem, basicUnobservable }) => {
          const other = orSkip(secondClient, NEEDS_SECOND_CLIENT);
          if (authentication === 'basic') skipUnlessBasic(await basicUnobservable(other));
          // The second variant leaves the client as the only thing wrong with the request.
          const exchange = await redeem(owner, {
            authentication,
            fields: {
              ...(variant === 'its own redirect_uri' ? { redirectUri: other.redirectUris[0] as string } : {}),
              clientId: other.clientId,
              clientSecret: other.clientSecret,
            },
          });
          expectTokenError(exchange, 'invalid_grant');
        },
      );
    }

  for (const authentication of CLIENT_AUTHENTICATIONS)
    test(
      `a redirect_uri other than the authorization request’s is refused with invalid_grant${viaBasic(authentication)}`,
      // The body authentication's is the case account mode's self-test runs (the near misses share its ids).
      authentication === 'body'
        ? asCase(onPath(covers('R4.2-04', 'R7.2-07'), 'client-auth:body'), 'other-registered-uri')
        : onPath(covers('R4.2-04', 'R7.2-07'), `client-auth:${authentication}`),
      async ({ clientWithUris, redeem, basicUnobservable }) => {
        const client = await clientWithUris(2, { orMore: true });
        if (authentication === 'basic') skipUnlessBasic(await basicUnobservable(client));
        const [first = '', second = ''] = client.redirectUris;
        const exchange = await redeem(client, {
          authentication,
          obtain: { redirectUri: first },
          fields: { redirectUri: second },
        });
        expectTokenError(exchange, 'invalid_grant');
      },
    );

  // The authorization endpoint's near misses (R4.1-05), now at the token endpoint: a server that
  // compares redirect URIs loosely (case, trailing slash, query, encoding) lets each through.
  // Each needs its own code: a code is single use, and a refused redemption may consume it.
  for (const [miss, mutate] of REDIRECT_URI_NEAR_MISSES) {
    test(
      `the authorization request's redirect_uri with ${miss} is refused with invalid_grant or invalid_request`,
      covers('R4.2-04', 'R7.2-07'),
      async ({ client, redeem }) => {
        const authorized = client.redirectUris[0] as string;
        const nearMiss = mutate(authorized);
        test.skip(nearMiss === null, `the redirect URI ${authorized} has no letter in its path to change`);
        // RFC 6749 4.1.3 asks for the identical string: only the same string is no near miss.
        test.skip(nearMiss === authorized, `${miss} leaves ${authorized} unchanged`);
        const exchange = await redeem(client, {
          obtain: { redirectUri: authorized },
          fields: { redirectUri: nearMiss as string },
        });
        expectTokenError(exchange, ['invalid_grant', 'invalid_request']);
      },
    );
  }
});

/** The title's suffix for the Basic path (the body path keeps the title it always had). */
function viaBasic(authentication: ClientAuthentication): string {
  return authentication === 'basic' ? ', the client authenticated with HTTP Basic' : '';
}

/** A target that refuses Basic is correct (4.2 asks for the body): the Basic path is then skipped, naming why. */
function skipUnlessBasic(unobservable: string | null): void {
  test.skip(unobservable !== null, unobservable ?? '');
}
