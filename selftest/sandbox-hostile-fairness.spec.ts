import { createServer } from 'node:http';
import { expect, test } from '@playwright/test';
import { delayAfter, LOGIN_THROTTLE, LoginThrottle } from '../sandbox/oauth/login-throttle.js';
import { startSandbox, type StartedSandbox } from '../sandbox/start.js';
import {
  actors,
  Browser,
  caller,
  isConsentPage,
  Receiver,
  send,
  sleep,
  type Answer,
} from './support/hostile.js';
import { listenOnLoopback, type ListeningServer } from './support/listen.js';
import { patient } from '../helpers/target/patience.js';

/**
 * On a shared host every user comes from 127.0.0.1, so nothing may be limited per
 * address. While an attack runs from that same address, a second user signs in and completes a
 * flow, and a second user's delivery arrives within a second.
 */
test.describe.configure({ mode: 'default' });

const KEY = 'hostile-fairness-control-key';
const NOTIFICATION = '/autoservice/v1/notification';

let sandbox: StartedSandbox;
test.beforeAll(async () => {
  sandbox = await startSandbox({ controlKey: KEY });
});
test.afterAll(async () => {
  await sandbox.close();
});

/** An attack from one address: `one` over and over, ten at a time, until stopped (bounded). */
class Attack {
  sent = 0;
  private stopped = false;
  readonly finished: Promise<void>;

  constructor(one: (index: number) => Promise<unknown>, rounds = 300) {
    this.finished = (async () => {
      for (let round = 0; round < rounds && !this.stopped; round += 1) {
        await Promise.all(Array.from({ length: 10 }, (_, index) => one(this.sent + index)));
        this.sent += 10;
      }
    })();
  }

  /** Waits until `count` requests are answered (set-up: past the old limits before the victim acts). */
  async past(count: number): Promise<void> {
    for (let round = 0; round < patient(600) && this.sent < count; round += 1) await sleep(50);
    expect(this.sent, `set-up: the attack sent more than ${count} requests`).toBeGreaterThanOrEqual(count);
  }

  async stop(): Promise<number> {
    this.stopped = true;
    await this.finished;
    return this.sent;
  }
}

/** The whole flow of a browser already on the login page: sign in, approve, the code's redirect. */
async function completeFlow(
  browser: Browser,
  loginPage: Answer,
  login: string,
  password: string,
): Promise<Answer> {
  const consent = await browser.logIn(loginPage, login, password);
  expect(isConsentPage(consent), `the consent page after signing in (HTTP ${consent.status})`).toBe(true);
  return browser.approve(consent);
}

test.describe('one user cannot lock out or evict another', () => {
  test('failed sign-ins on other logins from the same address never refuse a second user', async () => {
    test.setTimeout(patient(120_000));
    const { clientId, redirectUri, login, password } = actors(sandbox);
    const attacked = actors(sandbox);
    const attacker = new Browser(sandbox, caller(sandbox));
    const attackerPage = await attacker.authorize(clientId, redirectUri);
    const guesses = new Attack((index) =>
      attacker.logIn(attackerPage, index % 10 === 0 ? attacked.login : `nobody-${index}`, 'guess'),
    );
    // Past the old shared limit of 100 failures per address (unknown logins, mostly), then on while the
    // second user signs in.
    await guesses.past(150);
    const victim = new Browser(sandbox, caller(sandbox));
    const approved = await completeFlow(
      victim,
      await victim.authorize(clientId, redirectUri),
      login,
      password,
    );
    await guesses.stop();
    expect(approved.status).toBe(302);
    expect(approved.headers.location ?? '', 'a code for the second user').toMatch(/[?&]code=/);
    const guessed = await attacker.logIn(attackerPage, attacked.login, attacked.password);
    expect(guessed.status, 'the attacked login itself stays throttled, right password or not').toBe(429);
  });

  test('a flood of cookie-less authorization requests evicts no flow in progress', async () => {
    test.setTimeout(patient(120_000));
    const { clientId, redirectUri, login, password } = actors(sandbox);
    const victim = new Browser(sandbox, caller(sandbox));
    const loginPage = await victim.authorize(clientId, redirectUri);
    const flood = caller(sandbox);
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: clientId,
      redirect_uri: redirectUri,
    });
    const requests = new Attack(() =>
      send(flood, `${sandbox.authUrl}/oauth?${query.toString()}&state=${'z'.repeat(2000)}`),
    );
    // Past the old cap of 200 per address before the user signs in, then on while they do.
    await requests.past(250);
    const approved = await completeFlow(victim, loginPage, login, password);
    await requests.stop();
    expect(approved.status).toBe(302);
    expect(approved.headers.location ?? '', 'a code for the user whose flow was in progress').toMatch(
      /[?&]code=/,
    );
  });
});

