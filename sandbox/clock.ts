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

  advance(seconds: number): void {
    this.offsetMs += seconds * 1000;
  }
}
