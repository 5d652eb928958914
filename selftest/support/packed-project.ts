// A team's repository made in a scratch folder: this project packed with npm pack and installed
// there as a dependency, as a QA team would (selftest/packed-rehearsal.spec.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { parseEnv } from 'node:util';
import { setTimeout as delay } from 'node:timers/promises';
import { expect } from '@playwright/test';
import { spawnCollect } from '../../embedded/run-suite.js';
import { environment } from '../../config/environment.js';
import { patient } from '../../helpers/target/patience.js';

export const PROJECT_ROOT = resolve(__dirname, '..', '..');
export const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
export const NPX = process.platform === 'win32' ? 'npx.cmd' : 'npx';

/** The environment of a team's pipeline: nothing of this run's target or reports inherited. */
export function teamEnv(): NodeJS.ProcessEnv {
  const inherited = Object.entries(environment()).filter(
    ([name]) =>
      !/^(TARGET_|SANDBOX_|TLS_CA_FILE$|CONFORMANCE_|LOGIN_|CONSENT_|STATUS_CHANGE_|REPORTS_DIR$|npm_)/.test(
        name,
      ),
  );
  return { ...Object.fromEntries(inherited), FORCE_COLOR: '0' };
}

/** Packs the project into `scratch` and installs the tarball there; npm install's output. */
export async function packAndInstall(scratch: string, env: NodeJS.ProcessEnv): Promise<string> {
  const packed = await spawnCollect(NPM, ['pack', '--pack-destination', scratch, PROJECT_ROOT], env, 120_000);
  expect(packed.exitCode, packed.stderr).toBe(0);
  const tarball = packed.stdout.trim().split('\n').at(-1) ?? '';
  expect(existsSync(join(scratch, tarball)), `npm pack wrote ${tarball}`).toBe(true);
  writeFileSync(join(scratch, 'package.json'), JSON.stringify({ name: 'team-pipeline', private: true }));
  const installed = await spawnCollect(
    NPM,
    ['install', '--prefer-offline', '--no-audit', '--no-fund', `./${tarball}`],
    env,
    240_000,
    scratch,
  );
  expect(installed.exitCode, installed.stderr).toBe(0);
  return installed.stdout + installed.stderr;
}

/** The status-change command `sandbox --account`'s block offers as the alternative (the helpers'), commented out. */
export function alternativeCommand(envBlock: string): string {
  const commented = envBlock.split('\n').find((text) => text.startsWith('# TARGET_STATUS_CHANGE_COMMAND='));
  const parsed = parseEnv(commented?.slice(2) ?? '') as Record<string, string>;
  return parsed.TARGET_STATUS_CHANGE_COMMAND ?? 'false';
}

export interface RunningRehearsal {
  /** The `.env` block the command printed, from TARGET_AUTH_URL to its last line. */
  envBlock: string;
  stop: () => Promise<void>;
}

/**
 * `npx classifieds-conformance sandbox --account` in `cwd`, on free ports, in a process group of its
 * own (npx, the command and the sandbox are three processes: the group ends them together).
 */
export async function startRehearsal(cwd: string, env: NodeJS.ProcessEnv): Promise<RunningRehearsal> {
  const child = spawn(NPX, ['classifieds-conformance', 'sandbox', '--account'], {
    cwd,
    env: { ...env, SANDBOX_AUTH_PORT: '0', SANDBOX_APPS_PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  const stop = (): Promise<void> => stopGroup(child);
  try {
    return { envBlock: await envBlockOf(child), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

function envBlockOf(child: ChildProcess): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    const lines: string[] = [];
    const timer = setTimeout(() => {
      reject(new Error(`no .env block in 120 s:\n${lines.join('\n')}`));
    }, 120_000);
    child.on('exit', (code) => {
      reject(new Error(`the sandbox ended (${code}):\n${lines.join('\n')}`));
    });
    if (child.stdout === null) throw new Error('no standard output');
    createInterface({ input: child.stdout }).on('line', (line) => {
      lines.push(line);
      if (!line.startsWith('STATUS_CHANGE_CONTROL_KEY=')) return;
      clearTimeout(timer);
      const start = lines.findIndex((text) => text.startsWith('TARGET_AUTH_URL='));
      resolvePromise(lines.slice(start).join('\n'));
    });
  });
}

/**
 * Ends the group and waits until none of it is left: npx may exit on the signal before the sandbox
 * under it has closed its data file, which the next start would find locked.
 */
async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.pid === undefined) return;
  const group = -child.pid;
  if (!signalGroup(group, 'SIGTERM')) return;
  const until = Date.now() + patient(10_000);
  while (Date.now() < until) {
    if (!signalGroup(group, 0)) return;
    await delay(100);
  }
  signalGroup(group, 'SIGKILL');
}

/** Sends the signal to the process group; false when none of it is left. */
function signalGroup(group: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(group, signal);
    return true;
  } catch {
    return false;
  }
}
