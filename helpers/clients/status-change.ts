import { spawn } from 'node:child_process';
import { isSecretName } from '../report/secret-names.js';
import { registerSecret } from '../report/redact.js';
import { environment, type Environment } from '../../config/environment.js';

/**
 * Contract section 3's status-change command: the team's own way to change one ad's status on a
 * marketplace without test helpers (its ad-import API, its back office, a browser script), run
 * with `sh -c` and the suite's environment plus AD_OWNER, AD_ID and AD_STATUS.
 */

/** The change asked for. */
export interface StatusChangeRequest {
  owner: string;
  adId: string;
  status: string;
}

/** The change the command says it made instead (its last stdout line), when it differs. */
export interface ReportedChange {
  id: string;
  status: string;
  changedAt?: string;
}

export type StatusChangeOutcome =
  /** Exit 0: made; `reported` when the last stdout line names another change. */
  | { kind: 'made'; reported: ReportedChange | undefined; stdout: string; stderr: string }
  /** Exit 3: this change cannot be made on this marketplace; stderr says why. */
  | { kind: 'cannot'; stdout: string; stderr: string }
  /** Any other exit, a signal, or no exit within the limit: the set-up failed. */
  | { kind: 'failed'; why: string; stdout: string; stderr: string };

/** Contract section 3: a command that has not exited by then has failed. */
export const STATUS_CHANGE_LIMIT_MS = 120_000;
/** The most output kept of each stream: enough for any message, bounded for a chatty script. */
const MAX_OUTPUT_CHARACTERS = 64_000;
export const CANNOT_CHANGE_EXIT = 3;

/**
 * The values of the environment's variables whose names say "secret" (STATUS_CHANGE_CONTROL_KEY,
 * IMPORT_API_TOKEN...): the command's own credentials, which its output may echo, are redacted
 * like the suite's.
 */
export function registerCommandSecrets(env: NodeJS.ProcessEnv): void {
  for (const [name, value] of Object.entries(env))
    if (value !== undefined && value.trim().length >= 4 && isSecretName(name)) registerSecret(value);
}

/** Runs the command once for `request`; never throws for anything the command does. */
export function runStatusChange(
  command: string,
  request: StatusChangeRequest,
  env: Environment = environment(),
  limitMs = STATUS_CHANGE_LIMIT_MS,
): Promise<StatusChangeOutcome> {
  registerCommandSecrets(env);
  return new Promise((resolve) => {
    const child = spawn('sh', ['-c', command], {
      env: { ...env, AD_OWNER: request.owner, AD_ID: request.adId, AD_STATUS: request.status },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group, so that a command past the limit is ended with whatever it started.
      detached: true,
    });
    let stdout = '';
    let stderr = '';
    const keep = (text: string, chunk: Buffer): string =>
      text.length >= MAX_OUTPUT_CHARACTERS ? text : (text + chunk.toString()).slice(0, MAX_OUTPUT_CHARACTERS);
    child.stdout.on('data', (chunk: Buffer) => (stdout = keep(stdout, chunk)));
    child.stderr.on('data', (chunk: Buffer) => (stderr = keep(stderr, chunk)));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child.pid);
    }, limitMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ kind: 'failed', why: `could not be started: ${error.message}`, stdout, stderr });
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve(outcomeOf(code, signal, timedOut, limitMs, stdout, stderr));
    });
  });
}

function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

function outcomeOf(
  code: number | null,
  signal: NodeJS.Signals | null,
  timedOut: boolean,
  limitMs: number,
  stdout: string,
  stderr: string,
): StatusChangeOutcome {
  if (timedOut) return { kind: 'failed', why: `did not exit within ${limitMs / 1000} s`, stdout, stderr };
  if (code === 0) return { kind: 'made', reported: reportedChange(stdout), stdout, stderr };
  if (code === CANNOT_CHANGE_EXIT) return { kind: 'cannot', stdout, stderr };
  return {
    kind: 'failed',
    why: code === null ? `was ended by ${signal ?? 'a signal'}` : `exited with status ${code}`,
    stdout,
    stderr,
  };
}

/** The last non-empty stdout line, when it is the contract's JSON object; undefined otherwise. */
export function reportedChange(stdout: string): ReportedChange | undefined {
  const last = stdout
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .at(-1);
  if (last?.startsWith('{') !== true) return undefined;
  try {
    const parsed = JSON.parse(last) as { id?: unknown; status?: unknown; changed_at?: unknown };
    if (typeof parsed.id !== 'string' || parsed.id === '' || typeof parsed.status !== 'string')
      return undefined;
    return {
      id: parsed.id,
      status: parsed.status,
      ...(typeof parsed.changed_at === 'string' ? { changedAt: parsed.changed_at } : {}),
    };
  } catch {
    return undefined;
  }
}
