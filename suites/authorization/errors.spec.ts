import { test } from '../../fixtures/index.js';
import { covers } from '../../helpers/covers.js';
import type { AuthorizationErrorCode } from '../../helpers/errors.js';
import { expectNoRedirect, expectRedirectWithError } from '../../helpers/expect-authorization.js';
import type { AuthorizationRequest } from '../../helpers/oauth-client.js';
import { trickyState } from '../../helpers/random.js';

test.describe('7.1 Authorization endpoint: denial and other failures redirect with error and state', () => {
  test(
    'the user denies: error=access_denied with the unchanged state',
    covers('R7.1-04', 'R4.1-08'),
    async ({ client, authorize }) => {
      const state = trickyState();
      const outcome = await authorize({ client, state, decision: 'deny' });
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
    async ({ client, authorize }) => {
      const outcome = await authorize({ client, decision: 'deny' });
      expectRedirectWithError(
        outcome,
        { redirectUri: client.redirectUris[0] as string, state: undefined, errors: ['access_denied'] },
        ['R7.1-04'],
      );
    },
  );

  interface FailureCase {
    title: string;
    request: Omit<AuthorizationRequest, 'clientId' | 'state'>;
    errors: readonly AuthorizationErrorCode[];
    ids: string[];
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
    {
      title: 'scope missing',
      request: { scope: null },
      errors: ['invalid_request', 'invalid_scope'],
      ids: ['R4.1-06'],
    },
    {
      title: 'an unknown scope value',
      request: { scope: 'basic_user_info admin' },
      errors: ['invalid_scope'],
      ids: ['R7.1-09', 'R5-04'],
    },
    {
      title: 'a scope value in another case',
      request: { scope: 'BASIC_USER_INFO' },
      errors: ['invalid_scope'],
      ids: ['R4.1-07', 'R7.1-09'],
    },
    {
      title: 'comma-separated scopes',
      request: { scope: 'basic_user_info,autoupload' },
      errors: ['invalid_scope'],
      ids: ['R4.1-07', 'R7.1-09'],
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
      `${failure.title}: error ${failure.errors.join(' or ')} with the unchanged state`,
      covers('R7.1-05', ...failure.ids),
      async ({ client, authorize }) => {
        const state = trickyState();
        const outcome = await authorize({ client, ...failure.request, state });
        expectRedirectWithError(
          outcome,
          { redirectUri: client.redirectUris[0] as string, state, errors: failure.errors },
          ['R7.1-05', ...failure.ids],
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
      expectNoRedirect(outcome, ['R5-01']);
    },
  );

  test('an unknown login gives no code and no redirect', covers('R5-01'), async ({ client, authorize }) => {
    const outcome = await authorize({
      client,
      state: 's',
      user: { login: `nobody-${Date.now()}`, password: 'whatever-password' },
    });
    expectNoRedirect(outcome, ['R5-01']);
  });
});
