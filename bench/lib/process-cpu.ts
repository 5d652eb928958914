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

function readStat(pid: string): { parent: string; ticks: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is parenthesised and may hold spaces: the fields follow its last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { parent: fields[1] ?? '', ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return null;
  }
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
    const parents = new Map<string, string>();
    const ticks = new Map<string, number>();
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const stat = readStat(entry);
      if (stat === null) continue;
      parents.set(entry, stat.parent);
      ticks.set(entry, stat.ticks);
    }
    for (const [pid, processTicks] of ticks) {
      if (!this.descends(pid, parents)) continue;
      const known = this.samples.get(pid);
      this.samples.set(pid, { kind: known?.kind ?? kindOf(pid), ticks: processTicks });
    }
  }

  private descends(pid: string, parents: ReadonlyMap<string, string>): boolean {
    const root = String(this.rootPid);
    for (let current: string | undefined = pid, hops = 0; current !== undefined && hops < 32; hops += 1) {
      if (current === root) return true;
      current = parents.get(current);
    }
    return false;
  }
}
