import { spawn } from 'node:child_process';
import { standFor } from './service/process-tree.js';
import { settings, childEnvironment } from '../config/environment.js';

/**
 * Node flags the standalone sandbox runs with (README, "The sandbox's choices"). With V8's default
 * old-space limit on a host with gigabytes of memory (about 4 GB), V8 lets the heap grow to about
 * four times what is live before a full collection: under a hostile load whose live heap is 70 to
 * 100 MB, that made 300 MB of committed heap (`npm run bench:hostile`, bench/README.md). Below 2 GB
 * V8 scales that factor down (1.6 at 1 GB), so the heap stays near 1.6 times what is live; the
 * limit itself is far above what the sandbox's caps let it hold. The young generation's two
 * semi-spaces, 16 MB each by default, are halved: 16 MB less resident, for more frequent (and
 * shorter) scavenges, which cost no measurable throughput in the same benchmark.
 */
export const SANDBOX_NODE_FLAGS: readonly string[] = ['--max-old-space-size=1024', '--max-semi-space-size=8'];

/** Set in the child a sandbox re-executes itself into, so that it does not do it again. */
const SETTINGS_MARK = 'SANDBOX_PROCESS_SETTINGS';

/** Whether this process runs with every one of the sandbox's Node flags. */
export function runsWithSandboxSettings(): boolean {
  const given = [...process.execArgv, ...(settings().NODE_OPTIONS ?? '').split(/\s+/)];
  return SANDBOX_NODE_FLAGS.every((flag) => given.includes(flag));
}

/**
 * Resolves when this process runs with the sandbox's settings. Otherwise runs this same script
 * again in a child process that has them (same Node, same loader flags, same arguments, same
 * terminal), passes it the signals meant for the sandbox (service/process-tree.ts), and exits with
 * its status: it then never resolves.
 */
export async function withSandboxSettings(): Promise<void> {
  if (runsWithSandboxSettings() || settings().SANDBOX_PROCESS_SETTINGS) return;
  const child = spawn(
    process.execPath,
    [...SANDBOX_NODE_FLAGS, ...process.execArgv, ...process.argv.slice(1)],
    {
      stdio: 'inherit',
      env: childEnvironment({ [SETTINGS_MARK]: '1' }),
    },
  );
  await standFor(child);
}
