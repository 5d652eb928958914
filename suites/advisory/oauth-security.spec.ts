import type { Page, Request, Response } from '@playwright/test';
import { test, uniqueRedirectUri } from '../../fixtures/index.js';
import { advise, advisory, antiFraming, estimatedBits } from '../../helpers/assert/advise.js';
import { asCase } from '../../helpers/assert/covers.js';
import { type Credentials } from '../../helpers/clients/authorization-flow.js';
import { authorizationUrl } from '../../helpers/clients/oauth-client.js';
import { fillSecret } from '../../helpers/report/secret-fill.js';
import { registerRedirectSecrets } from '../../helpers/report/secret-harvest.js';
import type { TargetConfig } from '../../helpers/target/target.js';
import { patient } from '../../helpers/target/patience.js';

// The framing and Referer test drives its own page. The codes and tokens the entropy test collects
// are the server's values whichever user agent carries them: its set-up takes the form flow, as
// the suite's other set-up does (the browser when the target's pages need it).

/** What the browser saw of one approval: the login and consent documents and the request to the client. */
interface ObservedFlow {
  pages: Response[];
  toClient: Request;
}

/** An approval flow in a bare page, keeping every document response and the request to the client. */
async function observeApproval(
  page: Page,
  target: TargetConfig,
  url: string,
  redirectUri: string,
  user: Credentials,
): Promise<ObservedFlow> {
  const pages: Response[] = [];
  page.on('response', (response) => {
    if (response.request().isNavigationRequest() && response.url().startsWith(target.authUrl))
      pages.push(response);
  });
  const toClient = page.waitForRequest((request) => request.url().startsWith(redirectUri), {
    timeout: patient(20_000),
  });
  await page.goto(url).catch(() => undefined);
  if (await page.locator(target.selectors.loginUsername).isVisible()) {
    await page.fill(target.selectors.loginUsername, user.login);
    // Not page.fill: its step title carries the value into the report.
    await fillSecret(page.locator(target.selectors.loginPassword).first(), user.password);
    await Promise.all([page.waitForLoadState('domcontentloaded'), page.click(target.selectors.loginSubmit)]);
  }
  await page.locator(target.selectors.consentApprove).waitFor({ timeout: patient(15_000) });
  await page.click(target.selectors.consentApprove, { noWaitAfter: true });
  const request = await toClient;
  // The code it carries (under any name, in the query or the fragment) must never be printed.
  registerRedirectSecrets(request.url());
  return { pages, toClient: request };
}

test.describe('Advisory: OAuth 2.0 security best current practice', () => {
  test(
    'the authorization endpoint is served over HTTPS',
    advisory('RFC 6749 §3.1, RFC 9700 §2'),
    ({ target }) => {
      advise(
        new URL(target.authUrl).protocol === 'https:',
        'RFC 6749 §3.1',
        'an https:// authorization endpoint (credentials and codes cross it)',
        target.authUrl,
      );
    },
  );

  test(
    'the login and consent pages forbid framing, and the way back to the client leaks neither secrets nor a Referer',
    asCase(advisory('RFC 6749 §10.13, RFC 9700 §4.16 and §4.2.4'), 'pages-forbid-framing'),
    async ({ page, target, client, user }) => {
      const redirectUri = client.redirectUris[0] ?? uniqueRedirectUri();
      const url = authorizationUrl(target.authUrl, {
        clientId: client.clientId,
        redirectUri,
        scope: 'basic_user_info',
        state: 'advisory-state',
      });
      const flow = await observeApproval(page, target, url, redirectUri, user);
      for (const response of flow.pages.filter((one) => one.status() === 200)) {
        const headers = await response.allHeaders();
        advise(
          antiFraming(headers),
          'RFC 6749 §10.13, RFC 9700 §4.16',
          `X-Frame-Options DENY or SAMEORIGIN, or CSP frame-ancestors, on ${new URL(response.url()).pathname}`,
          `x-frame-options: ${headers['x-frame-options'] ?? '(none)'}; content-security-policy: ${headers['content-security-policy'] ?? '(none)'}`,
        );
      }
      const back = new URL(flow.toClient.url());
      const names = [...back.searchParams.keys()];
      advise(
        names.every((name) => ['code', 'state', 'iss'].includes(name)) && back.hash === '',
        'RFC 9700 §2.1.2',
        'only code, state (and iss) in the redirect to the client: no token or secret in a URL',
        `parameters ${names.join(', ')}${back.hash === '' ? '' : ' and a fragment'}`,
      );
      const referer = (await flow.toClient.allHeaders()).referer;
      advise(
        referer === undefined || new URL(referer).pathname === '/',
        'RFC 9700 §4.2.4',
        'no Referer (or the bare origin) on the request to the client: a Referrer-Policy such as no-referrer',
        `Referer: ${referer ?? '(none)'}`,
      );
    },
  );

  test(
    'authorization codes and access tokens carry at least 128 bits and never repeat',
    advisory('RFC 6749 §10.10, RFC 9700 §4.5'),
    async ({ client, redemption, tokenEndpoint }) => {
      const values: Array<{ kind: string; value: string }> = [];
      for (let round = 0; round < 3; round += 1) {
        const fresh = await redemption(client);
        values.push({ kind: 'code', value: fresh.code });
        const exchange = await tokenEndpoint.redeem(fresh);
        const token = (JSON.parse(exchange.response.body) as { access_token?: unknown }).access_token;
        if (typeof token === 'string') values.push({ kind: 'access token', value: token });
      }
      advise(
        new Set(values.map((one) => one.value)).size === values.length,
        'RFC 6749 §10.10',
        'every code and token different',
        'a value repeated',
      );
      for (const { kind, value } of values) {
        const bits = estimatedBits(value);
        advise(
          bits >= 128,
          'RFC 6749 §10.10, RFC 9700 §4.5',
          `a ${kind} of at least 128 bits`,
          `about ${Math.floor(bits)} bits (${value.length} characters)`,
        );
      }
    },
  );
});
