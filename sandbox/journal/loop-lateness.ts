/**
 * How long this process's event loop has run late, summed since it started: a timer every
 * TICK_MS adds how late it fired (when at least NOISE_MS: a timer's ordinary jitter is no load).
 * Read at two moments of one process, the difference is how long the sandbox could not run on
 * time in between (a loaded machine, a busy process): a request it read then may have come, and a
 * connection it accepted then may have been opened, up to that much earlier. The journal writes
 * the sum beside each request as it is read and as its answer leaves; the timer starts with the
 * first reading and never keeps the process alive.
 */
const TICK_MS = 20;
const NOISE_MS = 5;

let lastTick = 0;
let lateSoFar = 0;
let timer: NodeJS.Timeout | undefined;

function lateness(now: number): number {
  const late = now - lastTick - TICK_MS;
  return late >= NOISE_MS ? late : 0;
}

function tick(): void {
  const now = performance.now();
  lateSoFar += lateness(now);
  lastTick = now;
}

/** The loop's lateness so far, in whole milliseconds, a stall under way included. */
export function lateMsSoFar(): number {
  if (timer === undefined) {
    lastTick = performance.now();
    timer = setInterval(tick, TICK_MS);
    timer.unref();
  }
  return Math.round(lateSoFar + lateness(performance.now()));
}
