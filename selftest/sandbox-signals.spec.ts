import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { NPM, NPX, teamEnv } from './support/packed-project.js';
import {
  bannerPorts,
  groupLeft,
  killGroup,
  listening,
  startCommand,
  type StartedCommand,
} from './support/process-group.js';
import { patient } from '../helpers/target/patience.js';

/**
 * The standalone sandbox as a service: a signal to the command the user started stops every process
 * under it and frees its ports (docs/sandbox-service.md). Each command is started as a user starts
 * it (npm, npx), in a process group of its own so that whatever it leaves is found.
 */
test.describe.configure({ mode: 'default' });
test.skip(process.platform !== 'linux', 'processes are found through /proc');

const ROOT = resolve(__dirname, '..');
const START_TIMEOUT_MS = 90_000;
/**
 * npm's shell is watched every half second; closing takes a few hundred milliseconds more, and at
 * most 5 s before the sandbox exits anyway. Under a full run's load (two workers and nested runs on
 * two cores) one stop took longer than 15 s once in three runs: the bound leaves it room.
 */
const STOP_TIMEOUT_MS = 30_000;

interface Case {
  title: string;
  command: string;
  args: (scratch: string) => string[];
  /** `top`: the signal goes to the started process alone; `group`: to every process, as a terminal's Ctrl-C. */
  to: 'top' | 'group';
  signal: NodeJS.Signals;
}

const npmRun = (script: string, extra: (scratch: string) => string[]) => (scratch: string) => [
  'run',
  '--silent',
  script,
  '--',
  ...extra(scratch),
];
const dataOf = (scratch: string): string[] => ['--data', join(scratch, 'data')];
const accountOf = (scratch: string): string[] => [
  ...dataOf(scratch),
  '--state',
  join(scratch, 'account.json'),
];

const CASES: Case[] = [
  { title: 'npm run sandbox', command: NPM, args: npmRun('sandbox', dataOf), to: 'top', signal: 'SIGTERM' },
  { title: 'npm run sandbox', command: NPM, args: npmRun('sandbox', dataOf), to: 'top', signal: 'SIGINT' },
  { title: 'npm run sandbox', command: NPM, args: npmRun('sandbox', dataOf), to: 'top', signal: 'SIGHUP' },
  {
    title: 'npm run sandbox:account',
    command: NPM,
    args: npmRun('sandbox:account', accountOf),
    to: 'top',
    signal: 'SIGTERM',
  },
  {
    title: 'npm run sandbox:account',
    command: NPM,
    args: npmRun('sandbox:account', accountOf),
    to: 'top',
    signal: 'SIGINT',
  },
  {
    title: 'npx classifieds-conformance sandbox',
    command: NPX,
    args: (scratch) => ['classifieds-conformance', 'sandbox', ...dataOf(scratch)],
    to: 'top',
    signal: 'SIGTERM',
  },
  {
    title: 'npx classifieds-conformance sandbox',
    command: NPX,
    args: (scratch) => ['classifieds-conformance', 'sandbox', ...dataOf(scratch)],
    to: 'top',
    signal: 'SIGHUP',
  },
  {
    title: 'npx classifieds-conformance sandbox',
    command: NPX,
    args: (scratch) => ['classifieds-conformance', 'sandbox', ...dataOf(scratch)],
    to: 'group',
    signal: 'SIGINT',
  },
];

for (const { title, command, args, to, signal } of CASES) {
  test(`${title}: ${signal} to ${to === 'top' ? 'the started process' : 'its process group (Ctrl-C)'} leaves no process and no listening port`, async () => {
    test.setTimeout(patient(START_TIMEOUT_MS + STOP_TIMEOUT_MS + 30_000));
    const scratch = mkdtempSync(join(tmpdir(), 'sandbox-signals-'));
    const env = {
      ...teamEnv(),
      SANDBOX_AUTH_PORT: '0',
      SANDBOX_APPS_PORT: '0',
      SANDBOX_TLS_DIR: join(scratch, 'tls'),
    };
    let started: StartedCommand | undefined;
    try {
      started = await startCommand(command, args(scratch), { cwd: ROOT, env, timeoutMs: START_TIMEOUT_MS });
      const ports = bannerPorts(started.banner);
      expect(ports, `set-up: the banner names two ports\n${started.banner}`).toHaveLength(2);
      for (const port of ports) expect(await listening(port), `set-up: port ${port} listens`).toBe(true);
      process.kill(to === 'top' ? started.group : -started.group, signal);
      const left = await groupLeft(started.group, STOP_TIMEOUT_MS);
      expect(
        left,
        `processes left ${STOP_TIMEOUT_MS} ms after ${signal}\n${left.map(processState).join('\n')}\nstderr: ${started.stderr().slice(-2000)}`,
      ).toEqual([]);
      for (const port of ports) expect(await listening(port), `port ${port} after ${signal}`).toBe(false);
    } finally {
      if (started !== undefined) killGroup(started.group);
      rmSync(scratch, { recursive: true, force: true });
    }
  });
}

/** A left process's parent and state, to tell a stop never noticed from one that hung. */
function processState(line: string): string {
  const pid = line.split(' ')[0] ?? '';
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return `${pid}: ${status
      .split('\n')
      .filter((field) => /^(State|PPid):/.test(field))
      .join(', ')}`;
  } catch {
    return `${pid}: gone`;
  }
}
