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
import type { RunningSandbox } from '../sandbox/options.js';
import { configuredActors } from './support/configured-actors.js';
import { environment } from '../config/environment.js';
import { patient } from '../helpers/target/patience.js';

const REDIRECT_URI = 'http://127.0.0.1:9/conformance/cleanup-selftest';

function settings(url: string): Record<string, string> {
  return { method: 'POST', url, media_type: 'application/json', token: `ntk_${randomUUID()}` };
}

/** The environment of the cleanup command: this sandbox as a configured target, nothing inherited. */
function cleanupEnv(vars: Record<string, string>): NodeJS.ProcessEnv {
  const inherited = Object.entries(environment()).filter(
    ([name]) => !/^(TARGET_|SANDBOX_|TLS_CA_FILE$|CONFORMANCE_|LOGIN_|CONSENT_)/.test(name),
  );
  return { ...Object.fromEntries(inherited), ...vars };
}

interface CleanupWorld {
  vars: Record<string, string>;
  token: string;
  secrets: string[];
  journal: Journal;
}

/** A client, a user and its token on the sandbox, and the variables a cleanup run gets. */
async function cleanupWorld(sandbox: RunningSandbox, http: HttpClient, dir: string): Promise<CleanupWorld> {
  const helpers = new ControlClient(http, sandbox.controlUrl, sandbox.controlKey ?? '');
  const { client, user, env } = await configuredActors(sandbox, helpers, REDIRECT_URI, 'cleanup self-test');
  const vars = { ...env, [JOURNAL_VARIABLE]: join(dir, 'journal.jsonl') };
  const target = resolveTarget(vars);
  // A browser that trusts this sandbox's certificate, as the cleanup command launches it.
  const browser = await launchChromium(await trustArgsFor(target));
  const token = await accountToken(browser, http, target, 'autoupload').finally(() => browser.close());
  rememberOwner(token, { login: user.login, clientId: client.clientId });
  const journal = new Journal(vars[JOURNAL_VARIABLE]);
  return { vars, token, secrets: [token, user.password, client.clientSecret], journal };
}

/**
 * The run: three marked configurations, one deleted by its test, two left by the "interruption",
 * and the same user's own configuration without the marker, journaled: cleanup must leave it.
 */
async function interruptedRun(
  world: CleanupWorld,
  appsUrl: string,
  api: { journaled: NotificationClient; unjournaled: NotificationClient },
): Promise<{ left: string[]; foreign: string }> {
  const create = async (client: NotificationClient, url: string): Promise<string> => {
    const exchange = await client.create(world.token, settings(url));
    return (JSON.parse(exchange.response.body) as { id: string }).id;
  };
  const marked = `http://127.0.0.1:9${markerPath()}`;
  const left = [
    await create(api.journaled, `${marked}/a/hook`),
    await create(api.journaled, `${marked}/b/hook`),
  ];
  const deletedByTest = await create(api.journaled, `${marked}/c/hook`);
  await api.journaled.remove(world.token, deletedByTest);
  const foreign = await create(api.unjournaled, 'https://integrator.example/hooks/ads');
  world.journal.created({
    id: foreign,
    appsUrl,
    login: world.vars.TARGET_USER_LOGIN ?? '',
    clientId: world.vars.TARGET_CLIENT_ID ?? '',
    marker: markerPath(),
    createdAt: new Date().toISOString(),
  });
  return { left, foreign };
}

test('npm run cleanup deletes the journaled, marked configurations an interrupted run left, and nothing else', async () => {
  test.setTimeout(patient(180_000));
  const dir = mkdtempSync(join(tmpdir(), 'conformance-cleanup-'));
  const sandbox = await startSandbox({ controlKey: randomUUID() });
  const http = new HttpClient({ caFile: sandbox.caFile });
  try {
    const world = await cleanupWorld(sandbox, http, dir);
    const journaled = new NotificationClient(http, sandbox.appsUrl, world.journal);
    const unjournaled = new NotificationClient(http, sandbox.appsUrl);
    const { left, foreign } = await interruptedRun(world, sandbox.appsUrl, { journaled, unjournaled });
    expect(world.journal.live().map((entry) => entry.id)).toEqual([...left, foreign]);

    const run = await spawnCollect('npx', ['tsx', 'scripts/cleanup.ts'], cleanupEnv(world.vars), 150_000);
    expect(run.exitCode, run.stderr).toBe(0);
    for (const id of left) expect(run.stdout).toContain(`${id}  deleted`);
    expect(run.stdout).toContain(`${foreign}  left alone: its url carries no classifieds-conformance marker`);
    for (const secret of world.secrets) expect(run.stdout + run.stderr).not.toContain(secret);

    for (const id of left) expect((await unjournaled.read(world.token, id)).response.status).toBe(404);
    expect((await unjournaled.read(world.token, foreign)).response.status).toBe(200);
    expect(world.journal.live()).toEqual([]);
  } finally {
    await http.close();
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
