import { expect, test } from '@playwright/test';
import { checkSelectors } from '../helpers/target/selector-check.js';
import { resolveTarget, TargetConfigError } from '../helpers/target/target.js';
import { startSandbox } from '../sandbox/start.js';

function problemsOf(env: Record<string, string>): readonly string[] {
  try {
    resolveTarget(env);
    return [];
  } catch (error) {
    if (error instanceof TargetConfigError) return error.problems;
    throw error;
  }
}

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

  test('without helpers, a configured client and user are required', () => {
    expect(
      problemsOf({ TARGET_AUTH_URL: 'https://a.example', TARGET_APPS_URL: 'https://b.example' }).join('\n'),
    ).toMatch(/without test helpers/);
    const target = resolveTarget({
      TARGET_AUTH_URL: 'https://a.example',
      TARGET_APPS_URL: 'https://b.example',
      TARGET_CLIENT_ID: 'id',
      TARGET_CLIENT_SECRET: 'secret',
      TARGET_REDIRECT_URI: 'https://client.example/cb',
      TARGET_USER_LOGIN: 'u',
      TARGET_USER_PASSWORD: 'p',
      LOGIN_SUBMIT_SELECTOR: 'button.go',
    });
    expect(target.control).toBeNull();
    expect(target.selectors.loginSubmit).toBe('button.go');
  });

  test('writes to the account are allowed on the embedded sandbox, elsewhere only when asked', () => {
    const external = {
      TARGET_AUTH_URL: 'https://a.example',
      TARGET_APPS_URL: 'https://b.example',
      SANDBOX_CONTROL_KEY: 'k',
    };
    expect(resolveTarget(external).allowWrites).toBe(false);
    expect(resolveTarget({ ...external, CONFORMANCE_ALLOW_WRITES: '1' }).allowWrites).toBe(true);
    expect(resolveTarget({ ...external, CONFORMANCE_EMBEDDED_SANDBOX: '1' }).allowWrites).toBe(true);
    expect(problemsOf({ ...external, CONFORMANCE_ALLOW_WRITES: 'yes' }).join('\n')).toMatch(
      /CONFORMANCE_ALLOW_WRITES: expected 1/,
    );
  });
});

test.describe('login and consent selectors, tried in the browser before any test', () => {
  test('a selector that matches nothing gets one line naming its variable', async () => {
    test.setTimeout(60_000);
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
