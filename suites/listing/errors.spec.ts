import { NEEDS_FAILURE_INJECTION, test } from '../../fixtures/index.js';
import { asCase, covers, onPath } from '../../helpers/assert/covers.js';
import type { ControlClient } from '../../helpers/clients/control-client.js';
import { expectListingError, expectListingPage } from '../../helpers/assert/expect-listing.js';
import { expectTokenError } from '../../helpers/assert/expect-token.js';
import { skipWhenGranted } from '../../helpers/assert/granted-scope.js';

/** 4.4: the scopes that open the listing. */
const LISTING_SCOPES: readonly string[] = ['autoupload', 'basic_user_info'];

test.describe('7.3 Ad listing errors', () => {
  test(
    'no Authorization header: BAD_REQUEST "Check the header field(s)"',
    covers('R7.3-02', 'R7.3-01', 'R4.4-01'),
    async ({ listing }) => {
      expectListingError(await listing.page('unused', { authorization: null }), 'BAD_REQUEST', [
        'R7.3-02',
        'R4.4-01',
      ]);
    },
  );

  for (const [label, authorization, caseName] of [
    ['an unknown token', 'Bearer not-a-token-issued-by-this-server', 'listing-unknown-token'],
    ['a token that is not Bearer', 'Basic bm90OmJlYXJlcg==', 'listing-not-bearer'],
  ] as const) {
    test(
      `${label}: ACCESS_DENIED "Check the client authentication token"`,
      // The self-tests select one of the two by its case (fault detection: the unknown token).
      asCase(covers('R7.3-03', 'R7.3-01', 'R5-06'), caseName),
      async ({ listing }) => {
        expectListingError(await listing.page('unused', { authorization }), 'ACCESS_DENIED', [
          'R7.3-03',
          'R5-06',
        ]);
      },
    );
  }

  // Every scope of section 5 that grants neither autoupload nor basic_user_info, alone and together:
  // a server that refuses chat but lets another permission stand in passes a check with chat alone.
  for (const [label, scope] of [
    ['a chat-only token', 'chat'],
    ['an autoservice-only token', 'autoservice'],
    ['a chat and autoservice token', 'chat autoservice'],
  ] as const) {
    test(
      `${label}: ACCESS_SCOPE_DENIED`,
      asCase(
        onPath(covers('R7.3-04', 'R4.4-01', 'R5-06', 'R5-07'), 'scope:insufficient'),
        `listing-scope-denied-${scope.replaceAll(' ', '-')}`,
      ),
      async ({ client, issueGrant, listing }) => {
        const { token, exchange } = await issueGrant(client, { scope });
        // A scope that opens the listing, granted beyond the request, leaves nothing to refuse.
        skipWhenGranted(exchange, scope, LISTING_SCOPES, 'which the listing accepts');
        expectListingError(await listing.page(token), 'ACCESS_SCOPE_DENIED', ['R7.3-04', 'R4.4-01', 'R5-07']);
      },
    );
  }

  for (const scope of LISTING_SCOPES) {
    test(
      `a token with only ${scope} is accepted`,
      asCase(
        onPath(covers('R4.4-01', 'R4.4-07', 'R9-01'), 'scope:sufficient'),
        `listing-scope-accepted-${scope}`,
      ),
      async ({ client, issueToken, listing }) => {
        const token = await issueToken(client, { scope });
        expectListingPage(await listing.page(token), ['R4.4-01', 'R9-01']);
      },
    );
  }

  test(
    'an unexpected internal error: UNEXPECTED_INTERNAL_ERROR',
    covers('R7.3-06', 'R7.3-01'),
    async ({ newClient, control, issueToken, listing }) => {
      test.skip(control === null, NEEDS_FAILURE_INJECTION);
      const client = await newClient(1);
      const token = await issueToken(client, { scope: 'autoupload' });
      await (control as ControlClient).failListings(client.clientId, 1);
      expectListingError(await listing.page(token), 'UNEXPECTED_INTERNAL_ERROR', 'R7.3-06');
      expectListingPage(await listing.page(token));
    },
  );

  test(
    'a token asking for more scope than granted never reaches beyond the grant',
    covers('R7.2-10', 'R5-07'),
    async ({ client, issueGrant, redeem, listing }) => {
      // Whether a plain chat grant already opens the listing (5 rule 2): then no grant is left to exceed.
      const plain = await issueGrant(client, { scope: 'chat' });
      skipWhenGranted(
        plain.exchange,
        'chat',
        LISTING_SCOPES,
        'which the listing accepts: no grant is left to exceed',
      );
      const exchange = await redeem(client, {
        obtain: { scope: 'chat' },
        form: (form) => [...form, ['scope', 'autoupload']],
      });
      if (exchange.response.status !== 200) {
        // A refusal is one answer 7.2 allows; the other is a token that stays within the grant.
        expectTokenError(exchange, ['invalid_scope', 'invalid_request'], 'R7.2-10');
        return;
      }
      const token = (JSON.parse(exchange.response.body) as { access_token: string }).access_token;
      expectListingError(await listing.page(token), 'ACCESS_SCOPE_DENIED');
    },
  );
});
