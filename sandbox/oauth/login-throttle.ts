/**
 * Login throttling (README, "The sandbox's choices"): failed sign-ins are counted per login and per
 * address over a window; past the limit every attempt, the right password included, is refused
 * with a clear message, and no password is hashed, until the window ends.
 */
export const LOGIN_THROTTLE = {
  windowMs: 15 * 60 * 1000,
  failuresPerLogin: 10,
  failuresPerAddress: 100,
  /** Counters kept; beyond, the oldest window is forgotten. */
  maxCounters: 20_000,
} as const;

interface Window {
  startedAtMs: number;
  failures: number;
}

export class LoginThrottle {
  private readonly windows = new Map<string, Window>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Milliseconds until this login from this address may try again, or 0 when it may now. */
  waitMs(login: string, address: string): number {
    return Math.max(
      this.wait(`login\n${login}`, LOGIN_THROTTLE.failuresPerLogin),
      this.wait(`address\n${address}`, LOGIN_THROTTLE.failuresPerAddress),
    );
  }

  failed(login: string, address: string): void {
    this.count(`login\n${login}`);
    this.count(`address\n${address}`);
  }

  /** A successful sign-in clears its login's failures (its address's stay counted). */
  succeeded(login: string): void {
    this.windows.delete(`login\n${login}`);
  }

  private wait(key: string, limit: number): number {
    const window = this.current(key);
    if (window === undefined || window.failures < limit) return 0;
    return window.startedAtMs + LOGIN_THROTTLE.windowMs - this.now();
  }

  private count(key: string): void {
    const window = this.current(key);
    if (window !== undefined) {
      window.failures += 1;
      return;
    }
    this.windows.set(key, { startedAtMs: this.now(), failures: 1 });
    if (this.windows.size > LOGIN_THROTTLE.maxCounters) {
      const oldest = this.windows.keys().next().value;
      if (oldest !== undefined) this.windows.delete(oldest);
    }
  }

  private current(key: string): Window | undefined {
    const window = this.windows.get(key);
    if (window === undefined) return undefined;
    if (this.now() - window.startedAtMs < LOGIN_THROTTLE.windowMs) return window;
    this.windows.delete(key);
    return undefined;
  }
}
