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
import { CLIENT_REQUIREMENTS } from '../spec/requirements/client.js';
import { anchorsOf } from '../scripts/check-docs.js';
import { exitOf } from './support/child-exit.js';
import { freePort } from './support/listen.js';
import { groupLeft } from './support/process-group.js';
import { patient } from '../helpers/target/patience.js';

const ROOT = resolve(__dirname, '..');
const PAGE = join(ROOT, 'docs', 'integrator.md');
const START_TIMEOUT_MS = 90_000;
const TOUR_TIMEOUT_MS = 240_000;

/** The page's `sh` blocks, in order. */
export function shellBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((match) => match[1] ?? '');
}

/** A client requirement's id in the page's text. */
const REQUIREMENT_ID = /\bC(?:FN|\d+(?:\.\d+)?)-\d{2}\b/g;

/**
 * The page's table of what its steps exercise: each step's requirement ids, and under "not
 * exercised" those no step reaches (each with the chaos profile or client behaviour that would).
 */
export function exercisedTable(markdown: string): { exercised: string[]; notExercised: string[] } {
  const start = markdown.indexOf('| step | requirements it exercises |');
  const rows = markdown
    .slice(start)
    .split('\n')
    .filter((line) => line.startsWith('| '));
  const idsOf = (line: string): string[] => [...line.matchAll(REQUIREMENT_ID)].map((match) => match[0]);
  return {
    exercised: rows.filter((row) => !row.startsWith('| not exercised')).flatMap(idsOf),
    notExercised: rows.filter((row) => row.startsWith('| not exercised')).flatMap(idsOf),
  };
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

/** Resolves at the banner's last line (the demo user) with the banner, rejects when the sandbox exits first. */
function banner(child: Child): Promise<string> {
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  let printed = '';
  return new Promise<string>((resolveBanner, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`set-up: no banner in ${START_TIMEOUT_MS} ms: ${stderr}`));
    }, START_TIMEOUT_MS);
    child.once('exit', (code) => {
      reject(new Error(`set-up: the sandbox exited (${code}): ${stderr}`));
    });
    createInterface({ input: child.stdout }).on('line', (line) => {
      printed += `${line}\n`;
      if (!line.includes('demo user')) return;
      clearTimeout(timer);
      resolveBanner(printed);
    });
  });
}

/** Every requirement the page says a step exercises is graded passed on the card; the rest not exercised. */
function expectCardAsThePageSays(card: string): void {
  const grades = new Map(
    [...card.matchAll(/^\| (PASSED|NOT EXERCISED|FAILED[^|]*) \| (\S+) \|/gm)].map((row) => [row[2], row[1]]),
  );
  const { exercised, notExercised } = exercisedTable(readFileSync(PAGE, 'utf8'));
  expect(
    exercised.filter((id) => grades.get(id) !== 'PASSED'),
    `not passed on the card\n${card}`,
  ).toEqual([]);
  expect(notExercised.filter((id) => grades.get(id) !== 'NOT EXERCISED')).toEqual([]);
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
    '-X DELETE',
    'client-report',
  ])
    expect(tour, `the tour has the step ${step}`).toContain(step);
});

test('docs/integrator.md names which step exercises each client requirement, once, and why the rest are not', () => {
  const page = readFileSync(PAGE, 'utf8');
  const { exercised, notExercised } = exercisedTable(page);
  expect([...exercised, ...notExercised].sort()).toEqual(CLIENT_REQUIREMENTS.map((found) => found.id).sort());
  // C6-01 by a delivery of a section 3 status; the chaos step graded (the rate limit's two).
  for (const id of ['C6-01', 'C3-02', 'C7.3-01', 'C7.3-02']) expect(exercised).toContain(id);
  // The sandbox's banner links the step that trusts the CA, and the troubleshooting section does too.
  expect([...anchorsOf(page)]).toContain('2-where-it-is-second-shell');
  expect(page).toMatch(/## When something stops you[\s\S]*\(#2-where-it-is-second-shell\)/);
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
    const printed = await banner(sandbox);
    expect(printed, 'the banner links the step that trusts the CA').toContain(
      'docs/integrator.md#2-where-it-is-second-shell',
    );
    const keyFile = join(dir, '.conformance', 'sandbox-data', 'control-key');
    expect(statSync(keyFile).mode & 0o777, 'the kept control key is mode 600').toBe(0o600);
    const tour = shell(`set -euo pipefail\n${tourBlocks.join('\n')}`, dir, env);
    const ran = await exitOf(tour, TOUR_TIMEOUT_MS);
    stopGroup(tour);
    const said = `${ran.stdout}\n${ran.stderr}`;
    expect(ran.code, `the tour's exit status\n${said}`).toBe(0);
    expect(said).toContain('"status": "published"');
    expect(said).toMatch(/^delivery .*"status":"sold"/m);
    expect(said).toMatch(/^delivery .*"status":"published"/m);
    expect(said).toMatch(/^listing: HTTP 429$/m);
    expect(said).toMatch(/\d+ requirements: \d+ passed, 0 failed/);
    expectCardAsThePageSays(readFileSync(join(dir, 'client-card.md'), 'utf8'));
  } finally {
    stopGroup(sandbox);
    await exitOf(sandbox, 15_000);
    // The shell ends at the signal; the sandbox under it writes its last records while it closes.
    if (sandbox.pid !== undefined) await groupLeft(sandbox.pid, 15_000);
    rmSync(dir, { recursive: true, force: true });
  }
});
