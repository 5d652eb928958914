import { createInterface } from 'node:readline';

/** The one line a server child prints on stdout once it listens, read by the driver. */
export const READY_PREFIX = 'READY ';
/** The line a child prints when it has carried out a command read from its stdin. */
export const REPLY_PREFIX = 'DONE ';

export function announceReady(info: object): void {
  process.stdout.write(`${READY_PREFIX}${JSON.stringify(info)}\n`);
}

/** Carries out each command line the driver writes on stdin, in order, and acknowledges it. */
export function answerCommands(handle: (line: string) => string): void {
  createInterface({ input: process.stdin }).on('line', (line) => {
    process.stdout.write(`${REPLY_PREFIX}${handle(line)}\n`);
  });
}

/** Keeps the child alive until the driver ends it; closes cleanly on SIGTERM. */
export function closeOnSignal(close: () => Promise<unknown>): void {
  process.once('SIGTERM', () => {
    void close().finally(() => process.exit(0));
  });
}
