import type { ServerChild } from '../throughput/child.js';

/** Sends a command to a server child and reads its one-line JSON reply as the caller's type. */
export async function childJson<T>(child: ServerChild<unknown>, command: string): Promise<T> {
  return JSON.parse(await child.command(command)) as T;
}
