import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ChildSandboxReady } from './sandbox-child.js';
import { childEnvironment } from '../../config/environment.js';

const CHILD = resolve(__dirname, 'sandbox-child.ts');
const START_TIMEOUT_MS = 30_000;
/** Lines of the child's stderr kept for the report: enough for a stack trace. */
const KEPT_LINES = 200;

export interface SandboxProcess extends ChildSandboxReady {
  ca: string;
  /** Why the process ended, or null while it runs: a crash the fuzz must report. */
  exit(): string | null;
  /** What the sandbox wrote to stderr (its last-resort error handler logs genuine bugs there). */
  stderr(): string;
  stop(): Promise<void>;
}

/** Starts the embedded sandbox in a child process (tsx) and waits for its URLs. */
export async function startSandboxProcess(): Promise<SandboxProcess> {
  const child = fork(CHILD, [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    env: childEnvironment(),
  });
  const stderrLines: string[] = [];
  child.stderr?.on('data', (chunk: Buffer) => {
    stderrLines.push(...chunk.toString('utf8').split('\n'));
    stderrLines.splice(0, Math.max(0, stderrLines.length - KEPT_LINES));
  });
  let exit: string | null = null;
  child.once('exit', (code, signal) => {
    exit = `the sandbox process exited (code ${code ?? 'none'}, signal ${signal ?? 'none'})`;
  });
  const ready = await readyMessage(child, () => stderrLines.join('\n'));
  return {
    ...ready,
    ca: readFileSync(ready.caFile, 'utf8'),
    exit: () => exit,
    stderr: () => stderrLines.join('\n'),
    stop: () => stop(child),
  };
}

function readyMessage(child: ChildProcess, stderr: () => string): Promise<ChildSandboxReady> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`the sandbox process did not start within ${START_TIMEOUT_MS} ms\n${stderr()}`));
    }, START_TIMEOUT_MS);
    child.once('message', (message: ChildSandboxReady) => {
      clearTimeout(timer);
      resolve(message);
    });
    child.once('exit', () => {
      clearTimeout(timer);
      reject(new Error(`the sandbox process exited before it was ready\n${stderr()}`));
    });
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.disconnect();
  });
}
