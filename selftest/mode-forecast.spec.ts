import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { environment } from '../config/environment.js';
import { patient } from '../helpers/target/patience.js';

/**
 * `requirements --mode account` says what the CURRENT configuration will run,
 * not the measured numbers: a second client missing skips the tests that need one, naming the
 * variables; configured, they run.
 */
const ROOT = resolve(__dirname, '..');
const ACCOUNT = {
  TARGET_AUTH_URL: 'http://127.0.0.1:9',
  TARGET_APPS_URL: 'http://127.0.0.1:9',
  TARGET_CLIENT_ID: 'forecast-client',
  TARGET_CLIENT_SECRET: 'forecast-secret',
  TARGET_REDIRECT_URI: 'http://127.0.0.1:1/cb',
  TARGET_USER_LOGIN: 'forecast-user',
  TARGET_USER_PASSWORD: 'forecast-password',
};
const SECOND_CLIENT = {
  TARGET_CLIENT2_ID: 'forecast-client2',
  TARGET_CLIENT2_SECRET: 'forecast-secret2',
  TARGET_CLIENT2_REDIRECT_URI: 'http://127.0.0.1:1/other',
};
// suites/token/code-lifecycle.spec.ts: a code issued to another client takes orSkip(secondClient, ...).
const NEEDS_CLIENT2 = /^(skipped|will run)\s+(a code issued to another client is refused.*)$/m;

function forecast(extra: Record<string, string>): string {
  // An empty directory: no .env of the developer's own mixes in; the variables are all there is.
  const cwd = mkdtempSync(join(tmpdir(), 'conformance-forecast-'));
  const env: NodeJS.ProcessEnv = { PATH: environment().PATH, HOME: environment().HOME, ...ACCOUNT, ...extra };
  try {
    return execFileSync(
      process.execPath,
      [require.resolve('tsx/cli'), join(ROOT, 'scripts/requirements.ts'), '--mode', 'account'],
      { cwd, env, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
    );
  } finally {
    rmSync(cwd, { recursive: true, force: true });
  }
}

test.describe('requirements --mode account forecasts from the configuration', () => {
  test.setTimeout(patient(120_000));

  test('without TARGET_CLIENT2_* the second-client tests will not run and the variables are named; with them they run', () => {
    const without = forecast({});
    const withClient2 = forecast(SECOND_CLIENT);
    const line = (output: string) => NEEDS_CLIENT2.exec(output);
    expect(line(without)?.[1]).toBe('skipped');
    expect(line(without)?.[2]).toContain('TARGET_CLIENT2_ID');
    expect(line(withClient2)?.[1]).toBe('will run');
    expect(withClient2).not.toContain('needs a second client');
    const total = (output: string) => /(\d+) of (\d+) tests will run/.exec(output)?.slice(1).map(Number);
    const [runWithout = 0] = total(without) ?? [];
    const [runWith = 0] = total(withClient2) ?? [];
    expect(runWith, 'the second client unlocks tests').toBeGreaterThan(runWithout);
  });

  test('a configuration that would stop the run says so and exits 1', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'conformance-forecast-'));
    try {
      const run = spawnSync(
        process.execPath,
        [require.resolve('tsx/cli'), join(ROOT, 'scripts/requirements.ts'), '--mode', 'account'],
        { cwd, env: { PATH: environment().PATH, TARGET_AUTH_URL: 'http://127.0.0.1:9' }, encoding: 'utf8' },
      );
      expect(run.stdout).toContain('would stop before its tests');
      expect(run.stdout).toContain('TARGET_CLIENT_ID');
      expect(run.status).toBe(1);
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });
});
