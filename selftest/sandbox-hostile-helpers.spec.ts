import { spawn } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { startSandbox, type StartedSandbox } from '../sandbox/start.js';
import { actors, caller, send, type Answer } from './support/hostile.js';
import { approvedCode, redeemCode } from './support/token-flow.js';
import { childEnvironment } from '../config/environment.js';
import { patient } from '../helpers/target/patience.js';

/**
 * Because the sandbox may be shared, the test helpers and the token endpoint attacked as an outsider
 * would (no key, huge bodies, endless creation, a clock pushed past any date, a replayed code).
 */
test.describe.configure({ mode: 'default' });

const KEY = 'hostile-helpers-control-key';

function helper(
  sandbox: StartedSandbox,
  method: string,
  path: string,
  body?: unknown,
  key: string | null = KEY,
): Promise<Answer> {
  return send(caller(sandbox), `${sandbox.appsUrl}/test_helpers/v1${path}`, {
    method,
    headers: { ...(key === null ? {} : { 'x-sandbox-key': key }), 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
}

test.describe('control key', () => {
  for (const key of ['', 'short-key-15chr']) {
    test(`a sandbox given the key ${JSON.stringify(key)} serves no helper (404), whatever key is sent`, async () => {
      const sandbox = await startSandbox({ controlKey: key });
      try {
        sandbox.state.users.create({ login: 'demo' });
        const create = await helper(sandbox, 'POST', '/users', {}, key);
        expect(create.status, create.body).toBe(404);
        const seed = await helper(sandbox, 'PUT', '/users/demo/ads', { ads: [] }, key);
        expect(seed.status, seed.body).toBe(404);
      } finally {
        await sandbox.close();
      }
    });
  }

  test('npm run sandbox with an empty SANDBOX_CONTROL_KEY refuses to start, in one line', async () => {
    test.setTimeout(patient(60_000));
    const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/main.ts'], {
      env: childEnvironment({ SANDBOX_CONTROL_KEY: '', SANDBOX_AUTH_PORT: '0', SANDBOX_APPS_PORT: '0' }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const exit = await new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => {
        child.kill();
        resolve(null);
      }, 30_000);
      child.once('exit', (code) => {
        clearTimeout(timer);
        resolve(code);
      });
    });
    expect(stdout, 'it did not start').not.toContain('sandbox running');
    expect(exit, 'it exited with a failure status').not.toBe(0);
    expect(exit).not.toBeNull();
    const lines = stderr.trim().split('\n');
    expect(lines, stderr).toHaveLength(1);
    expect(lines[0]).toMatch(/SANDBOX_CONTROL_KEY must be at least 16 characters/);
  });
});

test.describe('sizes and caps of the helpers', () => {
  test('an ads body beyond the helper limit is refused before it is parsed', async () => {
    test.setTimeout(patient(120_000));
    const sandbox = await startSandbox({ controlKey: KEY });
    try {
      const user = sandbox.state.users.create({});
      sandbox.state.ads.replace(user.login, [{ id: 'kept', status: 'active' }]);
      // 200,000 valid ads with long ids: about 24 MB, past the 16 MiB limit.
      const ads = Array.from({ length: 200_000 }, (_, index) => ({
        id: `${'i'.repeat(90)}${index}`,
        status: 'active',
      }));
      const answer = await helper(sandbox, 'PUT', `/users/${user.login}/ads`, { ads });
      expect(answer.status, answer.body.slice(0, 200)).toBe(400);
      expect(sandbox.state.ads.view(user.login, undefined)).toEqual([{ id: 'kept', status: 'active' }]);
    } finally {
      await sandbox.close();
    }
  });

  test('a body built to be slow to parse (a million tiny arrays) is refused', async () => {
    const sandbox = await startSandbox({ controlKey: KEY });
    try {
      const user = sandbox.state.users.create({});
      const body = `{"ads":[${'[],'.repeat(1_000_000)}[]]}`;
      const answer = await helper(sandbox, 'PUT', `/users/${user.login}/ads`, body);
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body)).toMatchObject({ reason: 'BAD_REQUEST' });
    } finally {
      await sandbox.close();
    }
  });

  test('users, clients and ads past the sandbox caps get a 400 that names the cap, and nothing is lost', async () => {
    const sandbox = await startSandbox({ controlKey: KEY, caps: { users: 3, clients: 2, ads: 1000 } });
    try {
      const users: number[] = [];
      for (let index = 0; index < 5; index += 1)
        users.push((await helper(sandbox, 'POST', '/users', {})).status);
      expect(users).toEqual([201, 201, 201, 400, 400]);
      const clients: number[] = [];
      for (let index = 0; index < 4; index += 1)
        clients.push(
          (await helper(sandbox, 'POST', '/clients', { redirect_uris: ['http://127.0.0.1:9/cb'] })).status,
        );
      expect(clients).toEqual([201, 201, 400, 400]);
      const refusal = await helper(sandbox, 'POST', '/users', {});
      expect(JSON.parse(refusal.body)).toMatchObject({
        reason: 'BAD_REQUEST',
        message: expect.stringMatching(/at most 3 users/),
      });
      const [first, second] = [sandbox.state.users.create({}), sandbox.state.users.create({})];
      const ads = (prefix: string, count: number): unknown => ({
        ads: Array.from({ length: count }, (_, index) => ({ id: `${prefix}${index}`, status: 'active' })),
      });
      expect((await helper(sandbox, 'PUT', `/users/${first.login}/ads`, ads('a', 600))).status).toBe(200);
      const over = await helper(sandbox, 'PUT', `/users/${second.login}/ads`, ads('b', 600));
      expect(over.status, over.body).toBe(400);
      expect(sandbox.state.ads.view(first.login, undefined)).toHaveLength(600);
      // Replacing one's own set counts the set it replaces.
      expect((await helper(sandbox, 'PUT', `/users/${first.login}/ads`, ads('c', 900))).status).toBe(200);
    } finally {
      await sandbox.close();
    }
  });
});

