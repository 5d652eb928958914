import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { trustArgsFor } from '../helpers/target/browser-trust.js';
import { launchChromium } from '../helpers/target/chromium.js';
import { accountToken } from '../helpers/clients/account-token.js';
import { ControlClient } from '../helpers/clients/control-client.js';
import { HttpClient } from '../helpers/clients/http.js';
import { Journal, JOURNAL_VARIABLE, rememberOwner } from '../helpers/report/journal.js';
import { markerPath } from '../helpers/clients/marker.js';
import { NotificationClient } from '../helpers/clients/notification-client.js';
import { spawnCollect } from '../embedded/run-suite.js';
import { resolveTarget } from '../helpers/target/target.js';
import { startSandbox } from '../sandbox/start.js';

const REDIRECT_URI = 'http://127.0.0.1:9/conformance/cleanup-selftest';

function settings(url: string): Record<string, string> {
  return { method: 'POST', url, media_type: 'application/json', token: `ntk_${randomUUID()}` };
}

/** The environment of the cleanup command: this sandbox as a configured target, nothing inherited. */
function cleanupEnv(vars: Record<string, string>): NodeJS.ProcessEnv {
  const inherited = Object.entries(process.env).filter(
    ([name]) => !/^(TARGET_|SANDBOX_|TLS_CA_FILE$|CONFORMANCE_|LOGIN_|CONSENT_)/.test(name),
  );
  return { ...Object.fromEntries(inherited), ...vars };
}

test('npm run cleanup deletes the journaled, marked configurations an interrupted run left, and nothing else', async () => {
  test.setTimeout(180_000);
  const dir = mkdtempSync(join(tmpdir(), 'conformance-cleanup-'));
  const sandbox = await startSandbox({ controlKey: randomUUID() });
  const http = new HttpClient({ caFile: sandbox.caFile });
  try {
    const helpers = new ControlClient(http, sandbox.controlUrl, sandbox.controlKey ?? '');
    const client = await helpers.createClient([REDIRECT_URI], 'cleanup self-test');
    const user = await helpers.createUser();
    const vars = {
      TARGET_AUTH_URL: sandbox.authUrl,
      TARGET_APPS_URL: sandbox.appsUrl,
      TARGET_CLIENT_ID: client.clientId,
      TARGET_CLIENT_SECRET: client.clientSecret,
      TARGET_REDIRECT_URI: REDIRECT_URI,
      TARGET_USER_LOGIN: user.login,
      TARGET_USER_PASSWORD: user.password,
      TLS_CA_FILE: sandbox.caFile,
      [JOURNAL_VARIABLE]: join(dir, 'journal.jsonl'),
    };
    const target = resolveTarget(vars);
    // A browser that trusts this sandbox's certificate, as the cleanup command launches it.
    const browser = await launchChromium(await trustArgsFor(target));
    const token = await accountToken(browser, http, target, 'autoupload').finally(() => browser.close());
    rememberOwner(token, { login: user.login, clientId: client.clientId });
    const journal = new Journal(vars[JOURNAL_VARIABLE]);
    const journaled = new NotificationClient(http, sandbox.appsUrl, journal);
    const unjournaled = new NotificationClient(http, sandbox.appsUrl);

    // The run: three marked configurations, one deleted by its test, two left by the "interruption".
    const create = async (api: NotificationClient, url: string): Promise<string> => {
      const exchange = await api.create(token, settings(url));
      return (JSON.parse(exchange.response.body) as { id: string }).id;
    };
    const marked = `http://127.0.0.1:9${markerPath()}`;
    const left = [await create(journaled, `${marked}/a/hook`), await create(journaled, `${marked}/b/hook`)];
    const deletedByTest = await create(journaled, `${marked}/c/hook`);
    await journaled.remove(token, deletedByTest);
    // The same user's own configuration, without the marker: even journaled, cleanup must leave it.
    const foreign = await create(unjournaled, 'https://integrator.example/hooks/ads');
    journal.created({
      id: foreign,
      appsUrl: sandbox.appsUrl,
      login: user.login,
      clientId: client.clientId,
      marker: markerPath(),
      createdAt: new Date().toISOString(),
    });
    expect(journal.live().map((entry) => entry.id)).toEqual([...left, foreign]);

    const run = await spawnCollect('npx', ['tsx', 'scripts/cleanup.ts'], cleanupEnv(vars), 150_000);
    expect(run.exitCode, run.stderr).toBe(0);
    for (const id of left) expect(run.stdout).toContain(`${id}  deleted`);
    expect(run.stdout).toContain(`${foreign}  left alone: its url carries no classifieds-conformance marker`);
    for (const secret of [token, user.password, client.clientSecret])
      expect(run.stdout + run.stderr).not.toContain(secret);

    for (const id of left) expect((await unjournaled.read(token, id)).response.status).toBe(404);
    expect((await unjournaled.read(token, foreign)).response.status).toBe(200);
    expect(journal.live()).toEqual([]);
  } finally {
    await http.close();
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
