import type { Page } from '@playwright/test';
import { launchChromium } from './chromium.js';
import { ControlClient } from './control-client.js';
import { BrokenEnvironmentError, whereOf } from './broken-environment.js';
import { HttpClient } from './http.js';
import { authorizationUrl } from './oauth-client.js';
import { registerSecret } from './redact.js';
import { redirectOrigin } from './redirect-origin.js';
import type { TargetConfig } from './target.js';

type Selectors = TargetConfig['selectors'];
const STEP_TIMEOUT_MS = 10_000;

/** What the check needs: an authorization request that reaches the login page, and who to log in as. */
interface Probe {
  url: string;
  clientOrigin: string;
  user: { login: string; password: string } | null;
}

/**
 * Opens the target's login page in headless Chromium before any test and checks that each login
 * selector matches something; then logs in and checks the consent selectors the same way. Returns
 * one line per selector that matched nothing (empty when all did, or when no client is known).
 */
export async function checkSelectors(target: TargetConfig): Promise<string[]> {
  const probe = await probeFor(target);
  if (probe === null) return [];
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ ignoreHTTPSErrors: target.caFile !== undefined });
    const page = await context.newPage();
    await page.goto(probe.url, { timeout: STEP_TIMEOUT_MS }).catch(() => null);
    const login = await missing(page, target.selectors, ['loginUsername', 'loginPassword', 'loginSubmit']);
    if (login.length > 0) return login.map((key) => problem(key, target.selectors, 'login', page.url()));
    if (probe.user === null) return [];
    return await checkConsent(page, target.selectors, probe);
  } finally {
    await browser.close();
  }
}

async function checkConsent(page: Page, selectors: Selectors, probe: Probe): Promise<string[]> {
  if (probe.user === null) return [];
  // The way back to the client fails to load (nothing listens there): watch the request instead.
  const navigation = { reachedClient: false };
  page.on('request', (request) => {
    if (request.url().startsWith(probe.clientOrigin)) navigation.reachedClient = true;
  });
  registerSecret(probe.user.password);
  await page.fill(selectors.loginUsername, probe.user.login);
  await page.fill(selectors.loginPassword, probe.user.password);
  const loaded = page.waitForEvent('domcontentloaded', { timeout: STEP_TIMEOUT_MS }).catch(() => undefined);
  await page.click(selectors.loginSubmit, { timeout: STEP_TIMEOUT_MS, noWaitAfter: true });
  await loaded;
  // No consent page to check: the target skipped it (for a client the user approved before, or
  // wrongly, which the tests of section 5 report; the run must not stop for it).
  if (navigation.reachedClient || page.url().startsWith(probe.clientOrigin)) return [];
  if ((await missing(page, selectors, ['loginUsername'])).length === 0)
    return [
      'TARGET_USER_LOGIN, TARGET_USER_PASSWORD: the login page came back after logging in with them (wrong credentials, or LOGIN_SUBMIT_SELECTOR is not the submit button)',
    ];
  const consent = await missing(page, selectors, ['consentApprove', 'consentDeny']);
  return consent.map((key) => problem(key, selectors, 'consent', page.url()));
}

async function missing(page: Page, selectors: Selectors, keys: Array<keyof Selectors>): Promise<string[]> {
  const absent: string[] = [];
  for (const key of keys) {
    const count = await page
      .locator(selectors[key])
      .count()
      .catch(() => 0);
    if (count === 0) absent.push(key);
  }
  return absent;
}

const VARIABLES: Record<keyof Selectors, string> = {
  loginUsername: 'LOGIN_USERNAME_SELECTOR',
  loginPassword: 'LOGIN_PASSWORD_SELECTOR',
  loginSubmit: 'LOGIN_SUBMIT_SELECTOR',
  consentApprove: 'CONSENT_APPROVE_SELECTOR',
  consentDeny: 'CONSENT_DENY_SELECTOR',
};

function problem(key: string, selectors: Selectors, page: string, url: string): string {
  const name = key as keyof Selectors;
  return `${VARIABLES[name]}: expected a CSS selector matching an element of the ${page} page at ${whereOf(url)}, but "${selectors[name]}" matches nothing`;
}

/**
 * With test helpers: a throwaway client and user; without: the configured client and user. Null
 * (no check) when the helpers answer with something unexpected: that is for the tests to report,
 * requirement by requirement, not a reason to stop the run.
 */
async function probeFor(target: TargetConfig): Promise<Probe | null> {
  if (target.control !== null) {
    const http = new HttpClient({ caFile: target.caFile });
    try {
      const helpers = new ControlClient(http, target.control.url, target.control.key);
      const redirectUri = `${redirectOrigin()}/conformance/selector-check`;
      const client = await helpers.createClient([redirectUri], 'conformance selector check');
      const user = await helpers.createUser();
      return { url: urlFor(target, client.clientId, redirectUri), clientOrigin: originOf(redirectUri), user };
    } catch (error) {
      if (error instanceof BrokenEnvironmentError) throw error;
      console.error(
        `Selector check skipped: the test helpers could not make its client and user (${firstLine(error)}).`,
      );
      return null;
    } finally {
      await http.close();
    }
  }
  if (target.client === null) return null;
  return {
    url: urlFor(target, target.client.clientId, target.client.redirectUri),
    clientOrigin: originOf(target.client.redirectUri),
    user: target.user,
  };
}

function urlFor(target: TargetConfig, clientId: string, redirectUri: string): string {
  return authorizationUrl(target.authUrl, {
    clientId,
    redirectUri,
    scope: 'basic_user_info',
    state: 'selector-check',
  });
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
}

function originOf(uri: string): string {
  return new URL(uri).origin;
}
