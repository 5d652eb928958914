// A command started as a user starts it, in a process group of its own so that every process under
// it can be found (Linux's /proc): what a signal to its top process leaves behind, and its ports.
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { createInterface } from 'node:readline';
import { patient } from '../../helpers/target/patience.js';

export interface StartedCommand {
  child: ChildProcess;
  /** The process group: the top process's id. */
  group: number;
  /** What it printed until its banner named both servers. */
  banner: string;
  stderr: () => string;
}

/** Starts `command` and waits for the sandbox's banner (both server URLs printed). */
export async function startCommand(
  command: string,
  args: readonly string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number },
): Promise<StartedCommand> {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const banner = await new Promise<string>((resolve, reject) => {
    let printed = '';
    const timer = setTimeout(() => {
      reject(
        new Error(`set-up: ${command} printed no banner in ${options.timeoutMs} ms: ${printed}${stderr}`),
      );
    }, patient(options.timeoutMs));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`set-up: ${command} exited (${code}) before its banner: ${stderr}`));
    });
    createInterface({ input: child.stdout }).on('line', (line) => {
      printed += `${line}\n`;
      if (/resource server/.test(printed) && /authorization server/.test(printed)) {
        clearTimeout(timer);
        resolve(printed);
      }
    });
  });
  return { child, group: child.pid ?? 0, banner, stderr: () => stderr };
}

/** The ports of the banner's two servers. */
export function bannerPorts(banner: string): number[] {
  return [...banner.matchAll(/(?:authorization|resource) server\s+https?:\/\/[^\s]+:(\d+)/g)].map((match) =>
    Number(match[1]),
  );
}

/** Every live process of the group, with its command line (zombies are gone already). */
export function groupMembers(group: number): string[] {
  const members: string[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readProc(name, 'stat');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) === group && fields[0] !== 'Z')
      members.push(`${name} ${readProc(name, 'cmdline').replaceAll('\0', ' ').trim()}`);
  }
  return members;
}

/** Waits until the group has no live process, at most `timeoutMs`; what is left then. */
export async function groupLeft(group: number, timeoutMs: number): Promise<string[]> {
  const deadline = Date.now() + patient(timeoutMs);
  let left = groupMembers(group);
  while (left.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    left = groupMembers(group);
  }
  return left;
}

/** Whether something accepts connections on the port (loopback). */
export function listening(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => {
      resolve(false);
    });
  });
}

/** Ends what a failed test left (the group's processes), so that no run leaves a sandbox behind. */
export function killGroup(group: number): void {
  try {
    process.kill(-group, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

function readProc(pid: string, file: string): string {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return '';
  }
}
