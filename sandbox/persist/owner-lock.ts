// Which sandbox owns a data folder. The SQLite binding locks its file with a folder beside it
// (`sandbox.sqlite.lock`), made by mkdir and removed on close: a sandbox killed outright (SIGKILL,
// an OOM kill, a power cut) leaves it, and nothing in it says whose it was. So the sandbox takes a
// lock of its own first, `sandbox.lock/`, with its owner written inside; holding it, a binding's
// lock left beside the file can only be a dead sandbox's, and is removed.
//
// Why not `proper-lockfile`: it is the same mkdir lock, but it tells a dead owner by the lock's
// mtime, which the owner must keep touching on a timer. A sandbox killed outright would then hold
// its folder for the whole stale period (a restart by a supervisor fails or waits), a live one
// stopped or starved past it (SIGSTOP, a swapping host) would lose its lock to a second sandbox on
// the same data file, and it has no owner to name nor a "closing" state for a restart that comes
// while the previous sandbox is still writing its last changes. Here the owner's pid, host and
// process start time answer at once, and a reused pid is told from the owner.
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { DATA_FILE_NAME, DataFileError } from './data-file.js';
import { isRunning, statFields } from '../service/processes.js';

export const LOCK_DIR_NAME = 'sandbox.lock';
const OWNER_FILE = 'owner.json';

/**
 * How old a lock with no owner written may be before it is taken as a dead start's: its maker
 * writes the owner right after making it, so only a kill in between leaves it so.
 */
const UNOWNED_GRACE_MS = 10_000;

/** Who holds the lock. `process` tells a pid reused by another program from the owner itself. */
interface Owner {
  pid: number;
  host: string;
  started: string;
  process?: string;
  closing?: boolean;
}

type Verdict =
  | { kind: 'held'; owner: Owner }
  | { kind: 'closing'; owner: Owner }
  | { kind: 'unowned'; ageMs: number }
  | { kind: 'stale'; owner: Owner | undefined; why: string };

export class OwnerLock {
  private constructor(
    private readonly lockDir: string,
    private readonly owner: Owner,
  ) {}

  /**
   * Takes the folder's lock, or throws one line: held by a live sandbox (named, pid and host) at
   * once; while its owner is closing or just starting, `locked` (worth trying again shortly). A
   * lock whose owner is gone is taken over, said in one line on stderr.
   */
  static take(dir: string): OwnerLock {
    const lockDir = join(dir, LOCK_DIR_NAME);
    // Three rounds: a takeover, then the lock made by this start or another one's.
    for (let round = 0; round < 3; round += 1) {
      if (madeDir(lockDir)) {
        const lock = new OwnerLock(lockDir, ownOwner());
        lock.write();
        rmSync(join(dir, `${DATA_FILE_NAME}.lock`), { recursive: true, force: true });
        return lock;
      }
      const verdict = judge(lockDir);
      if (verdict.kind !== 'stale') throw refusal(dir, verdict);
      if (takeOver(lockDir, verdict)) console.error(`sandbox: ${dir} ${verdict.why}: lock taken over`);
    }
    throw refusal(dir, { kind: 'unowned', ageMs: 0 });
  }

  /** Says the owner is stopping: a start meanwhile waits for the lock rather than being refused. */
  markClosing(): void {
    this.owner.closing = true;
    this.write();
  }

  release(): void {
    rmSync(this.lockDir, { recursive: true, force: true });
  }

  private write(): void {
    const file = join(this.lockDir, OWNER_FILE);
    writeFileSync(`${file}.new`, JSON.stringify(this.owner));
    renameSync(`${file}.new`, file);
  }
}

