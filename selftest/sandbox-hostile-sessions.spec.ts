import { expect, test } from '@playwright/test';
import { SessionStore } from '../sandbox/store/sessions.js';
import { startSandbox, type StartedSandbox } from '../sandbox/start.js';
import { actors, Browser, caller, isConsentPage, isLoginPage } from './support/hostile.js';
import { patient } from '../helpers/target/patience.js';

/**
 * Because the sandbox may be shared: the login session and its consent, attacked as an outsider on the same
 * host would (fixation, another browser's request, a flood of flows, password guessing).
 */
test.describe.configure({ mode: 'default' });

let sandbox: StartedSandbox;
test.beforeAll(async () => {
  sandbox = await startSandbox({ controlKey: null });
});
test.afterAll(async () => {
  await sandbox.close();
});

test.describe('login sessions', () => {
  test('a session planted before login is worth nothing after it: fresh id and CSRF token, __Host- cookie', async () => {
    const { clientId, redirectUri, login, password } = actors(sandbox);
    const attacker = new Browser(sandbox, caller(sandbox));
    await attacker.authorize(clientId, redirectUri);
    const planted = attacker.cookie;
    expect(planted, 'set-up: the attacker got a session cookie').not.toBeNull();
    // The victim's browser carries the planted cookie, starts a flow and logs in.
    const victim = new Browser(sandbox, caller(sandbox));
    victim.cookie = planted;
    const loginPage = await victim.authorize(clientId, redirectUri);
    expect(isLoginPage(loginPage), 'set-up: the login page').toBe(true);
    const consent = await victim.logIn(loginPage, login, password);
    expect(isConsentPage(consent)).toBe(true);
    expect(victim.cookie, 'a fresh session id at login').not.toBe(planted);
    expect(victim.cookie ?? '').toMatch(/^__Host-/);
    expect(consent.headers['set-cookie']).toMatch(/Secure/);
    expect(consent.headers['set-cookie']).toMatch(/Path=\//);
    expect(consent.headers['set-cookie']).not.toMatch(/Domain=/i);
    expect(consent.body, 'a fresh CSRF token at login').not.toContain(
      /name="csrf" value="([^"]*)"/.exec(loginPage.body)?.[1] ?? 'none',
    );
    // The attacker's copy of the old session does not see the victim logged in.
    const attackerView = await attacker.authorize(clientId, redirectUri);
    expect(isConsentPage(attackerView), 'the planted session is not logged in').toBe(false);
    expect(isLoginPage(attackerView)).toBe(true);
  });

  test("one browser cannot approve another browser's pending request", async () => {
    const { clientId, redirectUri, login, password } = actors(sandbox);
    const approver = new Browser(sandbox, caller(sandbox));
    const consent = await approver.logIn(await approver.authorize(clientId, redirectUri), login, password);
    expect(isConsentPage(consent), 'set-up: the approver is logged in').toBe(true);
    const other = new Browser(sandbox, caller(sandbox));
    const othersPage = await other.authorize(clientId, redirectUri, 'other-browser');
    const othersRequest = /name="request" value="([^"]*)"/.exec(othersPage.body)?.[1] ?? '';
    const csrf = /name="csrf" value="([^"]*)"/.exec(consent.body)?.[1] ?? '';
    const answer = await approver.go('/oauth/consent', { request: othersRequest, csrf, decision: 'approve' });
    expect(answer.status, `no code for another browser's request (location ${answer.headers.location})`).toBe(
      400,
    );
    expect(answer.headers.location).toBeUndefined();
  });

  test("a flood of flows stores nothing: neither the flooding browser's first flow nor another's is pushed out", async () => {
    test.setTimeout(patient(120_000));
    const { clientId, redirectUri, login, password } = actors(sandbox);
    const victim = new Browser(sandbox, caller(sandbox, '127.0.0.2'));
    const victimPage = await victim.authorize(clientId, redirectUri);
    const floodAgent = caller(sandbox, '127.0.0.1');
    const first = new Browser(sandbox, floodAgent);
    const firstPage = await first.authorize(clientId, redirectUri, 'x'.repeat(4000));
    // 1,500 abandoned flows with long URLs, each its own browser (bounded loop).
    const longState = 'y'.repeat(4000);
    for (let round = 0; round < 30; round += 1)
      await Promise.all(
        Array.from({ length: 50 }, () =>
          new Browser(sandbox, floodAgent).authorize(clientId, redirectUri, longState),
        ),
      );
    const firstLogin = await first.logIn(firstPage, login, password);
    expect(
      isConsentPage(firstLogin),
      `the flooding address's first flow survives (HTTP ${firstLogin.status})`,
    ).toBe(true);
    const victimLogin = await victim.logIn(victimPage, login, password);
    expect(
      isConsentPage(victimLogin),
      `another address's flow in progress survives the flood (HTTP ${victimLogin.status})`,
    ).toBe(true);
  });

  test('a sealed request is bound to its browser and expires after ten minutes; sessions too', () => {
    let now = 1_000_000;
    const store = new SessionStore(() => now);
    const request = { clientId: 'c', redirectUri: 'u', redirectUriSent: null, scopes: [], state: null };
    const browser = store.browserOf(undefined);
    const sealed = store.sealed.seal(request, browser);
    expect(store.sealed.open(sealed, browser)).toEqual(request);
    expect(store.sealed.open(sealed, store.browserOf(undefined)), 'another browser').toBeUndefined();
    expect(
      store.sealed.open(`${sealed.split('.')[0] ?? ''}.forged`, browser),
      'a forged seal',
    ).toBeUndefined();
    const session = store.logIn('someone');
    const pending = store.hold({ ...request, sessionId: session.id }, 'someone');
    now += 9 * 60 * 1000;
    expect(store.sealed.open(sealed, browser)).toBeDefined();
    expect(store.find(session.id)).toBeDefined();
    expect(store.pendingRequest(pending.id, session)).toBeDefined();
    now += 2 * 60 * 1000;
    expect(store.sealed.open(sealed, browser), 'a sealed request 11 minutes old').toBeUndefined();
    expect(store.find(session.id), 'a session 11 minutes old').toBeUndefined();
    expect(store.pendingRequest(pending.id, session), 'a pending request 11 minutes old').toBeUndefined();
  });
});

