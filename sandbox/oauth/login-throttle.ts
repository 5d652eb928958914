import { createHash } from 'node:crypto';

/**
 * Login throttling (README, "The sandbox's choices"): failed sign-ins are counted per login, known
 * or not (an unknown login is throttled exactly like a real one, so the answers say nothing of
 * which logins exist). After `freeFailures` a login waits `firstDelayMs` before its next attempt is
 * evaluated, doubling with each further failure up to `maxDelayMs`; an attempt inside the wait is
 * refused without hashing the password and without counting. Nothing is shared between logins: on
 * a host where every user comes from 127.0.0.1, failures on one login never refuse another.
 */
export const LOGIN_THROTTLE = {
  freeFailures: 5,
  firstDelayMs: 1000,
  /** At most one guess a minute per login, once past the first dozen failures. */
  maxDelayMs: 60_000,
  /** A login with no failure for this long starts again from nothing. */
  forgetAfterMs: 15 * 60 * 1000,
  /** Logins tracked at once; beyond, the one with the fewest failures gives way (see `evict`). */
  maxTracked: 20_000,
} as const;

/** Failures past which the delay is at its cap: more failures weigh no more in eviction. */
const HEAVIEST =
  LOGIN_THROTTLE.freeFailures +
  Math.ceil(Math.log2(LOGIN_THROTTLE.maxDelayMs / LOGIN_THROTTLE.firstDelayMs)) +
  1;

interface Failures {
  count: number;
  lastAtMs: number;
  /** When the next attempt may be evaluated. */
  nextAtMs: number;
}

export class LoginThrottle {
  /** In order of last failure, so the head is the first to be forgotten. */
  private readonly tracked = new Map<string, Failures>();
  /** Keys by weight (failures, capped at HEAVIEST), each in order of last failure. */
  private readonly byWeight = Array.from({ length: HEAVIEST + 1 }, () => new Set<string>());

  constructor(private readonly now: () => number = Date.now) {}

  get size(): number {
    return this.tracked.size;
  }

  /** Milliseconds until this login may try again, or 0 when it may now. */
  waitMs(login: string): number {
    const failures = this.current(keyOf(login));
    return failures === undefined ? 0 : Math.max(0, failures.nextAtMs - this.now());
  }

  failed(login: string): void {
    const key = keyOf(login);
    const before = this.current(key);
    if (before === undefined) this.makeRoom();
    else this.forget(key, before);
    const count = (before?.count ?? 0) + 1;
    const now = this.now();
    const failures = { count, lastAtMs: now, nextAtMs: now + delayAfter(count) };
    this.tracked.set(key, failures);
    this.byWeight[weightOf(failures)]?.add(key);
  }

  /** A successful sign-in clears its login's failures. */
  succeeded(login: string): void {
    const key = keyOf(login);
    const failures = this.tracked.get(key);
    if (failures !== undefined) this.forget(key, failures);
  }

  private current(key: string): Failures | undefined {
    const failures = this.tracked.get(key);
    if (failures === undefined) return undefined;
    if (this.now() - failures.lastAtMs < LOGIN_THROTTLE.forgetAfterMs) return failures;
    this.forget(key, failures);
    return undefined;
  }

  /**
   * Full: first the logins quiet long enough to be forgotten, then the lightest login, the oldest
   * among equals. To evict a victim with n failures an attacker must first bring every one of the
   * 20,000 tracked logins to n failures, each paced by its own growing delay: it costs more
   * requests and at least as long as the victim's own wait, so it cannot cheaply reset it.
   */
  private makeRoom(): void {
    for (const [key, failures] of this.tracked) {
      if (this.now() - failures.lastAtMs < LOGIN_THROTTLE.forgetAfterMs) break;
      this.forget(key, failures);
    }
    if (this.tracked.size < LOGIN_THROTTLE.maxTracked) return;
    const lightest = this.byWeight.find((keys) => keys.size > 0);
    const key = lightest?.values().next().value;
    const failures = key === undefined ? undefined : this.tracked.get(key);
    if (key !== undefined && failures !== undefined) this.forget(key, failures);
  }

  private forget(key: string, failures: Failures): void {
    this.tracked.delete(key);
    this.byWeight[weightOf(failures)]?.delete(key);
  }
}

/** The wait after the count-th failure: none for the first few, then doubling up to the cap. */
export function delayAfter(count: number): number {
  if (count <= LOGIN_THROTTLE.freeFailures) return 0;
  const doublings = count - LOGIN_THROTTLE.freeFailures - 1;
  return Math.min(LOGIN_THROTTLE.maxDelayMs, LOGIN_THROTTLE.firstDelayMs * 2 ** Math.min(doublings, 30));
}

function weightOf(failures: Failures): number {
  return Math.min(failures.count, HEAVIEST);
}

/** A fixed-size key: a login of any length costs the same memory. */
function keyOf(login: string): string {
  return createHash('sha256').update(login).digest('base64url');
}
