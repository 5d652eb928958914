// Looking at another process through Linux's /proc (elsewhere: a signal 0 only): whether it still
// runs, and the files /proc keeps of it.
import { readFileSync } from 'node:fs';

/** A file of /proc/<pid>, or '' when it cannot be read (gone, or not Linux). */
export function procFile(pid: number, name: string): string {
  try {
    return readFileSync(`/proc/${pid}/${name}`, 'utf8');
  } catch {
    return '';
  }
}

/** The fields of /proc/<pid>/stat after the command's name (state first, then the parent). */
export function statFields(pid: number): string[] {
  const stat = procFile(pid, 'stat');
  return stat === '' ? [] : stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/**
 * Whether the process runs. One that has exited but that its parent has not reaped yet (a zombie)
 * still answers a signal 0, yet runs nothing and holds no file: it counts as gone.
 */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  return statFields(pid)[0] !== 'Z';
}
