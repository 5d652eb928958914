import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { request } from 'undici';
import { startSandbox } from '../sandbox/start.js';
import { TEST_HELPERS_PREFIX } from '../spec/paths.js';
import { teamEnv } from './support/packed-project.js';
import { groupLeft, killGroup, startCommand, type StartedCommand } from './support/process-group.js';
import { patient } from '../helpers/target/patience.js';

/**
 * A set of ads the test helpers answered is kept (docs/sandbox-service.md): the sandbox writes a
 * large set between requests, over hundreds of milliseconds, and answers once it is in the data
 * file, so a sandbox killed outright right after the answer comes back with the whole set.
 */
test.skip(process.platform !== 'linux', 'the process group is found through /proc');

const ROOT = resolve(__dirname, '..');
const KEY = 'kept-seed-control-key-0123';
/** Enough rows (of 500 ads) that writing them takes several slices between requests. */
const ADS = 60_000;
const DEMO_LOGIN = 'demo';

function resourceServerOf(banner: string): string {
  const url = /resource server\s+(http:\/\/\S+)/.exec(banner)?.[1];
  if (url === undefined) throw new Error(`set-up: the banner names no resource server\n${banner}`);
  return url;
}

/** The standalone sandbox as `npm run sandbox` starts it, keeping its state in `dataDir`. */
function startKeptSandbox(scratch: string, dataDir: string): Promise<StartedCommand> {
  return startCommand(
    process.execPath,
    ['--import', 'tsx', 'sandbox/main.ts', '--data', dataDir, '--fresh'],
    {
      cwd: ROOT,
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
}

test('a set of ads answered by the test helpers is still there after the sandbox is killed outright', async () => {
  test.setTimeout(patient(120_000));
  const scratch = mkdtempSync(join(tmpdir(), 'kept-seed-'));
  const dataDir = join(scratch, 'data');
  let started: StartedCommand | undefined;
  try {
    started = await startKeptSandbox(scratch, dataDir);
    const ads = Array.from({ length: ADS }, (_, index) => ({
      id: `kept-seed-${index}`,
      status: 'published',
    }));
    const answer = await request(
      `${resourceServerOf(started.banner)}${TEST_HELPERS_PREFIX}/users/${DEMO_LOGIN}/ads`,
      {
        method: 'PUT',
        headers: { 'x-sandbox-key': KEY, 'content-type': 'application/json' },
        body: JSON.stringify({ ads }),
      },
    );
    expect(answer.statusCode, `set-up: the seed answered ${await answer.body.text()}`).toBe(200);
    killGroup(started.group);
    expect(await groupLeft(started.group, 10_000), 'set-up: the killed sandbox is gone').toEqual([]);
    started = undefined;

    const sandbox = await startSandbox({ controlKey: KEY, dataDir, fresh: false });
    try {
      expect(
        sandbox.state.ads.view(DEMO_LOGIN, undefined).length,
        'ads of the answered set after a restart',
      ).toBe(ADS);
    } finally {
      await sandbox.close();
    }
  } finally {
    if (started !== undefined) killGroup(started.group);
    rmSync(scratch, { recursive: true, force: true });
  }
});
