import { expect, test } from '@playwright/test';
import { givenSecrets } from '../helpers/report/secret-given.js';
import { checkSelectors } from '../helpers/preflight/selector-check.js';
import { resolveTarget } from '../helpers/target/target.js';
import { targetNamedBy } from '../helpers/target/target-naming.js';
import { startSandbox } from '../sandbox/start.js';
import { HELPERS_TARGET, problemsOf } from './support/target-problems.js';
import { patient } from '../helpers/target/patience.js';

const ACCOUNT = {
  TARGET_AUTH_URL: 'https://a.example',
  TARGET_APPS_URL: 'https://b.example',
  TARGET_CLIENT_ID: 'id',
  TARGET_CLIENT_SECRET: 'secret',
  TARGET_REDIRECT_URI: 'https://client.example/cb',
  TARGET_USER_LOGIN: 'u',
  TARGET_USER_PASSWORD: 'p',
};

test.describe('target configuration (contract section 1)', () => {
  test('a complete external target with helpers resolves, control URL defaulting to the apps URL', () => {
    const target = resolveTarget({
      TARGET_AUTH_URL: 'https://auth.example/',
      TARGET_APPS_URL: 'https://apps.example',
      SANDBOX_CONTROL_KEY: 'k',
    });
    expect(target.authUrl).toBe('https://auth.example');
    expect(target.control).toEqual({ url: 'https://apps.example', key: 'k' });
    expect(target.selectors.loginUsername).toBe('#login-username');
  });

  test('each wrong variable gets its own line', () => {
    const problems = problemsOf({
      TARGET_AUTH_URL: 'auth.example',
      SANDBOX_CONTROL_URL: 'https://c.example',
      TARGET_CLIENT_ID: 'id',
      CONFORMANCE_REDIRECT_ORIGIN: 'https://client.example/callback',
    });
    expect(problems.join('\n')).toMatch(/TARGET_AUTH_URL: expected an absolute/);
    expect(problems.join('\n')).toMatch(/CONFORMANCE_REDIRECT_ORIGIN: expected an http or https origin/);
    expect(problems.join('\n')).toMatch(/TARGET_APPS_URL: required/);
    expect(problems.join('\n')).toMatch(/SANDBOX_CONTROL_KEY: required when SANDBOX_CONTROL_URL/);
    expect(problems.join('\n')).toMatch(/TARGET_CLIENT_SECRET: required together/);
  });

  test('a base URL with a path is a base like any other; user information in a URL is refused, hidden', () => {
    const target = resolveTarget({ ...HELPERS_TARGET, TARGET_AUTH_URL: 'https://a.example/oauth/' });
    expect(target.authUrl).toBe('https://a.example/oauth');
    expect(
      problemsOf({ ...HELPERS_TARGET, TARGET_APPS_URL: 'https://b.example/autoupload/v1/published' }),
    ).toEqual([
      'TARGET_APPS_URL: expected an absolute http(s) URL, got "https://b.example/autoupload/v1/published": it ends with the endpoint\'s path /autoupload/v1/published: give the base URL, to which the suite adds it',
    ]);
    const problems = problemsOf({ ...HELPERS_TARGET, TARGET_APPS_URL: 'https://me:hunter2@b.example' });
    expect(problems).toEqual([
      'TARGET_APPS_URL: expected an absolute http(s) URL, got "https://***@b.example": it holds a user name or password: remove them',
    ]);
  });

  test('the embedded sandbox only when no target variable is set at all, blank ones as unset', () => {
    expect(targetNamedBy({ TARGET_AUTH_URL: '', SANDBOX_CONTROL_KEY: '', WEBHOOK_WAIT_MS: '10' })).toEqual(
      [],
    );
    expect(
      targetNamedBy({ TARGET_AUTH_ULR: 'x', SANDBOX_CONTROL_URL: ' ', CONFORMANCE_RATE_LIMIT_BURST: '5' }),
    ).toEqual(['CONFORMANCE_RATE_LIMIT_BURST', 'SANDBOX_CONTROL_URL', 'TARGET_AUTH_ULR']);
  });

  test("a target variable's name in lower case or with its prefix mistyped still names a target, refused with the name it meant", () => {
    const mistyped = {
      target_auth_url: 'https://a.example',
      TARGTE_APPS_URL: 'https://b.example',
      Sandbox_Control_Key: 'k',
      TARGET_AUTH_URL_: 'https://a.example',
    };
    expect(targetNamedBy(mistyped)).toEqual(Object.keys(mistyped).sort());
    const problems = problemsOf(mistyped).join('\n');
    expect(problems).toMatch(
      /target_auth_url: not a variable the suite reads \(did you mean TARGET_AUTH_URL\? names are upper case\)/,
    );
    expect(problems).toMatch(
      /TARGTE_APPS_URL: not a variable the suite reads \(did you mean TARGET_APPS_URL\?\)/,
    );
    expect(problems).toMatch(/Sandbox_Control_Key: .*did you mean SANDBOX_CONTROL_KEY\?/);
    // Names merely alike are not a target's: the run's other variables stay theirs.
    expect(
      targetNamedBy({ TARGET: 'x', CI_TARGET_BRANCH: 'main', TARGETARCH: 'amd64', PATH: '/bin' }),
    ).toEqual([]);
  });

  test('without helpers, a configured client and user are required', () => {
    expect(
      problemsOf({ TARGET_AUTH_URL: 'https://a.example', TARGET_APPS_URL: 'https://b.example' }).join('\n'),
    ).toMatch(/without test helpers/);
    const target = resolveTarget({ ...ACCOUNT, LOGIN_SUBMIT_SELECTOR: 'button.go' });
    expect(target.control).toBeNull();
    expect(target.selectors.loginSubmit).toBe('button.go');
  });

  test('writes to the account are allowed on the embedded sandbox, elsewhere only when asked', () => {
    const external = HELPERS_TARGET;
    expect(resolveTarget(external).allowWrites).toBe(false);
    expect(resolveTarget({ ...external, CONFORMANCE_ALLOW_WRITES: '1' }).allowWrites).toBe(true);
    expect(resolveTarget({ ...external, CONFORMANCE_EMBEDDED_SANDBOX: '1' }).allowWrites).toBe(true);
    expect(problemsOf({ ...external, CONFORMANCE_ALLOW_WRITES: 'yes' }).join('\n')).toMatch(
      /CONFORMANCE_ALLOW_WRITES: expected 1/,
    );
  });

  test('the set-up flow is forms or browser, nothing else', () => {
    const external = { ...HELPERS_TARGET };
    expect(problemsOf({ ...external, CONFORMANCE_SETUP_FLOW: 'browser' })).toEqual([]);
    expect(problemsOf({ ...external, CONFORMANCE_SETUP_FLOW: 'form' }).join('\n')).toMatch(
      /CONFORMANCE_SETUP_FLOW: expected forms or browser, got "form"/,
    );
  });
});

