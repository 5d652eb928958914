import { expect } from '@playwright/test';
import { redemptionForm } from '../../helpers/clients/oauth-client.js';
import type { StartedSandbox } from '../../sandbox/start.js';
import { actors, Browser, caller, hiddenField, send } from './hostile.js';

/** The authorization code flow through the sandbox's own forms: a token for autoupload. */
export async function tokenOf(
  sandbox: StartedSandbox,
  { clientId, secret, redirectUri, login, password }: ReturnType<typeof actors>,
): Promise<string> {
  const browser = new Browser(sandbox, caller(sandbox));
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: redirectUri,
    scope: 'autoupload',
    state: 's',
  });
  const consent = await browser.logIn(await browser.go(`/oauth?${query.toString()}`), login, password);
  const approved = await browser.go('/oauth/consent', {
    request: hiddenField(consent, 'request'),
    csrf: hiddenField(consent, 'csrf'),
    decision: 'approve',
  });
  const code = new URL(approved.headers.location ?? 'none:').searchParams.get('code') ?? '';
  expect(code, 'set-up: a code').not.toBe('');
  const exchanged = await send(browser.agent, `${sandbox.authUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(
      Object.fromEntries(redemptionForm({ code, redirectUri, clientId, clientSecret: secret })),
    ).toString(),
  });
  expect(exchanged.status, 'set-up: the code exchange').toBe(200);
  return (JSON.parse(exchanged.body) as { access_token: string }).access_token;
}
