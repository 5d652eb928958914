import { ListingError, rateLimitMessage } from '../../spec/errors.js';
import type { Client } from '../store/clients.js';

interface Window {
  startsAtMs: number;
  count: number;
}

/** A fixed window per client, by the client's own clock: more than `requests` in `seconds` is RATE_LIMIT. */
export class RateLimiter {
  private readonly windows = new Map<string, Window>();

  /** `message` is the rule rateLimitMessage in force (7.3's own in the reference). */
  constructor(private readonly message: (requests: number, seconds: number) => string = rateLimitMessage) {}

  check(client: Client): void {
    const { requests, seconds } = client.rateLimit;
    const now = client.clock.now();
    const windowMs = seconds * 1000;
    let window = this.windows.get(client.clientId);
    if (window === undefined || now - window.startsAtMs >= windowMs) {
      window = { startsAtMs: now, count: 0 };
      this.windows.set(client.clientId, window);
    }
    window.count += 1;
    if (window.count > requests) throw new ListingError('RATE_LIMIT', this.message(requests, seconds));
  }
}
