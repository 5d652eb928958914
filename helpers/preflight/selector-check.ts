import type { Page } from '@playwright/test';
import { trustArgsFor } from '../target/browser-trust.js';
import { BROWSER_VIEWPORT, launchChromium } from '../target/chromium.js';
import { ControlClient } from '../clients/control-client.js';
import { BrokenEnvironmentError, whereOf } from '../target/broken-environment.js';
import { HttpClient } from '../clients/http.js';
import { authorizationUrl } from '../clients/oauth-client.js';
import { registerSecret } from '../report/redact.js';
import { fillSecret } from '../report/secret-fill.js';
import { TlsRefusalWatch } from '../target/tls-refusal-watch.js';
import { redirectOrigin } from '../target/redirect-origin.js';
import { CONSENT_KEYS, LOGIN_KEYS, selectorsMatchInForms } from './selector-check-forms.js';
import type { TargetConfig } from '../target/target.js';

type Selectors = TargetConfig['selectors'];
const STEP_TIMEOUT_MS = 10_000;

/** What the check needs: an authorization request that reaches the login page, and who to log in as. */
interface Probe {
  url: string;
  clientOrigin: string;
  user: { login: string; password: string } | null;
  /** The variables that name the client of the request, to check when the target refuses it. */
  clientVariables: string;
}

/** Where the browser is: the page's address (without query), the document's status and title. */
interface Landing {
  url: string;
  status: number | null;
  title: string;
}

/**
 * Opens the target's login page in headless Chromium before any test and checks, in one pass,
 * each login selector, then (logging in when the fields are there) each consent selector. Returns
 * one line per problem (empty when all matched, or when no client is known). A page that is none
 * of ours (the target refused the request: a wrong client id or redirect URI) is reported as the
 * page it is, with the variables to check, not as selectors matching nothing.
 */
export async function checkSelectors(target: TargetConfig): Promise<string[]> {
  const probe = await probeFor(target);
  if (probe === null) return [];
  // Plain HTML forms on which every selector matches: nothing for the browser to add.
  if (await selectorsMatchInForms(target, probe)) return [];
  // Its own pin of the target's key: the check may run for a target other than the run's.
  const browser = await launchChromium(await trustArgsFor(target));
  try {
    const context = await browser.newContext({ viewport: BROWSER_VIEWPORT });
    const page = await context.newPage();
    // A certificate the browser refuses is a broken environment, not a selector that matches nothing.
    const tls = new TlsRefusalWatch(page);
    const navigation = watchClient(page, probe.clientOrigin);
    const response = await page.goto(probe.url, { timeout: STEP_TIMEOUT_MS }).catch(() => null);
    tls.check();
    if (navigation.reachedClient) return [];
    const landing = await landingOf(page, response?.status() ?? null);
    const login = await missing(page, target.selectors, LOGIN_KEYS);
    const consent = await missing(page, target.selectors, CONSENT_KEYS);
    if (login.length === LOGIN_KEYS.length && consent.length < CONSENT_KEYS.length)
      // No login page: a session or a target that asks for consent at once.
      return consent.map((key) => problem(key, target.selectors, 'consent', landing.url));
    if (login.length === LOGIN_KEYS.length && consent.length === CONSENT_KEYS.length)
      return notReached(landing, probe, target.selectors);
    const problems = login.map((key) => problem(key, target.selectors, 'login', landing.url));
    if (probe.user === null || login.includes('loginUsername') || login.includes('loginPassword'))
      return problems.length === 0 ? problems : [...problems, CONSENT_UNCHECKED];
    const consentProblems = await checkConsent(page, target.selectors, probe, navigation, login);
    tls.check();
    return [...problems, ...consentProblems];
  } finally {
    await browser.close();
  }
}

const CONSENT_UNCHECKED =
  'CONSENT_APPROVE_SELECTOR, CONSENT_DENY_SELECTOR: not checked, since the login page could not be filled in';

