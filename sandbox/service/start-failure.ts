// What a refused start of the standalone sandbox says, and what it takes back: a port in use is
// named by the variable that moves it, and a data folder the start made is removed with it (the
// next start would otherwise find a folder of a sandbox that never ran).
import { existsSync, rmSync } from 'node:fs';

/** The ports the start asked for, by the variable that sets each. */
export interface AskedPorts {
  SANDBOX_AUTH_PORT: number;
  SANDBOX_APPS_PORT: number;
}

/** An error of `listen` on a port another process holds; the port, else undefined. */
function portInUse(error: unknown): number | undefined {
  if (!(error instanceof Error) || !('code' in error) || error.code !== 'EADDRINUSE') return undefined;
  return 'port' in error && typeof error.port === 'number' ? error.port : undefined;
}

/**
 * The line for a port in use: the port, the variable that moves it and the next free-looking one
 * to try; undefined for any other error.
 */
export function portInUseLine(error: unknown, asked: AskedPorts): string | undefined {
  const port = portInUse(error);
  if (port === undefined) return undefined;
  const variable = asked.SANDBOX_AUTH_PORT === port ? 'SANDBOX_AUTH_PORT' : 'SANDBOX_APPS_PORT';
  const other = port < 65535 ? port + 1 : port - 1;
  return `port ${port} is in use (${variable}): stop what holds it (another sandbox?), or start on another port, e.g. ${variable}=${other} (0: a free one; docs/sandbox-service.md)`;
}

/** The data folder when this start is the one making it, to be removed if the start is refused. */
export function folderMadeByStart(dataDir: string | undefined): string | undefined {
  return dataDir !== undefined && !existsSync(dataDir) ? dataDir : undefined;
}

/** Removes a folder the refused start made (nothing when it existed before). */
export function removeFolderMadeByStart(dataDir: string | undefined): void {
  if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true });
}
