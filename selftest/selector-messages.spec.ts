import { expect, test } from '@playwright/test';
import { ControlClient } from '../helpers/clients/control-client.js';
import { HttpClient } from '../helpers/clients/http.js';
import { checkSelectors } from '../helpers/preflight/selector-check.js';
import { resolveTarget } from '../helpers/target/target.js';
import { startSandbox, type StartedSandbox } from '../sandbox/start.js';
import { configuredActors } from './support/configured-actors.js';
import { patient } from '../helpers/target/patience.js';

/**
 * The start-up selector check points at the cause: a client the target refuses is reported as
 * the page the browser reached (status, title) with the variables to check, never as the login
 * selectors matching nothing; and every selector that can be tried is tried in one pass.
 */
test.describe('selector check: messages that point at the cause', () => {
  test.describe.configure({ timeout: patient(90_000) });
  let sandbox: StartedSandbox;
  let configured: Record<string, string>;

  test.beforeAll(async () => {
    sandbox = await startSandbox({ controlKey: 'selector-messages-key' });
    const http = new HttpClient({ caFile: sandbox.caFile });
    try {
      const helpers = new ControlClient(http, sandbox.controlUrl, 'selector-messages-key');
      // A target without test helpers: the configured client and user are the probe.
      configured = (await configuredActors(sandbox, helpers, 'http://127.0.0.1:9/selector-messages/callback'))
        .env;
    } finally {
      await http.close();
    }
  });

  test.afterAll(async () => {
    await sandbox.close();
  });

  test('the configured client and user pass', async () => {
    expect(await checkSelectors(resolveTarget(configured))).toEqual([]);
  });

  for (const [variable, wrong] of [
    ['TARGET_CLIENT_ID', 'no-such-client'],
    ['TARGET_REDIRECT_URI', 'http://127.0.0.1:9/not-registered'],
  ] as const) {
    test(`a wrong ${variable} is reported as the page reached, its status and title, and the variables`, async () => {
      const problems = await checkSelectors(resolveTarget({ ...configured, [variable]: wrong }));
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/did not reach a login page/);
      expect(problems[0]).toMatch(/\/oauth \(HTTP 400, title "Authorization error"\)/);
      expect(problems[0]).toMatch(/Check TARGET_CLIENT_ID and TARGET_REDIRECT_URI/);
      expect(problems[0]).not.toMatch(/LOGIN_\w+_SELECTOR/);
    });
  }

  test('a wrong submit selector and a wrong consent selector are reported in one pass', async () => {
    const problems = await checkSelectors(
      resolveTarget({ ...configured, LOGIN_SUBMIT_SELECTOR: 'button.go', CONSENT_DENY_SELECTOR: '#refuse' }),
    );
    expect(problems).toEqual([
      expect.stringMatching(/^LOGIN_SUBMIT_SELECTOR: .* login page .*"button\.go" matches nothing$/),
      expect.stringMatching(/^CONSENT_DENY_SELECTOR: .* consent page .*"#refuse" matches nothing$/),
    ]);
  });

  test('a wrong username selector says the consent selectors could not be checked', async () => {
    const problems = await checkSelectors(resolveTarget({ ...configured, LOGIN_USERNAME_SELECTOR: '#who' }));
    expect(problems).toEqual([
      expect.stringMatching(/^LOGIN_USERNAME_SELECTOR: .*"#who" matches nothing$/),
      expect.stringMatching(/^CONSENT_APPROVE_SELECTOR, CONSENT_DENY_SELECTOR: not checked/),
    ]);
  });
});