/** The whole page is none of ours: say what it is, and what to check for each likely cause. */
function notReached(landing: Landing, probe: Probe, selectors: Selectors): string[] {
  const page = `${landing.url} (HTTP ${landing.status ?? 'unknown'}, title ${JSON.stringify(landing.title)})`;
  if (landing.status !== null && landing.status >= 400)
    return [
      `The authorization request did not reach a login page: the browser stayed on ${page}, where the target refused it. Check ${probe.clientVariables} and TARGET_AUTH_URL. The login and consent selectors could not be tried.`,
    ];
  return [
    `None of the five selectors matches anything on ${page}: either the target refused the request (check ${probe.clientVariables} and TARGET_AUTH_URL) or the selectors are not those of its login page.`,
    ...LOGIN_KEYS.map((key) => problem(key, selectors, 'login', landing.url)),
  ];
}

async function landingOf(page: Page, status: number | null): Promise<Landing> {
  const title = await page.title().catch(() => '');
  return { url: whereOf(page.url()), status, title: title.slice(0, 120) };
}

/** The way back to the client fails to load (nothing listens there): watch the request instead. */
function watchClient(page: Page, clientOrigin: string): { reachedClient: boolean } {
  const navigation = { reachedClient: false };
  page.on('request', (request) => {
    if (request.url().startsWith(clientOrigin)) navigation.reachedClient = true;
  });
  return navigation;
}

async function checkConsent(
  page: Page,
  selectors: Selectors,
  probe: Probe,
  navigation: { reachedClient: boolean },
  loginMissing: Array<keyof Selectors>,
): Promise<string[]> {
  if (probe.user === null) return [];
  registerSecret(probe.user.password);
  await page.fill(selectors.loginUsername, probe.user.login);
  await fillSecret(page.locator(selectors.loginPassword).first(), probe.user.password, STEP_TIMEOUT_MS);
  const loaded = page.waitForEvent('domcontentloaded', { timeout: STEP_TIMEOUT_MS }).catch(() => undefined);
  // Without a working submit selector, Enter in the password field submits most login forms: the
  // consent page can still be reached and its selectors checked in the same pass.
  if (loginMissing.includes('loginSubmit'))
    await page.press(selectors.loginPassword, 'Enter', { timeout: STEP_TIMEOUT_MS, noWaitAfter: true });
  else await page.click(selectors.loginSubmit, { timeout: STEP_TIMEOUT_MS, noWaitAfter: true });
  await loaded;
  // No consent page to check: the target skipped it (for a client the user approved before, or
  // wrongly, which the tests of section 5 report; the run must not stop for it).
  if (navigation.reachedClient || page.url().startsWith(probe.clientOrigin)) return [];
  if ((await missing(page, selectors, ['loginUsername'])).length === 0)
    return loginMissing.includes('loginSubmit')
      ? [CONSENT_UNCHECKED.replace('could not be filled in', 'could not be submitted')]
      : [
          'TARGET_USER_LOGIN, TARGET_USER_PASSWORD: the login page came back after logging in with them (wrong credentials, or LOGIN_SUBMIT_SELECTOR is not the submit button)',
        ];
  const consent = await missing(page, selectors, CONSENT_KEYS);
  return consent.map((key) => problem(key, selectors, 'consent', page.url()));
}

async function missing(
  page: Page,
  selectors: Selectors,
  keys: Array<keyof Selectors>,
): Promise<Array<keyof Selectors>> {
  const absent: Array<keyof Selectors> = [];
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
      return {
        url: urlFor(target, client.clientId, redirectUri),
        clientOrigin: originOf(redirectUri),
        user,
        clientVariables: 'the client the test helpers registered (SANDBOX_CONTROL_URL, SANDBOX_CONTROL_KEY)',
      };
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
    clientVariables: 'TARGET_CLIENT_ID and TARGET_REDIRECT_URI (a redirect URI registered for that client)',
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
