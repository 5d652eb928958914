import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time of a process tree, by kind of process, read from /proc (Linux). The tree is sampled
 * every `intervalMs`; a process's last sample is its figure, so one that lives shorter than an
 * interval, or the tail after its last sample, is missed: the sum is a lower bound, compared in
 * the table with the whole tree's CPU as the parent's rusage reports it.
 */

/** Clock ticks per second of /proc/<pid>/stat on Linux (USER_HZ). */
const TICKS_PER_SECOND = 100;

export type ProcessKind = 'runner' | 'worker' | 'browser' | 'other';

interface Sample {
  kind: ProcessKind;
  ticks: number;
}

/** The fields of /proc/<pid>/stat after the command name (state first); null once it ended. */
function statFields(pid: string): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is parenthesised and may hold spaces: the fields follow its last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

function readStat(pid: string): { parent: string; ticks: number } | null {
  const fields = statFields(pid);
  return fields === null ? null : { parent: fields[1] ?? '', ticks: Number(fields[11]) + Number(fields[12]) };
}

/** CPU seconds this process's waited-for children have used so far (cutime + cstime). */
export function childrenCpuSeconds(): number {
  const fields = statFields('self') ?? [];
  return (Number(fields[13]) + Number(fields[14])) / TICKS_PER_SECOND;
}

function kindOf(pid: string): ProcessKind {
  let command: string;
  try {
    command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return 'other';
  }
  if (/chrom/.test(command)) return 'browser';
  if (/workerMain|process\.js|worker/.test(command)) return 'worker';
  if (/playwright|cli\.js/.test(command)) return 'runner';
  return 'other';
}

/** CPU clock ticks of every process now under `root` (its children's children too), by pid. */
function ticksUnder(root: number): Map<string, number> {
  const parents = new Map<string, string>();
  const ticks = new Map<string, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(entry);
    if (stat === null) continue;
    parents.set(entry, stat.parent);
    ticks.set(entry, stat.ticks);
  }
  const descends = (pid: string): boolean => {
    for (let current: string | undefined = pid, hops = 0; current !== undefined && hops < 64; hops += 1) {
      if (current === String(root)) return true;
      current = parents.get(current);
    }
    return false;
  };
  return new Map([...ticks].filter(([pid]) => descends(pid)));
}

/** CPU seconds (user + system) of the processes now under `root`, once. */
export function cpuSecondsUnder(root: number): number {
  let ticks = 0;
  for (const processTicks of ticksUnder(root).values()) ticks += processTicks;
  return ticks / TICKS_PER_SECOND;
}

export class ProcessTreeCpu {
  private readonly samples = new Map<string, Sample>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly rootPid: number,
    intervalMs = 100,
  ) {
    this.timer = setInterval(() => {
      this.sample();
    }, intervalMs);
  }

  /** Seconds of CPU per kind of process seen so far. */
  stop(): Record<ProcessKind, number> {
    clearInterval(this.timer);
    const seconds: Record<ProcessKind, number> = { runner: 0, worker: 0, browser: 0, other: 0 };
    for (const sample of this.samples.values()) seconds[sample.kind] += sample.ticks / TICKS_PER_SECOND;
    return seconds;
  }

  private sample(): void {
    for (const [pid, ticks] of ticksUnder(this.rootPid)) {
      const known = this.samples.get(pid);
      this.samples.set(pid, { kind: known?.kind ?? kindOf(pid), ticks });
    }
  }
}
