// How the processes between the user's command and the sandbox stop together. A user stops the
// command they started (`npm run sandbox`, `npx classifieds-conformance sandbox`) with a signal
// to it; npm passes on SIGINT and SIGTERM only, a terminal that closes sends SIGHUP, and a parent
// killed outright passes on nothing. So each process of ours passes every stopping signal to its
// child and exits with the child's status, and each one whose parent is gone stops as if signalled:
// no process is left holding the sandbox's ports. npm runs a package's command through `sh -c`,
// which passes no signal on and outlives an npm that a SIGHUP ended: under such a shell, npm is
// watched too. Under a user's own shell nothing is watched (`nohup ... &` keeps running after it).
import type { ChildProcess } from 'node:child_process';
import { constants } from 'node:os';
import { isRunning, procFile, statFields } from './processes.js';

/** The signals that stop the sandbox. */
export const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
export type StopSignal = (typeof STOP_SIGNALS)[number];

/** How often a process looks for its parent: a stop takes at most this long to be noticed. */
const PARENT_POLL_MS = 500;

/**
 * The parent this process was started by, read when the process starts rather than when it is
 * ready: a parent that dies while the sandbox is starting has then already handed it to another.
 */
const STARTING_PARENT = process.ppid;

/**
 * Calls `stop` on the first stopping signal, and when a watched ancestor is gone (the parent: this
 * process was handed to another; npm above npm's shell). Later signals are ignored: a Ctrl-C
 * reaches the whole process group, and the parent passes it on as well.
 */
export function onStop(stop: (signal: StopSignal) => void): void {
  let stopped = false;
  const once = (signal: StopSignal): void => {
    if (stopped) return;
    stopped = true;
    clearInterval(watch);
    stop(signal);
  };
  for (const signal of STOP_SIGNALS)
    process.on(signal, () => {
      once(signal);
    });
  const parent = STARTING_PARENT;
  const watched = watchedAncestors(parent);
  const watch = setInterval(() => {
    // Handed to init or a subreaper, or a watched ancestor gone: the parent is gone.
    if (watched.length > 0 && (process.ppid !== parent || !watched.every(isRunning))) once('SIGTERM');
  }, PARENT_POLL_MS);
  watch.unref();
}

/** The ancestors whose end ends this process (see the head of this file). */
function watchedAncestors(parent: number): number[] {
  if (!SHELLS.has(procFile(parent, 'comm').trim())) return [parent];
  const grandparent = parentOf(parent);
  return grandparent !== undefined && isNpm(grandparent) ? [parent, grandparent] : [];
}

const SHELLS = new Set(['sh', 'dash', 'bash', 'zsh', 'ash', 'ksh']);

/** npm's processes are titled `npm run ...`, `npm exec ...` (or run as npm-cli.js, npx-cli.js). */
function isNpm(pid: number): boolean {
  const command = procFile(pid, 'cmdline').split('\0');
  return /^npm( |$)/.test(command[0] ?? '') || command.some((part) => /np[mx]-cli\.js$/.test(part));
}

/** The parent of another process (Linux's /proc; elsewhere unknown: only the parent is watched). */
function parentOf(pid: number): number | undefined {
  const parent = Number(statFields(pid)[1]);
  return Number.isInteger(parent) && parent > 1 ? parent : undefined;
}

/**
 * Makes this process stand for `child`: every stopping signal is passed on to it (and the parent's
 * going is a SIGTERM to it), and this process exits with the child's status once it has exited.
 */
export function standFor(child: ChildProcess): Promise<never> {
  onStop((signal) => {
    child.kill(signal);
  });
  return new Promise<never>(() => {
    child.once('exit', (status, signal) => {
      process.exit(status ?? 128 + (signal === null ? 0 : constants.signals[signal]));
    });
  });
}
