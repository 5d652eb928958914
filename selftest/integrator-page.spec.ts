// docs/integrator.md, the integrator's first ten minutes, run as written: the page is this test's
// source. Its first `sh` block (the sandbox) runs in one shell, the others in order in a second, as
// a reader pastes them, in a fresh folder where the package is installed (its bin linked into
// node_modules/.bin), the sandbox on free loopback ports (SANDBOX_AUTH_PORT, SANDBOX_APPS_PORT: the
// page's commands find them in the data folder, never by a fixed port).
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { expect, test } from '@playwright/test';
import { childEnvironment } from '../config/environment.js';
import { exitOf } from './support/child-exit.js';
import { freePort } from './support/listen.js';
import { patient } from '../helpers/target/patience.js';

const ROOT = resolve(__dirname, '..');
const PAGE = join(ROOT, 'docs', 'integrator.md');
const START_TIMEOUT_MS = 90_000;
const TOUR_TIMEOUT_MS = 240_000;

/** The page's `sh` blocks, in order. */
export function shellBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((match) => match[1] ?? '');
}

type Child = ChildProcessByStdio<null, Readable, Readable>;

/** A shell in a process group of its own, so that what it leaves running is stopped with it. */
function shell(script: string, cwd: string, env: NodeJS.ProcessEnv): Child {
  return spawn('bash', ['-c', script], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
}

function stopGroup(child: Child): void {
  try {
    if (child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
  } catch {
    // the group has already gone
  }
}

/** Resolves at the banner's last line (the demo user), rejects when the sandbox exits first. */
function banner(child: Child): Promise<void> {
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  return new Promise<void>((resolveBanner, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`set-up: no banner in ${START_TIMEOUT_MS} ms: ${stderr}`));
    }, START_TIMEOUT_MS);
    child.once('exit', (code) => {
      reject(new Error(`set-up: the sandbox exited (${code}): ${stderr}`));
    });
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (!line.includes('demo user')) return;
      clearTimeout(timer);
      resolveBanner();
    });
  });
}

test('docs/integrator.md: the page parses into the sandbox block and the tour', () => {
  const blocks = shellBlocks(readFileSync(PAGE, 'utf8'));
  expect(blocks[0]?.trim()).toBe('npx classifieds-conformance sandbox');
  const tour = blocks.slice(1).join('\n');
  for (const step of [
    '/test_helpers/v1/clients',
    '/test_helpers/v1/users',
    '/oauth/consent',
    '/oauth/token',
    '/autoupload/import',
    '/autoupload/v1/published',
    '/autoservice/v1/notification',
    'switch chaos',
    'client-report',
  ])
    expect(tour, `the tour has the step ${step}`).toContain(step);
});

test('docs/integrator.md: every command of the page, as written, reaches a graded card', async () => {
  test.setTimeout(patient(START_TIMEOUT_MS + TOUR_TIMEOUT_MS + 30_000));
  const [sandboxBlock = '', ...tourBlocks] = shellBlocks(readFileSync(PAGE, 'utf8'));
  const dir = mkdtempSync(join(tmpdir(), 'integrator-page-'));
  // The package installed: its command in node_modules/.bin, as npm links it.
  mkdirSync(join(dir, 'node_modules', '.bin'), { recursive: true });
  symlinkSync(
    join(ROOT, 'bin', 'classifieds-conformance.mjs'),
    join(dir, 'node_modules', '.bin', 'classifieds-conformance'),
  );
  const env = childEnvironment({
    SANDBOX_AUTH_PORT: String(await freePort()),
    SANDBOX_APPS_PORT: String(await freePort()),
    SANDBOX_CONTROL_URL: undefined,
    SANDBOX_CONTROL_KEY: undefined,
    SANDBOX_TLS_DIR: undefined,
    SANDBOX_CHAOS: undefined,
    TARGET_AUTH_URL: undefined,
  });
  const sandbox = shell(sandboxBlock, dir, env);
  try {
    await banner(sandbox);
    const keyFile = join(dir, '.conformance', 'sandbox-data', 'control-key');
    expect(statSync(keyFile).mode & 0o777, 'the kept control key is mode 600').toBe(0o600);
    const tour = shell(`set -euo pipefail\n${tourBlocks.join('\n')}`, dir, env);
    const ran = await exitOf(tour, TOUR_TIMEOUT_MS);
    stopGroup(tour);
    const said = `${ran.stdout}\n${ran.stderr}`;
    expect(ran.code, `the tour's exit status\n${said}`).toBe(0);
    expect(said).toContain('"status": "published"');
    expect(said).toMatch(/^delivery .*"status":"sold"/m);
    expect(said).toMatch(/^basic_user_info: HTTP 404$/m);
    expect(said).toMatch(/\d+ requirements: \d+ passed, 0 failed/);
    expect(readFileSync(join(dir, 'client-card.md'), 'utf8')).toContain('C4.1-02');
  } finally {
    stopGroup(sandbox);
    await exitOf(sandbox, 15_000);
    rmSync(dir, { recursive: true, force: true });
  }
});
