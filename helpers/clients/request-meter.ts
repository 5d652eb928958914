import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The requests a property sends, counted where they leave (http.ts) for the code running inside
 * `metered` only: a worker's other work (a token fetched ahead, a receiver) is not the property's.
 * A shrink's budget is kept here too: once it is spent, the next request is refused before it is
 * sent, so a step in flight (a crawl at fetch_size 1 of 3,000 ads) stops at once, not at its end.
 */

/** Thrown in place of a request the budget has no room for: the step is cut, never judged. */
export class RequestBudgetSpent extends Error {
  constructor(readonly why: string) {
    super(`request not sent: ${why}`);
    this.name = 'RequestBudgetSpent';
  }
}

/** The most a shrink may spend: requests in all, and a moment (performance.now()) not to pass. */
export interface RequestLimit {
  requests: number;
  until: number;
  /** The budget in words, for the reason a request was refused. */
  described: string;
}

export class RequestMeter {
  /** Requests sent inside `metered`. */
  sent = 0;
  /** Requests refused since the limit was set (a step that met one is discarded). */
  refused = 0;
  private limit: { limit: RequestLimit; sentBefore: number } | undefined;

  /** From now on, refuse a request past `limit`'s requests (counted from now) or past its moment. */
  limitTo(limit: RequestLimit): void {
    this.limit = { limit, sentBefore: this.sent };
    this.refused = 0;
  }

  /** Requests sent since the limit was set. */
  sentUnderLimit(): number {
    return this.sent - (this.limit?.sentBefore ?? 0);
  }

  /** What is spent, in words, when the limit is reached; undefined while there is room. */
  spent(): string | undefined {
    if (this.limit === undefined) return undefined;
    const { limit, sentBefore } = this.limit;
    if (this.sent - sentBefore >= limit.requests)
      return `${limit.described}: its ${limit.requests} requests sent`;
    if (performance.now() >= limit.until) return `${limit.described}: its time spent`;
    return undefined;
  }

  /** Counts a request about to be sent, or throws RequestBudgetSpent when it must not be. */
  charge(refusing: boolean): void {
    const spent = refusing ? this.spent() : undefined;
    if (spent !== undefined) {
      this.refused += 1;
      throw new RequestBudgetSpent(spent);
    }
    this.sent += 1;
  }
}

interface Metering {
  meter: RequestMeter;
  refusing: boolean;
}

const current = new AsyncLocalStorage<Metering>();

/** Runs `work` with every request it sends counted on `meter` (and refused past its limit). */
export function metered<T>(meter: RequestMeter, work: () => Promise<T>): Promise<T> {
  return current.run({ meter, refusing: true }, work);
}

/** Called by the HTTP client before each request: counts it, or refuses it past the budget. */
export function chargeRequest(): void {
  const metering = current.getStore();
  metering?.meter.charge(metering.refusing);
}

/**
 * Requests a step owes the target whatever its budget (removing the configurations it created):
 * counted, never refused, so that a step cut short leaves nothing behind that it would have removed.
 */
export function evenPastBudget<T>(work: () => Promise<T>): Promise<T> {
  const metering = current.getStore();
  return metering === undefined ? work() : current.run({ ...metering, refusing: false }, work);
}
