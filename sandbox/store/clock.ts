/**
 * How far a client's clock may move in all: about 31 years, far beyond any lifetime a test ages
 * through, and far inside the range of a JavaScript Date (README, "The sandbox's choices").
 */
export const MAX_CLOCK_OFFSET_SECONDS = 1_000_000_000;

/**
 * A client's own clock: real time plus an offset that only the clock helper moves, so one test can
 * age its codes by ten minutes without touching anybody else's.
 */
export class Clock {
  private offsetMs = 0;

  constructor(private readonly realNow: () => number = Date.now) {}

  now(): number {
    return this.realNow() + this.offsetMs;
  }

  /** Moves the clock forward; false (and no move) when that would pass the cumulative limit. */
  advance(seconds: number): boolean {
    const next = this.offsetMs + seconds * 1000;
    if (next > MAX_CLOCK_OFFSET_SECONDS * 1000) return false;
    this.offsetMs = next;
    return true;
  }

  offsetSeconds(): number {
    return this.offsetMs / 1000;
  }
}
