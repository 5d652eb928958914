import type { Browser } from '@playwright/test';
import { ConsentDriver } from './consent-driver.js';
import { parseJsonBody } from '../record/exchange.js';
import type { HttpClient } from './http.js';
import { authorizationUrl, TokenEndpoint } from './oauth-client.js';
import { registerSecret } from '../report/redact.js';
import { BROWSER_VIEWPORT } from '../target/chromium.js';
import type { TargetConfig } from '../target/target.js';

/**
 * An access token of the configured user (TARGET_USER_LOGIN) for the configured client
 * (TARGET_CLIENT_ID), by the real browser consent and the code exchange, outside any test: what
 * the cleanup command needs to act on the account. Throws with a one-line reason when it cannot.
 */
export async function accountToken(
  browser: Browser,
  http: HttpClient,
  target: TargetConfig,
  scope: string,
): Promise<string> {
  const { client, user } = target;
  if (client === null || user === null)
    throw new Error(
      'needs TARGET_CLIENT_ID, TARGET_CLIENT_SECRET, TARGET_REDIRECT_URI, TARGET_USER_LOGIN and TARGET_USER_PASSWORD',
    );
  registerSecret(client.clientSecret);
  registerSecret(user.password);
  // The browser trusts the target through the keys it was launched with (helpers/target/browser-trust.ts).
  const newContext = () => browser.newContext({ viewport: BROWSER_VIEWPORT });
  const context = await newContext();
  const driver = new ConsentDriver(context, newContext, target.selectors);
  try {
    const url = authorizationUrl(target.authUrl, {
      clientId: client.clientId,
      redirectUri: client.redirectUri,
      scope,
      state: 'classifieds-conformance-cleanup',
    });
    const outcome = await driver.authorize(url, {
      clientOrigin: new URL(client.redirectUri).origin,
      user,
      decision: 'approve',
    });
    const code = outcome.kind === 'redirected' ? outcome.code : null;
    if (code === null) throw new Error(`the consent of ${user.login} gave no code (${outcome.kind})`);
    const exchange = await new TokenEndpoint(http, target.authUrl).redeem({
      code,
      redirectUri: client.redirectUri,
      clientId: client.clientId,
      clientSecret: client.clientSecret,
    });
    const token = (parseJsonBody(exchange) as { access_token?: unknown } | undefined)?.access_token;
    if (typeof token !== 'string') throw new Error(`the token endpoint answered ${exchange.response.status}`);
    registerSecret(token);
    return token;
  } finally {
    await driver.close();
    await context.close();
  }
}
