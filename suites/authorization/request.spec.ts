import { CONSENT_REMEMBERED, consentRemembered, test, uniqueRedirectUri } from '../../fixtures/index.js';
import { asCase, covers } from '../../helpers/assert/covers.js';
import { expectNoRedirect, expectRedirectWithCode } from '../../helpers/assert/expect-authorization.js';
import { trickyState } from '../../helpers/clients/random.js';
import { REDIRECT_URI_NEAR_MISSES, sameUrl } from '../../helpers/target/redirect-near-misses.js';
import { verify } from '../../helpers/assert/verify.js';

// The authorization endpoint's own tests: their set-up flows go through the browser too.
test.use({ setUpFlow: 'browser' });

test.describe('4.1 Start authorization: success', () => {
  test(
    'approval sends the browser back with a code and the unchanged state',
    covers('R4.1-01', 'R4.1-08', 'R2.2-01', 'R5-01', 'R5-02'),
    async ({ client, authorize, freshActors }) => {
      const state = trickyState();
      const outcome = await authorize({ client, state });
      expectRedirectWithCode(outcome, { redirectUri: client.redirectUris[0] as string, state }, [
        'R4.1-01',
        'R5-02',
      ]);
      if (consentRemembered(outcome, freshActors)) {
        test.info().annotations.push({ type: 'R5-01 not checked', description: CONSENT_REMEMBERED });
        return;
      }
      verify(
        outcome.pagesSeen.includes('consent'),
        'R5-01',
        'the user to be asked for a decision (a consent page)',
        `pages seen: ${outcome.pagesSeen.join(', ') || 'none'}`,
      );
    },
  );

  test(
    'without state, the redirect carries no state',
    covers('R5-02', 'R4.1-08'),
    async ({ client, authorize }) => {
      const outcome = await authorize({ client });
      expectRedirectWithCode(outcome, { redirectUri: client.redirectUris[0] as string, state: undefined }, [
        'R5-02',
      ]);
    },
  );

  test(
    'redirect_uri may be left out when a single URI is registered',
    // Its sibling (several URIs) carries R4.1-04 too: account mode's self-test selects this one.
    asCase(covers('R4.1-04'), 'redirect-uri-omitted-single'),
    async ({ clientWithUris, authorize }) => {
      const client = await clientWithUris(1);
      const outcome = await authorize({ client, redirectUri: null, state: 'single' });
      expectRedirectWithCode(outcome, { redirectUri: client.redirectUris[0] as string, state: 'single' });
    },
  );

  test(
    'with three registered URIs, each one is honoured exactly',
    covers('R4.1-05', 'R2.1-01'),
    async ({ clientWithUris, authorize }) => {
      const client = await clientWithUris(3);
      for (const redirectUri of client.redirectUris) {
        const outcome = await authorize({ client, redirectUri, state: 'many' });
        expectRedirectWithCode(outcome, { redirectUri, state: 'many' }, ['R4.1-05']);
      }
    },
  );

  test(
    'scope order is irrelevant and every scope value of section 5 is accepted',
    covers('R4.1-07', 'R5-04'),
    async ({ client, authorize }) => {
      for (const scope of [
        'basic_user_info autoupload',
        'autoupload basic_user_info',
        'basic_user_info autoupload autoservice chat',
        'chat',
      ]) {
        const outcome = await authorize({ client, scope, state: scope });
        expectRedirectWithCode(outcome, { redirectUri: client.redirectUris[0] as string, state: scope });
      }
    },
  );
});

test.describe('7.1 Authorization endpoint: no redirect', () => {
  test(
    'with several registered URIs, leaving redirect_uri out never redirects',
    covers('R4.1-04', 'R7.1-01'),
    async ({ clientWithUris, authorize }) => {
      const client = await clientWithUris(2, { orMore: true });
      expectNoRedirect(await authorize({ client, redirectUri: null, state: 's' }));
    },
  );

  for (const [miss, mutate, caseName] of REDIRECT_URI_NEAR_MISSES) {
    test(
      `a redirect_uri with ${miss} is refused with HTTP 400 and no redirect`,
      // The near misses share their ids; account mode's self-test expects each its own verdict.
      asCase(covers('R4.1-05', 'R7.1-03'), `authorize-near-miss-${caseName}`),
      async ({ client, authorize }) => {
        const registered = client.redirectUris[0] as string;
        const redirectUri = mutate(registered);
        test.skip(redirectUri === null, `the redirect URI ${registered} has no letter in its path to change`);
        test.skip(
          client.redirectUris.some((uri) => sameUrl(uri, redirectUri as string)),
          `${miss} makes a registered URI of this client again (${redirectUri}), not a near miss`,
        );
        const outcome = await authorize({ client, redirectUri, state: 's' });
        expectNoRedirect(outcome, ['R4.1-05'], { expected: 400, ids: ['R7.1-03'] });
      },
    );
  }

  const invalidUris: ReadonlyArray<readonly [string, (registered: string) => string]> = [
    ['a relative redirect_uri', (uri) => new URL(uri).pathname],
    ['a redirect_uri that is not a URI', () => 'not a uri'],
    ['a redirect_uri with a fragment', (uri) => `${uri}#fragment`],
    ['an unregistered redirect_uri', () => uniqueRedirectUri()],
  ];
  for (const [label, invalidate] of invalidUris) {
    test(
      `${label} never redirects and is a 400`,
      covers('R7.1-01', 'R7.1-03'),
      async ({ client, authorize }) => {
        const outcome = await authorize({
          client,
          redirectUri: invalidate(client.redirectUris[0] as string),
          state: 's',
        });
        expectNoRedirect(outcome, ['R7.1-01'], { expected: 400, ids: ['R7.1-03'] });
      },
    );
  }

  for (const [label, mutateId] of [
    ['an unknown client_id', () => `unknown-${Date.now()}`],
    [
      'a client_id in another case',
      (id: string) => (id.toUpperCase() === id ? id.toLowerCase() : id.toUpperCase()),
    ],
    ['a client_id with a trailing space', (id: string) => `${id} `],
  ] as const) {
    test(`${label} never redirects`, covers('R4.1-03', 'R7.1-02'), async ({ client, authorize }) => {
      const clientId = mutateId(client.clientId);
      // An id without letters (digits only) has no other case: nothing to send that differs.
      test.skip(clientId === client.clientId, `the client_id has no letters, so ${label} is the id itself`);
      const outcome = await authorize({ client, clientId, state: 's' });
      expectNoRedirect(outcome);
    });
  }

  test(
    'a missing client_id never redirects',
    covers('R4.1-03', 'R7.1-02'),
    async ({ client, target, consent, user }) => {
      const redirectUri = client.redirectUris[0] as string;
      const url = `${target.authUrl}/oauth?response_type=code&redirect_uri=${encodeURIComponent(redirectUri)}&scope=basic_user_info&state=s`;
      expectNoRedirect(await consent.authorize(url, { clientOrigin: new URL(redirectUri).origin, user }));
    },
  );
});
