import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { Agent, request } from 'undici';
import { startSandbox, type StartedSandbox } from '../sandbox/start.js';
import { TEST_HELPERS_PREFIX } from '../spec/paths.js';
import { teamEnv } from './support/packed-project.js';
import { groupLeft, killGroup, startCommand } from './support/process-group.js';
import { patient } from '../helpers/target/patience.js';

/**
 * What production can do to a client, as switches (docs/sandbox-import.md, "Production's
 * leniency"): the field notes' 404 of the older endpoints to a request without a browser-like
 * User-Agent (off by default), and the resource server over HTTPS with the authorization server's
 * CA (`--apps-https`), for a client that insists on HTTPS for every call.
 */

const KEY = 'production-switches-control-key-0123';
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

async function post(
  sandbox: StartedSandbox,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
  method: 'POST' | 'PUT' = 'POST',
): Promise<{ status: number; text: string; type: string }> {
  const response = await request(`${sandbox.appsUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return {
    status: response.statusCode,
    text: await response.body.text(),
    type: String(response.headers['content-type'] ?? ''),
  };
}

test.describe('user-agent-404', () => {
  let sandbox: StartedSandbox;
  let token: string;
  test.beforeEach(async () => {
    sandbox = await startSandbox({ controlKey: KEY });
    const { client } = sandbox.state.clients.register(['http://127.0.0.1:9/cb'], 'user-agent self-test');
    const { login } = sandbox.state.users.create({});
    token = sandbox.state.tokens.issue({
      clientId: client.clientId,
      login,
      scopes: ['autoupload', 'basic_user_info'],
      issuedAtMs: Date.now(),
    });
  });
  test.afterEach(async () => {
    await sandbox.close();
  });

  /** What each endpoint answers to a User-Agent: the older ones, then two the notes do not name. */
  async function statuses(userAgent: string): Promise<number[]> {
    const headers = { 'user-agent': userAgent };
    const ad = { id: 'ua1', operation: 'delete' };
    return [
      (await post(sandbox, '/autoupload/car_info', { access_token: token }, headers)).status,
      (await post(sandbox, '/autoupload/moto_cubiccms_info', { access_token: token }, headers)).status,
      (await post(sandbox, '/autoupload/import', { access_token: token, ad_list: [ad] }, headers, 'PUT'))
        .status,
      (await post(sandbox, '/oauth_api/basic_user_info', { access_token: token }, headers)).status,
      (
        await request(`${sandbox.appsUrl}/autoupload/v1/published`, {
          headers: { ...headers, authorization: `Bearer ${token}` },
        }).then(async (response) => {
          await response.body.dump();
          return response;
        })
      ).statusCode,
    ];
  }

  test('off by default: no User-Agent is required anywhere', async () => {
    expect(sandbox.switches.list().find((one) => one.name === 'user-agent-404')).toMatchObject({
      kind: 'setting',
      value: false,
    });
    expect(await statuses('undici')).toEqual([200, 200, 200, 200, 200]);
  });

  test("on: the lookups and the import answer the origin's HTML 404 to a client's User-Agent, a browser's goes through", async () => {
    sandbox.switches.set('user-agent-404', true);
    expect(await statuses('my-dealer-system/1.0')).toEqual([404, 404, 404, 200, 200]);
    expect(await statuses(BROWSER)).toEqual([200, 200, 200, 200, 200]);
    const page = await post(sandbox, '/autoupload/car_info', { access_token: token }, { 'user-agent': '' });
    expect([page.status, page.type, page.text.includes('<h1>404 Not Found</h1>')]).toEqual([
      404,
      'text/html',
      true,
    ]);
    sandbox.switches.set('user-agent-404', false);
    expect(await statuses('my-dealer-system/1.0')).toEqual([200, 200, 200, 200, 200]);
  });
});

test.describe('--apps-https', () => {
  test("the resource server and the test helpers answer over HTTPS with the authorization server's CA", async () => {
    const sandbox = await startSandbox({ controlKey: KEY, appsHttps: true });
    try {
      expect(sandbox.appsUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
      const agent = new Agent({ connect: { ca: readFileSync(sandbox.caFile, 'utf8') } });
      const helpers = await request(`${sandbox.controlUrl}${TEST_HELPERS_PREFIX}/switches`, {
        headers: { 'x-sandbox-key': KEY },
        dispatcher: agent,
      });
      expect(helpers.statusCode).toBe(200);
      await helpers.body.dump();
      const refused = await request(`${sandbox.appsUrl}/oauth_api/basic_user_info`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
        dispatcher: agent,
      });
      expect(refused.statusCode, 'the API itself answers, in its JSON').toBe(401);
      expect(((await refused.body.json()) as { reason: string }).reason).toBe('ACCESS_DENIED');
      await expect(
        request(sandbox.appsUrl.replace('https:', 'http:')),
        'plain HTTP is not served',
      ).rejects.toThrow();
      await agent.close();
    } finally {
      await sandbox.close();
    }
  });

  test('`sandbox --apps-https` prints an https resource server', async () => {
    test.setTimeout(patient(90_000));
    const scratch = mkdtempSync(join(tmpdir(), 'apps-https-'));
    const started = await startCommand(
      process.execPath,
      ['--import', 'tsx', 'bin/sandbox.ts', '--apps-https', '--in-memory'],
      {
        cwd: resolve(__dirname, '..'),
        env: {
          ...teamEnv(),
          SANDBOX_AUTH_PORT: '0',
          SANDBOX_APPS_PORT: '0',
          SANDBOX_TLS_DIR: join(scratch, 'tls'),
          SANDBOX_CONTROL_KEY: KEY,
        },
        timeoutMs: 60_000,
      },
    );
    try {
      expect(started.banner).toMatch(/resource server\s+https:\/\/\S+\s+\(HTTPS, the same CA\)/);
    } finally {
      killGroup(started.group);
      await groupLeft(started.group, 10_000);
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});
