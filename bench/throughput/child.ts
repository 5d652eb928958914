import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { resolve } from 'node:path';
import { READY_PREFIX, REPLY_PREFIX } from './ready.js';

export interface ServerChild<Info> {
  info: Info;
  /** Sends one command line on the child's stdin and waits for its reply line. */
  command: (line: string) => Promise<string>;
  stop: () => Promise<void>;
}

/**
 * Starts `bench/throughput/<file>` (a path relative to this folder) under tsx in its own process,
 * with extra Node flags such as `--expose-gc`, and waits for its READY line. A `launcher` (such
 * as `prlimit --nofile=1024:1024`) runs Node under it.
 */
export async function startServerChild<Info>(
  file: string,
  args: string[],
  nodeFlags: readonly string[] = [],
  launcher: readonly string[] = [],
): Promise<ServerChild<Info>> {
  const path = resolve(__dirname, file);
  const command = [...launcher, process.execPath, ...nodeFlags, '--import', 'tsx', path, ...args];
  const child = spawn(command[0] ?? process.execPath, command.slice(1), {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  const waiting: Array<(reply: string) => void> = [];
  const info = await new Promise<Info>((resolve, reject) => {
    lines.on('line', (line) => {
      if (line.startsWith(READY_PREFIX)) resolve(JSON.parse(line.slice(READY_PREFIX.length)) as Info);
      else if (line.startsWith(REPLY_PREFIX)) waiting.shift()?.(line.slice(REPLY_PREFIX.length));
    });
    child.once('exit', (code) => {
      reject(new Error(`${file} exited with ${code} before it was ready`));
    });
  });
  return {
    info,
    command: (line) =>
      new Promise((resolve) => {
        waiting.push(resolve);
        child.stdin.write(`${line}\n`);
      }),
    stop: () => stopChild(child),
  };
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) {
      resolve();
      return;
    }
    child.once('exit', () => {
      resolve();
    });
    child.kill('SIGTERM');
  });
}
