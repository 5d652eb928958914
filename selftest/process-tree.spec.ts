import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { spawn } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { childEnvironment } from '../config/environment.js';
import { statFields } from '../sandbox/service/processes.js';
import { killGroup } from './support/process-group.js';
import { patient } from '../helpers/target/patience.js';

/**
 * A sandbox under npm's shell stops when npm is gone (sandbox/service/process-tree.ts), even while
 * npm's parent has not reaped it yet: a process that has exited but is not reaped (a zombie) still
 * answers a signal 0, and was taken for a live npm, so the sandbox ran on. The scene: a stand-in
 * for npm (a script named npm-cli.js, as npm's is) runs the watcher through `sh -c`, under a parent
 * that never reaps it (`exec sleep`); the stand-in is killed outright and stays a zombie.
 */
test.skip(process.platform !== 'linux', 'processes are looked at through /proc');

const ROOT = resolve(__dirname, '..');
const WATCHER = join(ROOT, 'selftest', 'support', 'stop-watcher.ts');

const stateOf = (pid: number): string => statFields(pid)[0] ?? 'gone';

test('a process under npm’s shell stops when npm has exited, reaped or not', async () => {
  test.setTimeout(patient(60_000));
  const scratch = mkdtempSync(join(tmpdir(), 'process-tree-'));
  const npmCli = join(scratch, 'npm-cli.js');
  writeFileSync(
    npmCli,
    `const { spawn } = require('node:child_process');
console.log('npm ' + process.pid);
spawn('sh', ['-c', 'node --import tsx ${WATCHER}; true'], { stdio: 'inherit', cwd: ${JSON.stringify(ROOT)} });
setInterval(() => undefined, 1000);
`,
  );
  const top = spawn('sh', ['-c', `node ${npmCli} & exec sleep 120`], {
    cwd: ROOT,
    env: childEnvironment({}),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const seen = (pattern: RegExp, timeoutMs: number): Promise<string | undefined> =>
    new Promise((done) => {
      const deadline = Date.now() + patient(timeoutMs);
      const look = (): void => {
        const line = lines.find((one) => pattern.test(one));
        if (line !== undefined || Date.now() > deadline) done(line);
        else setTimeout(look, 50);
      };
      look();
    });
  createInterface({ input: top.stdout }).on('line', (line) => lines.push(line));
  try {
    const npmLine = await seen(/^npm \d+$/, 30_000);
    expect(
      await seen(/^watching$/, 30_000),
      `set-up: the watcher started\n${lines.join('\n')}`,
    ).toBeDefined();
    const npmPid = Number(npmLine?.split(' ')[1]);
    process.kill(npmPid, 'SIGKILL');
    await new Promise((wait) => setTimeout(wait, 200));
    expect(stateOf(npmPid), 'set-up: the killed npm is left unreaped').toBe('Z');
    expect(await seen(/^stopped by /, 10_000), lines.join('\n')).toBe('stopped by SIGTERM');
  } finally {
    if (top.pid !== undefined) killGroup(top.pid);
    rmSync(scratch, { recursive: true, force: true });
  }
});
