import { createInterface } from 'node:readline';

/** The one line a server child prints on stdout once it listens, read by the driver. */
export const READY_PREFIX = 'READY ';
/** The line a child prints when it has carried out a command read from its stdin. */
export const REPLY_PREFIX = 'DONE ';

export function announceReady(info: object): void {
  process.stdout.write(`${READY_PREFIX}${JSON.stringify(info)}\n`);
}

/**
 * Carries out each command line the driver writes on stdin and acknowledges it. Commands run one
 * after another, even asynchronous ones, so replies come back in the order the driver matches them.
 */
export function answerCommands(handle: (line: string) => string | Promise<string>): void {
  let previous = Promise.resolve();
  createInterface({ input: process.stdin }).on('line', (line) => {
    previous = previous.then(async () => {
      process.stdout.write(`${REPLY_PREFIX}${await handle(line)}\n`);
    });
  });
}

/**
 * Keeps the child alive until the driver ends it; closes cleanly on SIGTERM, or when its input ends:
 * a driver that died without stopping its children (a benchmark that threw) closes their stdin, and
 * they would otherwise keep serving on the machine.
 */
export function closeOnSignal(close: () => Promise<unknown>): void {
  let closing = false;
  const closeAndExit = (): void => {
    if (closing) return;
    closing = true;
    void close().finally(() => process.exit(0));
  };
  process.once('SIGTERM', closeAndExit);
  process.stdin.once('end', closeAndExit);
  process.stdin.resume();
}