test.describe('what a real account has: redirect URIs, a second client and user, basic user info', () => {
  test("TARGET_REDIRECT_URIS lists the client's URIs in any order, TARGET_REDIRECT_URI first once read", () => {
    expect(resolveTarget(ACCOUNT).client?.redirectUris).toEqual(['https://client.example/cb']);
    const uris = 'https://client.example/two https://client.example/cb com.example.app:/three';
    expect(resolveTarget({ ...ACCOUNT, TARGET_REDIRECT_URIS: ` ${uris} ` }).client?.redirectUris).toEqual([
      'https://client.example/cb',
      'https://client.example/two',
      'com.example.app:/three',
    ]);
  });

  test('a wrong TARGET_REDIRECT_URIS gets one line per fault', () => {
    const problems = problemsOf({
      ...ACCOUNT,
      TARGET_REDIRECT_URIS:
        'https://client.example/a https://client.example/a relative https://client.example/d',
    }).join('\n');
    expect(problems).toMatch(
      /TARGET_REDIRECT_URIS: a client has 1 to 3 registered redirect URIs \(2\.1\), got 4/,
    );
    expect(problems).toMatch(/TARGET_REDIRECT_URIS: expected absolute URIs, got "relative"/);
    expect(problems).toMatch(/TARGET_REDIRECT_URIS: "https:\/\/client\.example\/a" listed twice/);
    expect(problems).toMatch(/TARGET_REDIRECT_URIS: must list TARGET_REDIRECT_URI/);
    // An empty variable reads as unset.
    const noClient = { ...ACCOUNT, TARGET_CLIENT_ID: '', TARGET_CLIENT_SECRET: '', TARGET_REDIRECT_URI: '' };
    expect(
      problemsOf({ ...noClient, SANDBOX_CONTROL_KEY: 'k', TARGET_REDIRECT_URIS: 'https://c.example/a' }),
    ).toEqual([expect.stringMatching(/^TARGET_REDIRECT_URIS: lists the configured client's URIs/)]);
  });

  test('a second client, a second user and the expected basic user info resolve', () => {
    const target = resolveTarget({
      ...ACCOUNT,
      TARGET_CLIENT2_ID: 'id2',
      TARGET_CLIENT2_SECRET: 'secret2',
      TARGET_CLIENT2_REDIRECT_URI: 'https://client.example/cb2',
      TARGET_USER2_LOGIN: 'u2',
      TARGET_USER2_PASSWORD: 'p2',
      TARGET_USER_NAME: 'Ana Souza',
      TARGET_USER_EMAIL: 'ana@example.test',
      TARGET_USER2_EMAIL: 'bia@example.test',
    });
    expect(target.client2).toEqual({
      clientId: 'id2',
      clientSecret: 'secret2',
      redirectUri: 'https://client.example/cb2',
      redirectUris: ['https://client.example/cb2'],
    });
    expect(target.user).toEqual({ login: 'u', password: 'p', name: 'Ana Souza', email: 'ana@example.test' });
    expect(target.user2).toEqual({ login: 'u2', password: 'p2', email: 'bia@example.test' });
    expect(resolveTarget(ACCOUNT)).toMatchObject({ client2: null, user2: null });
  });

  test('each wrong second-actor or user-info variable gets its own line', () => {
    const problems = problemsOf({
      ...ACCOUNT,
      TARGET_CLIENT2_ID: 'id',
      TARGET_CLIENT2_SECRET: 'secret2',
      TARGET_CLIENT2_REDIRECT_URI: 'cb2',
      TARGET_USER2_LOGIN: 'u2',
      TARGET_USER_EMAIL: 'not-an-address',
      TARGET_USER2_NAME: 'Bia',
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        'TARGET_CLIENT2_REDIRECT_URI: expected an absolute URI, got "cb2"',
        'TARGET_CLIENT2_ID: the same as TARGET_CLIENT_ID; the second client must be another one',
        'TARGET_USER2_PASSWORD: required together with TARGET_USER2_LOGIN',
        'TARGET_USER_EMAIL: expected an e-mail address, got "not-an-address"',
        'TARGET_USER2_NAME: describes the user of TARGET_USER2_LOGIN, which is not set',
      ]),
    );
    expect(problems).toHaveLength(5);
    const noUser = { ...ACCOUNT, TARGET_USER_LOGIN: '', TARGET_USER_PASSWORD: '' };
    expect(
      problemsOf({
        ...noUser,
        SANDBOX_CONTROL_KEY: 'k',
        TARGET_USER2_LOGIN: 'u2',
        TARGET_USER2_PASSWORD: 'p2',
      }),
    ).toEqual(['TARGET_USER2_LOGIN: a second user is used beside the first: set TARGET_USER_LOGIN too']);
  });

  test('the second client secret and the second password are given secrets, hidden like the first', () => {
    const env = { ...ACCOUNT, TARGET_CLIENT2_SECRET: 'second-secret', TARGET_USER2_PASSWORD: 'second-pw' };
    expect(givenSecrets(env)).toEqual(expect.arrayContaining(['secret', 'p', 'second-secret', 'second-pw']));
  });

  test('CONFORMANCE_RATE_LIMIT_BURST opts in to a bounded burst', () => {
    expect(resolveTarget(ACCOUNT).rateLimitBurst).toBeNull();
    expect(resolveTarget({ ...ACCOUNT, CONFORMANCE_RATE_LIMIT_BURST: '500' }).rateLimitBurst).toBe(500);
    for (const wrong of ['0', 'lots', '1.5', '100001'])
      expect(problemsOf({ ...ACCOUNT, CONFORMANCE_RATE_LIMIT_BURST: wrong })).toEqual([
        `CONFORMANCE_RATE_LIMIT_BURST: expected an integer from 1 to 100000, got "${wrong}"`,
      ]);
  });
});

test.describe('login and consent selectors, tried in the browser before any test', () => {
  test('a selector that matches nothing gets one line naming its variable', async () => {
    test.setTimeout(patient(60_000));
    const sandbox = await startSandbox({ controlKey: 'selector-check-key' });
    try {
      const base = {
        TARGET_AUTH_URL: sandbox.authUrl,
        TARGET_APPS_URL: sandbox.appsUrl,
        SANDBOX_CONTROL_KEY: 'selector-check-key',
        TLS_CA_FILE: sandbox.caFile,
      };
      expect(await checkSelectors(resolveTarget(base))).toEqual([]);
      const wrongLogin = await checkSelectors(
        resolveTarget({ ...base, LOGIN_PASSWORD_SELECTOR: '#pass', LOGIN_SUBMIT_SELECTOR: 'button.go' }),
      );
      expect(wrongLogin).toEqual([
        expect.stringMatching(/^LOGIN_PASSWORD_SELECTOR: .* login page .*"#pass" matches nothing$/),
        expect.stringMatching(/^LOGIN_SUBMIT_SELECTOR: .*"button\.go" matches nothing$/),
        expect.stringMatching(/^CONSENT_APPROVE_SELECTOR, CONSENT_DENY_SELECTOR: not checked/),
      ]);
      const wrongConsent = await checkSelectors(resolveTarget({ ...base, CONSENT_DENY_SELECTOR: '#refuse' }));
      expect(wrongConsent).toEqual([
        expect.stringMatching(/^CONSENT_DENY_SELECTOR: .* consent page .*"#refuse" matches nothing$/),
      ]);
    } finally {
      await sandbox.close();
    }
  });
});
