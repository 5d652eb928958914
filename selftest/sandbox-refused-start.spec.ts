import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { childEnvironment } from '../config/environment.js';
import { referenceChoices } from '../sandbox/calibrate/calibrate.js';
import { exitOf } from './support/child-exit.js';

/**
 * A start the sandbox refuses claims nothing it did not do and leaves nothing it made: a refused
 * `--like` prints no calibration and writes no calibration.json; a port in use is named by its
 * variable, and a data folder the start made is gone with it.
 */
let dir: string;
let busy: Server;
let busyPort: number;

test.beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sandbox-refused-'));
  busy = createServer();
  await new Promise<void>((done) => busy.listen(0, '127.0.0.1', done));
  const address = busy.address();
  busyPort = typeof address === 'object' && address !== null ? address.port : 0;
});
test.afterEach(async () => {
  await new Promise((done) => busy.close(done));
  rmSync(dir, { recursive: true, force: true });
});

/** `classifieds-conformance sandbox ...args` in the test's folder, with the given ports. */
function sandbox(args: readonly string[], ports: Record<string, string>): ReturnType<typeof exitOf> {
  const child = spawn(
    process.execPath,
    [require.resolve('tsx/cli'), resolve('bin/cli.ts'), 'sandbox', ...args],
    {
      cwd: dir,
      env: childEnvironment({ ...ports, REPORTS_DIR: join(dir, 'reports') }),
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  return exitOf(child);
}

test('a refused --like start claims no calibration', async () => {
  const profile = join(dir, 'observed.json');
  writeFileSync(
    profile,
    JSON.stringify({
      format: 'classifieds-observed-profile/1',
      run: {},
      target: 'a marketplace',
      observedAt: '2026-12-03T02:00:00.000Z',
      catalog: null,
      areas: referenceChoices(),
    }),
  );
  const run = await sandbox(['--in-memory', '--like', profile], {
    SANDBOX_AUTH_PORT: String(busyPort),
    SANDBOX_APPS_PORT: '0',
  });
  expect(run.code, run.stdout + run.stderr).toBe(1);
  expect(run.stderr).toContain('in use');
  expect(run.stdout).not.toContain('calibrated like');
  expect(existsSync(join(dir, 'reports', 'calibration.json'))).toBe(false);
});

test('a port in use is named by the variable that moves it; the start leaves no new data folder', async () => {
  const data = join(dir, 'data');
  const auth = await sandbox(['--data', data], {
    SANDBOX_AUTH_PORT: String(busyPort),
    SANDBOX_APPS_PORT: '0',
  });
  expect(auth.code, auth.stdout + auth.stderr).toBe(1);
  expect(auth.stderr).toContain(`port ${busyPort} is in use (SANDBOX_AUTH_PORT)`);
  expect(auth.stderr).not.toContain('    at ');
  expect(existsSync(data), 'the data folder the refused start made').toBe(false);
  const apps = await sandbox(['--data', data], {
    SANDBOX_AUTH_PORT: '0',
    SANDBOX_APPS_PORT: String(busyPort),
  });
  expect(apps.stderr).toContain(`port ${busyPort} is in use (SANDBOX_APPS_PORT)`);
  expect(existsSync(data)).toBe(false);
});

test('an observation that is no profile, named by SANDBOX_LIKE, is refused like --like: exit 2, one line', async () => {
  const profile = join(dir, 'observed.json');
  writeFileSync(profile, '{"format": ');
  const child = spawn(
    process.execPath,
    ['--import', require.resolve('tsx'), resolve('sandbox/main.ts'), '--in-memory'],
    {
      cwd: dir,
      env: childEnvironment({ SANDBOX_LIKE: profile, SANDBOX_AUTH_PORT: '0', SANDBOX_APPS_PORT: '0' }),
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const run = await exitOf(child);
  expect(run.code, run.stdout + run.stderr).toBe(2);
  expect(run.stderr).toContain('is not JSON');
  expect(run.stderr).not.toContain('    at ');
});