test('the throttle forgets the lightest logins first: a flood of new logins cannot reset a throttled one', () => {
  let now = 1_000_000;
  const throttle = new LoginThrottle(() => now);
  for (let failure = 0; failure < LOGIN_THROTTLE.freeFailures + 3; failure += 1) throttle.failed('victim');
  const victimWait = throttle.waitMs('victim');
  expect(victimWait, 'set-up: the victim waits').toBeGreaterThan(0);
  for (let index = 0; index < LOGIN_THROTTLE.maxTracked + 100; index += 1) throttle.failed(`flood-${index}`);
  expect(throttle.size, 'logins tracked').toBe(LOGIN_THROTTLE.maxTracked);
  expect(throttle.waitMs('victim'), 'the victim still waits').toBe(victimWait);
  expect(throttle.waitMs('other'), 'a login with no failure waits for nothing').toBe(0);
  now += LOGIN_THROTTLE.maxDelayMs;
  expect(delayAfter(LOGIN_THROTTLE.freeFailures + 1)).toBe(LOGIN_THROTTLE.firstDelayMs);
  expect(delayAfter(LOGIN_THROTTLE.freeFailures + 40), 'the delay is capped').toBe(LOGIN_THROTTLE.maxDelayMs);
});

interface Subscriber {
  login: string;
  token: string;
}

/** A user (or another client of it) with an autoupload token and one ad (set-up, in the state). */
function subscriber(existing?: string): Subscriber {
  const made = actors(sandbox);
  const login = existing ?? made.login;
  const clientId = made.clientId;
  const token = sandbox.state.tokens.issue({
    clientId,
    login,
    scopes: ['autoupload'],
    issuedAtMs: Date.now(),
  });
  sandbox.state.ads.replace(login, [{ id: 'ad-1', status: 'active' }]);
  return { login, token };
}

async function configure(who: Subscriber, url: string): Promise<void> {
  const answer = await send(caller(sandbox), `${sandbox.appsUrl}${NOTIFICATION}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${who.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ method: 'POST', url, media_type: 'application/json', token: 'hook-token' }),
  });
  expect(answer.status, 'set-up: configuration').toBe(201);
}

async function changeStatus(who: Subscriber, status: string): Promise<void> {
  const answer = await send(
    caller(sandbox),
    `${sandbox.appsUrl}/test_helpers/v1/users/${who.login}/ads/ad-1/status`,
    {
      method: 'POST',
      headers: { 'x-sandbox-key': KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ status }),
    },
  );
  expect(answer.status, 'set-up: status change').toBe(202);
}

/** A receiver that never answers: counts the requests whose connection the sandbox still holds. */
class HangingReceiver {
  open = 0;
  maxOpen = 0;
  private readonly server = createServer((incoming) => {
    this.open += 1;
    this.maxOpen = Math.max(this.maxOpen, this.open);
    incoming.socket.once('close', () => {
      this.open -= 1;
    });
  });
  private listening: ListeningServer | undefined;

  async start(): Promise<string> {
    this.listening = await listenOnLoopback(this.server);
    return this.listening.url;
  }

  async stop(): Promise<void> {
    await this.listening?.close();
  }
}

test.describe("one user's dead receivers cannot slow another's deliveries", () => {
  test("a second user's delivery arrives within a second while the first user's receivers hang", async () => {
    test.setTimeout(patient(120_000));
    const dead = new HangingReceiver();
    const live = new Receiver();
    const deadUrl = await dead.start();
    const liveUrl = await live.start();
    try {
      // Eight configurations (five clients) of one user, all to a receiver that never answers.
      const attacker = subscriber();
      for (let index = 0; index < 4; index += 1)
        await configure(subscriber(attacker.login), `${deadUrl}/dead-${index}`);
      for (let index = 0; index < 4; index += 1) await configure(attacker, `${deadUrl}/own-${index}`);
      for (let change = 0; change < 40; change += 1)
        await changeStatus(attacker, change % 2 === 0 ? 'paused' : 'active');
      for (let round = 0; round < patient(50) && dead.open < 32; round += 1) await sleep(100);
      expect(dead.open, 'set-up: the dead receiver holds 32 deliveries or more').toBeGreaterThanOrEqual(32);
      // From here on, what one user may hold at once (no more than 32, whatever it has queued).
      dead.maxOpen = Math.min(dead.open, 32);
      const victim = subscriber();
      await configure(victim, `${liveUrl}/victim`);
      const startedAtMs = Date.now();
      await changeStatus(victim, 'paused');
      for (let round = 0; round < patient(100) && live.arrivals.length === 0; round += 1) await sleep(20);
      const arrival = live.arrivals[0];
      expect(arrival, "the second user's delivery arrives").toBeDefined();
      // A second on a quiet machine, more on a loaded one, and always under the sandbox's 6 s
      // delivery timeout: a delivery queued behind a hanging one would take that long at least.
      expect((arrival?.atMs ?? Infinity) - startedAtMs, "the second user's delivery, in ms").toBeLessThan(
        Math.min(patient(1000), 5000),
      );
      expect(dead.maxOpen, "one user's deliveries in flight at once").toBeLessThanOrEqual(32);
    } finally {
      await dead.stop();
      await live.stop();
    }
  });
});
