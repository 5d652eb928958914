import type { ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import { patient } from '../../helpers/target/patience.js';

/** A child expected to stop by itself: its exit status (null when killed after `timeoutMs`), stdout and stderr. */
export async function exitOf(
  child: ChildProcessByStdio<null, Readable, Readable>,
  timeoutMs = 45_000,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const code = await new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve(null);
    }, patient(timeoutMs));
    child.once('exit', (status) => {
      clearTimeout(timer);
      resolve(status);
    });
  });
  return { code, stdout, stderr };
}