test.describe('the clock helper', () => {
  test('864 calls of 1e10 seconds never get a 500; past the clamp a 400, and the clock still works', async () => {
    test.setTimeout(patient(120_000));
    const sandbox = await startSandbox({ controlKey: KEY });
    try {
      const { clientId } = actors(sandbox);
      const statuses = new Map<number, number>();
      for (let call = 0; call < 864; call += 1) {
        const answer = await helper(sandbox, 'POST', `/clients/${clientId}/clock`, { advance_seconds: 1e10 });
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      }
      expect([...statuses.keys()], JSON.stringify([...statuses])).toEqual([400]);
      for (let call = 0; call < 9; call += 1) {
        const answer = await helper(sandbox, 'POST', `/clients/${clientId}/clock`, { advance_seconds: 1e8 });
        expect(answer.status, `a move of 1e8 s, ${call + 1} times`).toBe(200);
        expect(Number.isNaN(Date.parse((JSON.parse(answer.body) as { now: string }).now))).toBe(false);
      }
      const past = await helper(sandbox, 'POST', `/clients/${clientId}/clock`, { advance_seconds: 1e8 + 1 });
      expect(past.status, 'a move past the clamp').toBe(400);
      expect(JSON.parse(past.body)).toMatchObject({
        reason: 'BAD_REQUEST',
        message: expect.stringMatching(/at most/),
      });
      const after = await helper(sandbox, 'POST', `/clients/${clientId}/clock`, { advance_seconds: 1 });
      expect(after.status, after.body).toBe(200);
      expect(Number.isNaN(Date.parse((JSON.parse(after.body) as { now: string }).now))).toBe(false);
    } finally {
      await sandbox.close();
    }
  });
});

test.describe('a reused code', () => {
  test('presenting a code again revokes the token issued from it', async () => {
    const sandbox = await startSandbox({ controlKey: KEY });
    try {
      const actor = actors(sandbox);
      const { browser, code } = await approvedCode(sandbox, actor, 'basic_user_info');
      const redeem = (): Promise<Answer> => redeemCode(sandbox, browser, actor, code);
      const first = await redeem();
      expect(first.status, 'set-up: the first exchange').toBe(200);
      const token = (JSON.parse(first.body) as { access_token: string }).access_token;
      const userInfo = (): Promise<Answer> =>
        send(caller(sandbox), `${sandbox.appsUrl}/oauth_api/basic_user_info`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ access_token: token }),
        });
      expect((await userInfo()).status, 'set-up: the token works').toBe(200);
      expect((await redeem()).status, 'set-up: the replay is refused').toBe(400);
      expect((await userInfo()).status, 'the token after its code was replayed').toBe(401);
    } finally {
      await sandbox.close();
    }
  });
});
