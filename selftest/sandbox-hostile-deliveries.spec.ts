import { expect, test } from '@playwright/test';
import { startSandbox, type StartedSandbox } from '../sandbox/start.js';
import { DELIVERY_POLICY } from '../sandbox/notifications/delivery-rules.js';
import { actors, caller, Receiver, send, sleep, type Answer } from './support/hostile.js';
import { patient } from '../helpers/target/patience.js';

/**
 * Because the sandbox may be shared: notification deliveries aimed where they must not go, fanned out, outliving
 * their configuration, or carrying a token that breaks the header.
 */
test.describe.configure({ mode: 'default' });

const KEY = 'hostile-deliveries-control-key';
const NOTIFICATION = '/autoservice/v1/notification';

interface Subscriber {
  login: string;
  token: string;
}

/** A user with an autoupload token of a client of its own (set-up, made in the state directly). */
function subscriber(sandbox: StartedSandbox, login?: string): Subscriber {
  const made = actors(sandbox);
  const owner = login ?? made.login;
  const token = sandbox.state.tokens.issue({
    clientId: made.clientId,
    login: owner,
    scopes: ['autoupload'],
    issuedAtMs: Date.now(),
  });
  sandbox.state.ads.replace(owner, [{ id: 'ad-1', status: 'active' }]);
  return { login: owner, token };
}

