import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { childEnvironment } from '../config/environment.js';
import { FAULTS } from '../sandbox/faults.js';
import { RulesInForce } from '../sandbox/rules/in-force.js';
import { startSandbox, type StartedSandbox } from '../sandbox/start.js';
import { VARIANTS } from '../sandbox/variants.js';

/**
 * The sandbox's switches at run time: every fault and variant listed by the control API, turned on
 * and off while the sandbox runs, the next request answered under the change; unknown names and
 * bad values refused as the other test helpers refuse; the CLI verbs over the same API.
 */
const KEY = 'sandbox-switches-control-key';
const NO_HEADER_LISTING = '/autoupload/v1/published';

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

async function helper(
  sandbox: StartedSandbox,
  method: string,
  path: string,
  body?: unknown,
  key = KEY,
): Promise<Answer> {
  const response = await fetch(`${sandbox.controlUrl}/test_helpers/v1${path}`, {
    method,
    headers: { 'x-sandbox-key': key, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The listing without an Authorization header: 400 BAD_REQUEST by the reference (R7.3-02). */
async function listingWithoutHeader(sandbox: StartedSandbox, path = NO_HEADER_LISTING): Promise<number> {
  return (await fetch(`${sandbox.appsUrl}${path}`)).status;
}

test.describe('run-time switches through the control API', () => {
  let sandbox: StartedSandbox;
  test.beforeAll(async () => {
    sandbox = await startSandbox({ controlKey: KEY });
  });
  test.afterAll(async () => {
    await sandbox.close();
  });

  test('GET /switches lists every fault and variant, all off', async () => {
    const answer = await helper(sandbox, 'GET', '/switches');
    expect(answer.status).toBe(200);
    const switches = answer.body.switches as {
      name: string;
      kind: string;
      value: unknown;
      summary: string;
    }[];
    expect(switches.filter((one) => one.kind === 'fault').map((one) => one.name)).toEqual(
      Object.keys(FAULTS),
    );
    expect(switches.filter((one) => one.kind === 'variant').map((one) => one.name)).toEqual(
      Object.keys(VARIANTS),
    );
    const rules = switches.filter((one) => one.kind !== 'setting');
    expect(rules.every((one) => one.value === false && one.summary.length > 0)).toBe(true);
    // The areas' settings (deliveries, the ad import) are listed too, each with its value.
    const settings = switches.filter((one) => one.kind === 'setting');
    expect(settings.map((one) => one.name)).toEqual(expect.arrayContaining(['delivery-timeout-ms']));
    expect(settings.every((one) => one.value !== undefined && one.summary.length > 0)).toBe(true);
  });

  test('a fault turned on bends the next request; turned off, the reference answers again', async () => {
    expect(await listingWithoutHeader(sandbox)).toBe(400);
    const on = await helper(sandbox, 'PUT', '/switches/listing-status-200-on-error', { value: true });
    expect(on).toMatchObject({
      status: 200,
      body: { name: 'listing-status-200-on-error', kind: 'fault', value: true },
    });
    expect(await listingWithoutHeader(sandbox)).toBe(200);
    const off = await helper(sandbox, 'PUT', '/switches/listing-status-200-on-error', { value: false });
    expect(off).toMatchObject({ status: 200, body: { value: false } });
    expect(await listingWithoutHeader(sandbox)).toBe(400);
  });

  test('a fault that moves a route moves it while the sandbox runs, and back', async () => {
    const unversioned = '/autoupload/published';
    expect([await listingWithoutHeader(sandbox), await listingWithoutHeader(sandbox, unversioned)]).toEqual([
      400, 404,
    ]);
    await helper(sandbox, 'PUT', '/switches/listing-unversioned-path', { value: true });
    expect([await listingWithoutHeader(sandbox), await listingWithoutHeader(sandbox, unversioned)]).toEqual([
      404, 400,
    ]);
    await helper(sandbox, 'PUT', '/switches/listing-unversioned-path', { value: false });
    expect([await listingWithoutHeader(sandbox), await listingWithoutHeader(sandbox, unversioned)]).toEqual([
      400, 404,
    ]);
  });

  test('a variant read by a component (the client store) reaches it at its next use', async () => {
    const register = async (): Promise<string> => {
      const answer = await helper(sandbox, 'POST', '/clients', {
        redirect_uris: ['https://client.example/cb'],
      });
      expect(answer.status).toBe(201);
      return String(answer.body.client_id);
    };
    expect(await register()).not.toMatch(/^\d+$/);
    await helper(sandbox, 'PUT', '/switches/clients-other-registration', { value: true });
    expect(await register()).toMatch(/^\d{18}$/);
    await helper(sandbox, 'PUT', '/switches/clients-other-registration', { value: false });
    expect(await register()).not.toMatch(/^\d+$/);
  });

  test("an area's setting is set and read back through the same API; a bad value is a 400", async () => {
    const set = await helper(sandbox, 'PUT', '/switches/import-moderation-delay', { value: 0 });
    expect([set.status, set.body.value]).toEqual([200, 0]);
    const listed = await helper(sandbox, 'GET', '/switches');
    const views = listed.body.switches as Array<{ name: string; value: unknown }>;
    expect(views.find((one) => one.name === 'import-moderation-delay')?.value).toBe(0);
    const token = await helper(sandbox, 'PUT', '/switches/delivery-token-form', { value: 'raw' });
    expect([token.status, token.body.value]).toEqual([200, 'raw']);
    const bad = await helper(sandbox, 'PUT', '/switches/delivery-timeout-ms', { value: 'soon' });
    expect([bad.status, bad.body.reason]).toEqual([400, 'BAD_REQUEST']);
    const chaos = await helper(sandbox, 'PUT', '/switches/chaos', {
      value: { profiles: ['user-info-gone'], clients: 'all', seed: 7 },
    });
    expect(chaos.status, JSON.stringify(chaos.body)).toBe(200);
    const off = await helper(sandbox, 'PUT', '/switches/chaos', { value: false });
    expect([off.status, off.body.value]).toEqual([200, false]);
    await helper(sandbox, 'PUT', '/switches/delivery-token-form', { value: 'bearer' });
    await helper(sandbox, 'PUT', '/switches/import-moderation-delay', { value: 2 });
  });

  test('an unknown name is a 400 BAD_REQUEST that lists the known names', async () => {
    const answer = await helper(sandbox, 'PUT', '/switches/no-such-switch', { value: true });
    expect(answer.status).toBe(400);
    expect(answer.body.reason).toBe('BAD_REQUEST');
    expect(answer.body.message).toContain('no-such-switch');
    for (const known of ['code-reuse', 'listing-status-200-on-error', 'login-other-markup'])
      expect(answer.body.message).toContain(known);
  });

  test('a value a fault does not take, or no value, is a 400 BAD_REQUEST saying what it takes', async () => {
    for (const body of [{ value: 'yes' }, { value: 1 }, {}, []]) {
      const answer = await helper(sandbox, 'PUT', '/switches/code-reuse', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.reason).toBe('BAD_REQUEST');
    }
    const wrongValue = await helper(sandbox, 'PUT', '/switches/code-reuse', { value: 'yes' });
    expect(wrongValue.body.message).toContain('true (on) or false (off)');
    expect((await helper(sandbox, 'GET', '/switches')).body.switches).toContainEqual(
      expect.objectContaining({ name: 'code-reuse', value: false }),
    );
  });

  test('without the key, or with another, the switches answer 401 as every test helper does', async () => {
    for (const key of ['', 'not-the-sandbox-switches-key']) {
      expect((await helper(sandbox, 'GET', '/switches', undefined, key)).status).toBe(401);
      const set = await helper(sandbox, 'PUT', '/switches/code-reuse', { value: true }, key);
      expect([set.status, set.body.reason]).toEqual([401, 'ACCESS_DENIED']);
    }
  });
});

test('a sandbox started with faults and variants shows them on, and turns them off at run time', async () => {
  const sandbox = await startSandbox({
    controlKey: KEY,
    faults: ['listing-status-200-on-error'],
    variants: ['listing-other-statuses'],
  });
  try {
    const on = sandbox.switches.on().filter((one) => one.kind !== 'setting');
    expect(on.map((one) => one.name)).toEqual(['listing-status-200-on-error', 'listing-other-statuses']);
    expect(await listingWithoutHeader(sandbox)).toBe(200);
    await helper(sandbox, 'PUT', '/switches/listing-status-200-on-error', { value: false });
    // The variant alone: its own status for BAD_REQUEST.
    expect(await listingWithoutHeader(sandbox)).toBe(422);
  } finally {
    await sandbox.close();
  }
});

test('a stateful patch gets a fresh closure each time its switch is turned on, never twice while on', () => {
  const rules = new RulesInForce();
  let made = 0;
  const factory = () => {
    made += 1;
    return {};
  };
  rules.turnOn('fault', 'stateful', factory);
  rules.turnOn('fault', 'stateful', factory);
  expect(made).toBe(1);
  rules.turnOff('fault', 'stateful');
  rules.turnOn('fault', 'stateful', factory);
  expect([made, rules.names('fault')]).toEqual([2, ['stateful']]);
});

test.describe('the CLI verbs switches and switch', () => {
  const CLI = resolve(__dirname, '..', 'bin', 'cli.ts');
  let sandbox: StartedSandbox;
  let cwd: string;
  test.beforeAll(async () => {
    sandbox = await startSandbox({ controlKey: KEY });
    // No .env of the project's: the command reads the current directory's.
    cwd = mkdtempSync(join(tmpdir(), 'switches-cli-'));
  });
  test.afterAll(async () => {
    await sandbox.close();
    rmSync(cwd, { recursive: true, force: true });
  });

  function cli(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
    const control = ['--control-url', sandbox.controlUrl, '--key', KEY];
    const child = spawn(process.execPath, [require.resolve('tsx/cli'), CLI, ...args, ...control], {
      cwd,
      env: childEnvironment({ SANDBOX_CONTROL_URL: '', SANDBOX_CONTROL_KEY: '' }),
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    return new Promise((done) =>
      child.on('close', (code) => {
        done({ code, stdout, stderr });
      }),
    );
  }

  test('switch NAME on turns a fault on, switches lists it on, switch NAME off turns it off', async () => {
    const on = await cli('switch', 'listing-status-200-on-error', 'on');
    expect([on.code, on.stderr]).toEqual([0, '']);
    expect(on.stdout).toMatch(/^listing-status-200-on-error\s+fault\s+on\s/);
    expect(await listingWithoutHeader(sandbox)).toBe(200);
    const listed = await cli('switches');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/^listing-status-200-on-error\s+fault\s+on\s/m);
    expect(listed.stdout).toMatch(/^code-reuse\s+fault\s+off\s/m);
    const rows = listed.stdout.trim().split('\n');
    expect(rows.filter((row) => /^\S+\s+(fault|variant)\s/.test(row))).toHaveLength(
      Object.keys(FAULTS).length + Object.keys(VARIANTS).length,
    );
    const off = await cli('switch', 'listing-status-200-on-error', 'off');
    expect(off.code).toBe(0);
    expect(await listingWithoutHeader(sandbox)).toBe(400);
  });

  test('an unknown name exits 1 naming the known ones; a bad value exits 1 saying what is taken', async () => {
    const unknown = await cli('switch', 'no-such-switch', 'on');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('400');
    expect(unknown.stderr).toContain('code-reuse');
    const bad = await cli('switch', 'code-reuse', 'maybe');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('true (on) or false (off)');
    expect(bad.stderr).not.toContain(KEY);
  });
});