function madeDir(path: string): boolean {
  try {
    mkdirSync(path, { mode: 0o700 });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

function ownOwner(): Owner {
  const identity = processIdentity(process.pid);
  return {
    pid: process.pid,
    host: hostname(),
    started: new Date().toISOString(),
    ...(identity === undefined ? {} : { process: identity }),
  };
}

/**
 * On Linux, the boot and the process's start time (in ticks since boot): a pid alive with another
 * identity is another program's, and after a reboot every owner is gone. Elsewhere, the pid alone.
 */
function processIdentity(pid: number): string | undefined {
  let boot: string;
  try {
    boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return undefined;
  }
  const startTicks = statFields(pid)[19];
  return startTicks === undefined ? undefined : `${boot}/${startTicks}`;
}

function alive(owner: Owner): boolean {
  return (
    isRunning(owner.pid) && (owner.process === undefined || processIdentity(owner.pid) === owner.process)
  );
}

function readOwner(lockDir: string): Owner | undefined {
  try {
    const owner = JSON.parse(readFileSync(join(lockDir, OWNER_FILE), 'utf8')) as Partial<Owner>;
    return typeof owner.pid === 'number' && typeof owner.host === 'string' ? (owner as Owner) : undefined;
  } catch {
    return undefined;
  }
}

function judge(lockDir: string): Verdict {
  const owner = readOwner(lockDir);
  if (owner === undefined) {
    const ageMs = Date.now() - (statMtimeMs(lockDir) ?? Date.now());
    return ageMs < UNOWNED_GRACE_MS
      ? { kind: 'unowned', ageMs }
      : { kind: 'stale', owner, why: `was locked ${Math.round(ageMs / 1000)} s ago with no owner written` };
  }
  // Another host's process cannot be looked at from here: its lock stands.
  if (owner.host !== hostname() || alive(owner))
    return owner.closing === true ? { kind: 'closing', owner } : { kind: 'held', owner };
  return {
    kind: 'stale',
    owner,
    why: `was locked by the sandbox of pid ${owner.pid} on ${owner.host} (started ${owner.started}), which is gone`,
  };
}

function statMtimeMs(path: string): number | undefined {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return undefined;
  }
}

/**
 * Removes a stale lock under a short lock of its own (`.takeover`), after judging it again there:
 * of two starts that found it stale, the second finds the first one's lock, alive, and leaves it.
 * False when another start is taking it over (the caller's next round sees the outcome).
 */
function takeOver(lockDir: string, judged: Verdict & { kind: 'stale' }): boolean {
  const guard = `${lockDir}.takeover`;
  if (!madeDir(guard)) {
    // A start killed in the middle of a takeover leaves the guard: a few seconds later it is its.
    if (Date.now() - (statMtimeMs(guard) ?? Date.now()) > UNOWNED_GRACE_MS)
      rmSync(guard, { force: true, recursive: true });
    return false;
  }
  try {
    const again = judge(lockDir);
    if (again.kind !== 'stale' || JSON.stringify(again.owner) !== JSON.stringify(judged.owner)) return false;
    rmSync(lockDir, { recursive: true, force: true });
    return true;
  } finally {
    rmSync(guard, { force: true, recursive: true });
  }
}

/** One line naming the owner; `locked` when trying again shortly may succeed. */
function refusal(dir: string, verdict: Exclude<Verdict, { kind: 'stale' }>): DataFileError {
  if (verdict.kind === 'held') {
    const elsewhere =
      verdict.owner.host === hostname() ? '' : ' (another host: if it is gone, remove that folder)';
    const held = new DataFileError(
      `${dir}: in use by the sandbox of pid ${verdict.owner.pid} on ${verdict.owner.host}${elsewhere}, started ${verdict.owner.started}; stop it, or give this one another --data folder`,
    );
    held.exitCode = 1;
    return held;
  }
  const error = new DataFileError(
    verdict.kind === 'closing'
      ? `${dir}: in use by the sandbox of pid ${verdict.owner.pid} on ${verdict.owner.host}, still closing`
      : `${dir}: being opened by another sandbox (${join(dir, LOCK_DIR_NAME)} has no owner yet)`,
  );
  error.locked = true;
  error.exitCode = 1;
  return error;
}