function configure(
  sandbox: StartedSandbox,
  who: Subscriber,
  url: string,
  token = 'hook-token',
  method = 'POST',
  id = '',
): Promise<Answer> {
  return send(caller(sandbox), `${sandbox.appsUrl}${NOTIFICATION}${id === '' ? '' : `/${id}`}`, {
    method,
    headers: { authorization: `Bearer ${who.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ method: 'POST', url, media_type: 'application/json', token }),
  });
}

function helper(sandbox: StartedSandbox, method: string, path: string, body?: unknown): Promise<Answer> {
  return send(caller(sandbox), `${sandbox.appsUrl}/test_helpers/v1${path}`, {
    method,
    headers: { 'x-sandbox-key': KEY, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

function changeStatus(sandbox: StartedSandbox, who: Subscriber, status: string): Promise<Answer> {
  return helper(sandbox, 'POST', `/users/${who.login}/ads/ad-1/status`, { status });
}

interface LogEntry {
  url: string;
  outcome: string;
  status?: number;
  error?: string;
}

async function deliveryLog(sandbox: StartedSandbox, who: Subscriber): Promise<LogEntry[]> {
  const answer = await helper(sandbox, 'GET', `/users/${who.login}/deliveries`);
  expect(answer.status, `the delivery log helper: ${answer.body.slice(0, 200)}`).toBe(200);
  return (JSON.parse(answer.body) as { deliveries: LogEntry[] }).deliveries;
}

async function until<T>(what: () => Promise<T>, done: (value: T) => boolean, rounds = 50): Promise<T> {
  let value = await what();
  for (let round = 0; round < rounds && !done(value); round += 1) {
    await sleep(100);
    value = await what();
  }
  return value;
}

let sandbox: StartedSandbox;
const receiver = new Receiver();
let receiverUrl: string;
test.beforeAll(async () => {
  sandbox = await startSandbox({ controlKey: KEY });
  receiverUrl = await receiver.start();
});
test.afterAll(async () => {
  await sandbox.close();
  await receiver.stop();
});

test.describe('delivery policy', () => {
  test('a URL naming a link-local, private or the sandbox’s own address is refused with 400, on create and update', async () => {
    const who = subscriber(sandbox);
    const appsPort = new URL(sandbox.appsUrl).port;
    const authPort = new URL(sandbox.authUrl).port;
    const refused = [
      'http://169.254.169.254/latest/meta-data/',
      `http://0x7f.1:${appsPort}/test_helpers/v1/users`,
      `http://[::ffff:127.0.0.1]:${appsPort}/test_helpers/v1/users`,
      `http://127.0.0.1:${appsPort}/test_helpers/v1/users`,
      `https://127.0.0.1:${authPort}/oauth/token`,
      'http://10.0.0.1/hook',
      'http://192.168.1.1/hook',
      'http://[fe80::1]/hook',
      'http://[::ffff:169.254.169.254]/',
      'http://0/hook',
    ];
    for (const url of refused) {
      const answer = await configure(sandbox, who, url);
      expect(answer.status, `create with ${url}: ${answer.body}`).toBe(400);
      expect(JSON.parse(answer.body)).toMatchObject({ reason: 'BAD_REQUEST' });
    }
    const created = await configure(sandbox, who, `${receiverUrl}/hook`);
    expect(created.status, 'set-up: a loopback receiver is allowed').toBe(201);
    const { id } = JSON.parse(created.body) as { id: string };
    const update = await configure(sandbox, who, 'http://169.254.169.254/', 'hook-token', 'PUT', id);
    expect(update.status, `update to the metadata address: ${update.body}`).toBe(400);
  });

  test('a host name is checked after resolution at delivery time, and the refusal is in the delivery log', async () => {
    const who = subscriber(sandbox);
    const appsPort = new URL(sandbox.appsUrl).port;
    const created = await configure(sandbox, who, `http://localhost:${appsPort}/test_helpers/v1/users`);
    expect(created.status, 'set-up: a host name passes on create').toBe(201);
    const usersBefore = sandbox.state.users.size;
    expect((await changeStatus(sandbox, who, 'paused')).status, 'set-up: status change').toBe(202);
    const log = await until(
      () => deliveryLog(sandbox, who),
      (entries) => entries.length > 0,
    );
    expect(log[0], JSON.stringify(log)).toMatchObject({ outcome: 'refused' });
    expect(log[0]?.error ?? '').toMatch(/sandbox itself/);
    expect(sandbox.state.users.size, 'no user created by a delivery to the helpers').toBe(usersBefore);
  });

  test('SANDBOX_WEBHOOK_ALLOW narrows and widens the policy', async () => {
    const narrow = await startSandbox({ controlKey: KEY, webhookAllow: '127.0.0.2/32' });
    const wide = await startSandbox({ controlKey: KEY, webhookAllow: 'loopback,public,10.0.0.0/8' });
    try {
      const narrowWho = subscriber(narrow);
      expect(
        (await configure(narrow, narrowWho, `${receiverUrl}/hook`)).status,
        '127.0.0.1 outside 127.0.0.2/32',
      ).toBe(400);
      expect((await configure(narrow, narrowWho, 'http://127.0.0.2:9/hook')).status).toBe(201);
      const byName = await configure(narrow, narrowWho, `http://localhost:${receiver.port}/by-name`);
      expect(byName.status, 'set-up: a name passes on create').toBe(201);
      await changeStatus(narrow, narrowWho, 'paused');
      const log = await until(
        () => deliveryLog(narrow, narrowWho),
        (entries) => entries.some((entry) => entry.url.includes('by-name')),
      );
      expect(log.find((entry) => entry.url.includes('by-name'))).toMatchObject({ outcome: 'refused' });
      expect(receiver.arrivals.some((arrival) => arrival.path === '/by-name')).toBe(false);
      const wideWho = subscriber(wide);
      expect(
        (await configure(wide, wideWho, 'http://10.1.2.3/hook')).status,
        '10/8 allowed by the list',
      ).toBe(201);
    } finally {
      await Promise.all([narrow.close(), wide.close()]);
    }
  });

  test('a token holding CR or LF is refused with 400', async () => {
    const who = subscriber(sandbox);
    for (const token of ['abc\r\nX-Injected: 1', 'abc\ndef', 'abc\rdef', 'nul\u0000byte']) {
      const answer = await configure(sandbox, who, `${receiverUrl}/hook`, token);
      expect(answer.status, JSON.stringify(token)).toBe(400);
      expect(JSON.parse(answer.body)).toMatchObject({ reason: 'BAD_REQUEST' });
    }
  });

  test('configurations per user and client are capped', async () => {
    const who = subscriber(sandbox);
    const statuses: number[] = [];
    for (let index = 0; index < 25; index += 1)
      statuses.push((await configure(sandbox, who, `${receiverUrl}/cap-${index}`)).status);
    expect(statuses.filter((status) => status === 201).length).toBe(20);
    expect(statuses.slice(20)).toEqual([400, 400, 400, 400, 400]);
  });

  test('deliveries in flight across the sandbox are capped', async () => {
    test.setTimeout(patient(60_000));
    let release = (): void => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const holding = new Receiver(() => released.then(() => 200));
    const holdingUrl = await holding.start();
    try {
      // Three users (one user holds at most 32 slots; users already delivering leave the last 16 to
      // users with nothing in flight), two clients each with twenty configurations each: one
      // status change per user, 120 deliveries.
      const users = Array.from({ length: 3 }, () => subscriber(sandbox));
      for (const first of users)
        for (const who of [first, subscriber(sandbox, first.login)])
          for (let index = 0; index < 20; index += 1)
            expect((await configure(sandbox, who, `${holdingUrl}/fan-${index}`)).status, 'set-up').toBe(201);
      for (const who of users)
        expect((await changeStatus(sandbox, who, 'paused')).status, 'set-up: status change').toBe(202);
      await until(
        () => Promise.resolve(holding.open),
        (open) => open >= DELIVERY_POLICY.totalConcurrency - DELIVERY_POLICY.reservedSlots,
      );
      await sleep(500);
      expect(holding.maxOpen, 'deliveries held open at once').toBeLessThanOrEqual(
        DELIVERY_POLICY.totalConcurrency,
      );
      release();
      const all = await until(
        () => Promise.resolve(holding.arrivals.length),
        (count) => count >= 120,
      );
      expect(all, 'every delivery arrives once slots free up').toBe(120);
    } finally {
      release();
      await holding.stop();
    }
  });

  test('after DELETE answers 204 nothing more is delivered: the queue is purged, retries cancelled', async () => {
    test.setTimeout(patient(60_000));
    const failing = new Receiver(() => sleep(300).then(() => 503));
    const failingUrl = await failing.start();
    try {
      const who = subscriber(sandbox);
      const created = await configure(sandbox, who, `${failingUrl}/purge`);
      expect(created.status, 'set-up').toBe(201);
      const { id } = JSON.parse(created.body) as { id: string };
      for (let index = 0; index < 40; index += 1) await changeStatus(sandbox, who, `s${index}`);
      await sleep(100);
      const deleted = await send(caller(sandbox), `${sandbox.appsUrl}${NOTIFICATION}/${id}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${who.token}` },
      });
      expect(deleted.status, 'set-up: delete').toBe(204);
      const deletedAt = Date.now();
      await sleep(3000);
      const late = failing.arrivals.filter((arrival) => arrival.atMs > deletedAt);
      expect(late.length, 'deliveries that arrived after the 204').toBe(0);
      const log = await deliveryLog(sandbox, who);
      expect(log.some((entry) => entry.outcome === 'cancelled')).toBe(true);
    } finally {
      await failing.stop();
    }
  });

  test('the delivery log shows each attempt with url and status, never the token', async () => {
    const who = subscriber(sandbox);
    const token = 'log-token-that-must-not-show';
    expect((await configure(sandbox, who, `${receiverUrl}/logged`, token)).status, 'set-up').toBe(201);
    await changeStatus(sandbox, who, 'paused');
    const log = await until(
      () => deliveryLog(sandbox, who),
      (entries) => entries.length > 0,
    );
    expect(log[0]).toMatchObject({ url: `${receiverUrl}/logged`, outcome: 'delivered', status: 200 });
    expect(JSON.stringify(log)).not.toContain(token);
  });
});
