import { Agent, request } from 'undici';
import type { FaultSet } from '../faults.js';
import type { VariantSet } from '../variants.js';
import { deliveryHeaders } from './body.js';

interface Delivery {
  url: string;
  token: string;
  body: string;
}

/** Not shown by the spec; the sandbox's choices, documented in the README. */
export const DELIVERY_POLICY = {
  attemptTimeoutMs: 2000,
  /** Retries after the first attempt, on a network failure or a 5xx answer. */
  retries: 3,
  backoffMs: [100, 400, 1600],
  /**
   * Deliveries of one configuration in flight at once, started in the order of the changes. One at
   * a time would cap a configuration at one delivery per round trip (a few hundred a second on
   * loopback, a few dozen to a distant receiver).
   */
  concurrency: 16,
  /** Deliveries waiting per configuration; beyond it the oldest is dropped. */
  queueLimit: 1000,
} as const;

/**
 * One FIFO queue per configuration, started in order and at most `concurrency` at a time: a slow or
 * dead receiver holds up only its own queue (bounded, with a bounded number of sockets and timers),
 * never the API.
 */
export class Deliverer {
  private readonly queues = new Map<string, Delivery[]>();
  private readonly inFlight = new Map<string, number>();
  private readonly agent = new Agent({
    connect: { timeout: DELIVERY_POLICY.attemptTimeoutMs },
    headersTimeout: DELIVERY_POLICY.attemptTimeoutMs,
    bodyTimeout: DELIVERY_POLICY.attemptTimeoutMs,
  });

  constructor(
    private readonly faults: FaultSet,
    private readonly variants: VariantSet,
  ) {}

  enqueue(configId: string, delivery: Delivery): void {
    const queue = this.queues.get(configId) ?? [];
    this.queues.set(configId, queue);
    queue.push(delivery);
    // The queue is bounded: under a dead receiver the oldest waiting delivery gives way.
    if (queue.length > DELIVERY_POLICY.queueLimit) queue.shift();
    this.startWaiting(configId);
  }

  /** Starts waiting deliveries, oldest first, while the configuration has a free slot. */
  private startWaiting(configId: string): void {
    const queue = this.queues.get(configId) ?? [];
    let running = this.inFlight.get(configId) ?? 0;
    for (; running < DELIVERY_POLICY.concurrency; running += 1) {
      const next = queue.shift();
      if (next === undefined) break;
      void this.send(next).finally(() => {
        this.settle(configId);
      });
    }
    this.inFlight.set(configId, running);
  }

  private settle(configId: string): void {
    const running = (this.inFlight.get(configId) ?? 1) - 1;
    this.inFlight.set(configId, running);
    if ((this.queues.get(configId)?.length ?? 0) > 0) this.startWaiting(configId);
    else if (running === 0) {
      // Nothing left for this configuration: its entries go, so idle configurations cost nothing.
      this.queues.delete(configId);
      this.inFlight.delete(configId);
    }
  }

  private async send(delivery: Delivery): Promise<void> {
    for (let attempt = 0; attempt <= DELIVERY_POLICY.retries; attempt += 1) {
      if (await this.attempt(delivery)) return;
      const backoff = DELIVERY_POLICY.backoffMs[attempt];
      if (backoff !== undefined && attempt < DELIVERY_POLICY.retries)
        await new Promise((resolve) => setTimeout(resolve, backoff));
    }
  }

  private async attempt(delivery: Delivery): Promise<boolean> {
    try {
      const response = await request(delivery.url, {
        method: 'POST',
        dispatcher: this.agent,
        headers: deliveryHeaders(delivery.token, this.faults, this.variants),
        body: delivery.body,
        signal: AbortSignal.timeout(DELIVERY_POLICY.attemptTimeoutMs),
      });
      await response.body.dump();
      return response.statusCode < 500;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    await this.agent.close();
  }
}
