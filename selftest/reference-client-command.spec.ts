import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { childEnvironment } from '../config/environment.js';
import { registerClientAndUser, startClientSandbox } from './support/client-sandbox.js';
import { patient } from '../helpers/target/patience.js';

/**
 * The client workflow's steps (.github/workflows/client.yml) as a CI job runs them, against the
 * sandbox the package's command started: `classifieds-conformance reference-client` with the
 * target's variables, then `client-report` against the running sandbox, writing the Markdown
 * card, JUnit and Allure results, exit 0; no secret of the run in any of them.
 */

const ROOT = resolve(__dirname, '..');
const COMMAND = join(ROOT, 'bin', 'classifieds-conformance.mjs');

function command(
  args: string[],
  env: NodeJS.ProcessEnv,
  cwd: string,
): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, [COMMAND, ...args], {
    cwd,
    env,
    encoding: 'utf8',
    timeout: patient(120_000),
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

test('the client workflow, step by step: reference-client with the target variables, then client-report writes the card and exits 0', async () => {
  test.setTimeout(patient(240_000));
  const sandbox = await startClientSandbox('statuses', 3);
  const dir = mkdtempSync(join(tmpdir(), 'client-workflow-'));
  try {
    const { client, user } = await registerClientAndUser(sandbox);
    const env = childEnvironment({
      TARGET_AUTH_URL: sandbox.authUrl,
      TARGET_APPS_URL: sandbox.appsUrl,
      TLS_CA_FILE: sandbox.caFile,
      TARGET_CLIENT_ID: client.client_id,
      TARGET_CLIENT_SECRET: client.client_secret,
      TARGET_REDIRECT_URI: client.redirect_uris[0],
      TARGET_USER_LOGIN: user.login,
      TARGET_USER_PASSWORD: user.password,
      SANDBOX_CONTROL_URL: sandbox.controlUrl,
      SANDBOX_CONTROL_KEY: sandbox.key,
    });
    const run = command(['reference-client'], env, dir);
    expect(run.status, run.output).toBe(0);
    expect(run.output).toMatch(/reference client: 8 ad\(s\) imported/);
    const card = command(
      [
        'client-report',
        '--client-id',
        client.client_id,
        '--markdown',
        'card.md',
        '--junit',
        'junit.xml',
        '--allure',
        'allure',
      ],
      env,
      dir,
    );
    expect(card.status, card.output).toBe(0);
    expect(card.output).toContain('Chaos: statuses, seed 3');
    const markdown = readFileSync(join(dir, 'card.md'), 'utf8');
    expect(markdown).toMatch(/\| PASSED \| C2\.2-01 \|/);
    expect(readFileSync(join(dir, 'junit.xml'), 'utf8')).toContain('C4.4-03');
    expect(existsSync(join(dir, 'allure')) && readdirSync(join(dir, 'allure')).length).toBeGreaterThan(0);
    for (const secret of [client.client_secret, user.password, sandbox.key])
      expect(`${run.output}${card.output}${markdown}`, 'no secret in the outputs').not.toContain(secret);
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await sandbox.stop();
  }
});