test.describe('login throttling', () => {
  test('after repeated wrong passwords for one login, even the right one is refused with a clear message', async () => {
    const { clientId, redirectUri, login, password } = actors(sandbox);
    const browser = new Browser(sandbox, caller(sandbox, '127.0.0.4'));
    let page = await browser.authorize(clientId, redirectUri);
    for (let attempt = 0; attempt < 30; attempt += 1) {
      page = await browser.logIn(page, login, `wrong-${attempt}`);
      expect(isLoginPage(page), `set-up: wrong password ${attempt} shows the login page`).toBe(true);
    }
    const right = await browser.logIn(page, login, password);
    expect(isConsentPage(right), 'the right password after 30 wrong ones').toBe(false);
    expect(right.status).toBe(429);
    expect(right.body).toMatch(/Too many failed sign-in attempts\. Try again in \d+ (seconds?|minutes?)\./);
    expect(isLoginPage(right), 'the message is on the login page').toBe(true);
  });

  test('guessing across many logins from one address throttles each of them, never another login', async () => {
    const { clientId, redirectUri, login, password } = actors(sandbox);
    const browser = new Browser(sandbox, caller(sandbox, '127.0.0.5'));
    let page = await browser.authorize(clientId, redirectUri);
    for (let attempt = 0; attempt < 101; attempt += 1)
      page = await browser.logIn(page, `nobody-${attempt % 10}`, 'guess');
    const guessed = await browser.logIn(page, 'nobody-0', 'guess');
    expect(guessed.status, 'a login guessed ten times is throttled, known or not').toBe(429);
    const right = await browser.logIn(page, login, password);
    expect(
      isConsentPage(right),
      `a right password from an address that guessed 101 times (HTTP ${right.status})`,
    ).toBe(true);
  });
});
