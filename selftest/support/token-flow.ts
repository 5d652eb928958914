import { expect } from '@playwright/test';
import { redemptionForm } from '../../helpers/clients/oauth-client.js';
import type { StartedSandbox } from '../../sandbox/start.js';
import { type actors, type Answer, Browser, caller, send } from './hostile.js';

type Actor = ReturnType<typeof actors>;

/**
 * Through the sandbox's own forms, up to the code: signed in, consent approved for `scope`; in
 * `browser`'s cookie jar when one is given (what it met before goes with it), else a new one.
 */
export async function approvedCode(
  sandbox: StartedSandbox,
  { clientId, redirectUri, login, password }: Actor,
  scope: string,
  browser = new Browser(sandbox, caller(sandbox)),
): Promise<{ browser: Browser; code: string }> {
  const consent = await browser.logIn(
    await browser.authorize(clientId, redirectUri, 's', scope),
    login,
    password,
  );
  const approved = await browser.approve(consent);
  const code = new URL(approved.headers.location ?? 'none:').searchParams.get('code') ?? '';
  expect(code, 'set-up: a code').not.toBe('');
  return { browser, code };
}

/** 4.2: the code for a token, the secret in the form body; the answer as it came. */
export function redeemCode(
  sandbox: StartedSandbox,
  browser: Browser,
  { clientId, secret, redirectUri }: Actor,
  code: string,
): Promise<Answer> {
  return send(browser.agent, `${sandbox.authUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(
      Object.fromEntries(redemptionForm({ code, redirectUri, clientId, clientSecret: secret })),
    ).toString(),
  });
}

/** The authorization code flow through the sandbox's own forms: a token for autoupload. */
export async function tokenOf(sandbox: StartedSandbox, actor: Actor): Promise<string> {
  const { browser, code } = await approvedCode(sandbox, actor, 'autoupload');
  const exchanged = await redeemCode(sandbox, browser, actor, code);
  expect(exchanged.status, 'set-up: the code exchange').toBe(200);
  return (JSON.parse(exchanged.body) as { access_token: string }).access_token;
}
