import {
  CONSENT_REMEMBERED,
  consentRemembered,
  NEEDS_FAILURE_INJECTION,
  settingsFor,
  test,
} from '../../fixtures/index.js';
import { covers } from '../../helpers/assert/covers.js';
import type { AuthorizationErrorCode } from '../../spec/errors.js';
import { parseJsonBody } from '../../helpers/record/exchange.js';
import { rememberOwner } from '../../helpers/report/journal.js';
import { expectNoRedirect, expectRedirectWithError } from '../../helpers/assert/expect-authorization.js';
import type { AuthorizationRequest } from '../../helpers/clients/oauth-client.js';
import { trickyState } from '../../helpers/clients/random.js';
import { verify } from '../../helpers/assert/verify.js';
import { grantedScope, skipWhenGranted } from '../../helpers/assert/granted-scope.js';

// The authorization endpoint's own tests: their set-up flows go through the browser too.
test.use({ setUpFlow: 'browser' });

test.describe('7.1 Authorization endpoint: denial and other failures redirect with error and state', () => {
  test(
    'the user denies: error=access_denied with the unchanged state',
    covers('R7.1-04', 'R4.1-08'),
    async ({ client, authorize, freshActors }) => {
      const state = trickyState();
      const outcome = await authorize({ client, state, decision: 'deny' });
      test.skip(consentRemembered(outcome, freshActors), CONSENT_REMEMBERED);
      expectRedirectWithError(
        outcome,
        { redirectUri: client.redirectUris[0] as string, state, errors: ['access_denied'] },
        ['R7.1-04'],
      );
    },
  );

  test(
    'the user denies without state: error=access_denied and no state',
    covers('R7.1-04'),
    async ({ client, authorize, freshActors }) => {
      const outcome = await authorize({ client, decision: 'deny' });
      test.skip(consentRemembered(outcome, freshActors), CONSENT_REMEMBERED);
      expectRedirectWithError(outcome, {
        redirectUri: client.redirectUris[0] as string,
        state: undefined,
        errors: ['access_denied'],
      });
    },
  );

  interface FailureCase {
    title: string;
    request: Omit<AuthorizationRequest, 'clientId' | 'state'>;
    errors: readonly AuthorizationErrorCode[];
    ids: string[];
    /**
     * A 400 error page without a redirect is right too: the spec does not say which of its two
     * refusals a value close to `code` gets, so either is accepted; a code never is.
     */
    orErrorPage?: true;
  }
  const failures: readonly FailureCase[] = [
    {
      title: 'response_type missing',
      request: { responseType: null },
      errors: ['invalid_request'],
      ids: ['R4.1-02', 'R7.1-06'],
    },
    {
      title: 'response_type=token',
      request: { responseType: 'token' },
      errors: ['unsupported_response_type'],
      ids: ['R4.1-02', 'R7.1-08'],
    },
    // 4.1 names one value, `code`; values are case-sensitive (RFC 6749 3.1.1), and `code` with
    // another value is not `code`: a server that takes either for `code` issues a code it must not.
    ...(['CODE', 'code token'] as const).map((responseType): FailureCase => ({
      title: `response_type=${responseType}`,
      request: { responseType },
      errors: ['unsupported_response_type', 'invalid_request'],
      ids: ['R4.1-02'],
      orErrorPage: true,
    })),
    {
      title: 'scope missing',
      request: { scope: null },
      errors: ['invalid_request', 'invalid_scope'],
      ids: ['R4.1-06'],
    },
    {
      title: 'a repeated scope parameter',
      request: { extra: [['scope', 'basic_user_info']] },
      errors: ['invalid_request'],
      ids: ['R7.1-06'],
    },
  ];
  for (const failure of failures) {
    test(
      `${failure.title}: error ${failure.errors.join(' or ')} with the unchanged state${failure.orErrorPage === true ? ', or an error page' : ''}`,
      covers('R7.1-05', ...failure.ids),
      async ({ client, authorize }) => {
        const state = trickyState();
        const outcome = await authorize({ client, ...failure.request, state });
        if (failure.orErrorPage === true && outcome.kind === 'stopped') {
          expectNoRedirect(outcome, failure.ids, { expected: 400, ids: failure.ids });
          return;
        }
        expectRedirectWithError(
          outcome,
          { redirectUri: client.redirectUris[0] as string, state, errors: failure.errors },
          ['R7.1-05', ...failure.ids],
        );
      },
    );
  }

  /**
   * 5 rule 2: the server can ignore requested scopes partly or totally. So a value it does not
   * know may be refused (invalid_scope; access_denied, "server denied", once nothing usable is
   * left) or ignored; what it must never do is grant it. `autouploadProbe`: the misspelt value
   * names autoupload, so a token must not create a notification configuration (4.6: autoupload).
   */
  const ignorable = [
    {
      title: 'an unknown scope value',
      scope: 'basic_user_info admin',
      errors: ['invalid_scope'],
      ids: ['R7.1-09', 'R5-04', 'R5-07'],
      neverGranted: ['admin'],
      autouploadProbe: false,
    },
    {
      title: 'a scope value in another case',
      scope: 'AUTOUPLOAD',
      errors: ['invalid_scope', 'access_denied'],
      ids: ['R4.1-07', 'R7.1-09', 'R5-07'],
      neverGranted: ['AUTOUPLOAD', 'autoupload'],
      autouploadProbe: true,
    },
    {
      title: 'comma-separated scopes',
      scope: 'basic_user_info,autoupload',
      errors: ['invalid_scope', 'access_denied'],
      ids: ['R4.1-07', 'R7.1-09', 'R5-07'],
      neverGranted: ['basic_user_info,autoupload', 'autoupload'],
      autouploadProbe: true,
    },
  ] as const;
  for (const unusable of ignorable) {
    test(
      `${unusable.title}: error ${unusable.errors.join(' or ')} with the unchanged state, or ignored and never granted`,
      covers('R7.1-05', ...unusable.ids),
      async ({ client, user, authorize, tokenEndpoint, issueGrant, configure, endpoint }) => {
        const state = trickyState();
        const outcome = await authorize({ client, scope: unusable.scope, state });
        const redirectUri = client.redirectUris[0] as string;
        const code = outcome.kind === 'redirected' ? outcome.code : null;
        if (code === null) {
          expectRedirectWithError(outcome, { redirectUri, state, errors: unusable.errors }, [
            'R7.1-05',
            ...unusable.ids,
          ]);
          return;
        }
        // Ignored: whatever the token grants, the unusable value is not part of it.
        const exchange = await tokenEndpoint.redeem({
          code,
          redirectUri,
          clientId: client.clientId,
          clientSecret: client.clientSecret,
        });
        const body = parseJsonBody(exchange) as { access_token?: unknown; scope?: unknown } | undefined;
        if (typeof body?.access_token !== 'string') return;
        const granted = typeof body.scope === 'string' ? body.scope.split(' ') : [];
        // 5 rule 2: what a plain chat grant names, the server grants by its policy, whatever is asked.
        const plain = unusable.autouploadProbe ? await issueGrant(client, { scope: 'chat' }) : null;
        const byPolicy = plain === null ? [] : grantedScope(plain.exchange, 'chat');
        const wrongly = unusable.neverGranted.filter(
          (value) => granted.includes(value) && !byPolicy.includes(value),
        );
        verify(
          wrongly.length === 0,
          unusable.ids,
          `a token whose scope does not name ${unusable.neverGranted.join(' or ')} (requested as "${unusable.scope}")`,
          `scope "${String(body.scope)}"`,
          exchange,
        );
        if (plain === null) return;
        skipWhenGranted(
          plain.exchange,
          'chat',
          ['autoupload'],
          `so a token of "${unusable.scope}" holding it shows nothing of how that value was read`,
        );
        rememberOwner(body.access_token, { login: user.login, clientId: client.clientId });
        const probe = await configure(body.access_token, settingsFor(endpoint().url));
        verify(
          probe.response.status < 200 || probe.response.status > 299,
          unusable.ids,
          `a token that cannot create a notification configuration (4.6 needs autoupload; "${unusable.scope}" does not ask for it)`,
          `HTTP ${probe.response.status}: the token acts with autoupload`,
          probe,
        );
      },
    );
  }

  for (const [error, id] of [
    ['temporarily_unavailable', 'R7.1-10'],
    ['server_error', 'R7.1-11'],
  ] as const) {
    test(
      `a server-side ${error} redirects with that error and the state`,
      covers('R7.1-05', id),
      async ({ newClient, control, authorize }) => {
        test.skip(control === null, NEEDS_FAILURE_INJECTION);
        const client = await newClient(1);
        await control?.failAuthorizations(client.clientId, 1, error);
        const state = trickyState();
        const outcome = await authorize({ client, state });
        expectRedirectWithError(
          outcome,
          { redirectUri: client.redirectUris[0] as string, state, errors: [error] },
          ['R7.1-05', id],
        );
      },
    );
  }
});

test.describe('5 Authentication by login and password', () => {
  test(
    'a wrong password gives no code and no redirect',
    covers('R5-01'),
    async ({ client, user, authorize }) => {
      const outcome = await authorize({
        client,
        state: 's',
        user: { login: user.login, password: `${user.password}-wrong` },
      });
      // No code and no redirect is the requirement; which page then shows (the login form again,
      // an error page) is the server's choice.
      expectNoRedirect(outcome);
    },
  );

  test('an unknown login gives no code and no redirect', covers('R5-01'), async ({ client, authorize }) => {
    const outcome = await authorize({
      client,
      state: 's',
      user: { login: `nobody-${Date.now()}`, password: 'whatever-password' },
    });
    expectNoRedirect(outcome);
  });
});
