import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { childEnvironment } from '../../config/environment.js';

/** What a command of the package said (stdout and stderr together) and how it exited. */
export interface CommandRun {
  code: number | null;
  stdout: string;
}

/** `classifieds-conformance <name> ...args`, through the package's own dispatcher (bin/cli.ts). */
export function cliCommand(name: string, args: readonly string[]): Promise<CommandRun> {
  const child = spawn(process.execPath, [require.resolve('tsx/cli'), resolve('bin/cli.ts'), name, ...args], {
    env: childEnvironment(),
  });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  return new Promise((done) =>
    child.on('close', (code) => {
      done({ code, stdout });
    }),
  );
}
