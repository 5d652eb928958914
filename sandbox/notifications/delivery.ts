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
  /** Deliveries waiting per configuration; beyond it the oldest is dropped. */
  queueLimit: 1000,
} as const;

/**
 * One FIFO queue per configuration, drained by one sender at a time: a configuration's deliveries
 * arrive in the order of the changes, and a slow or dead receiver holds up only its own queue,
 * never the API.
 */
export class Deliverer {
  private readonly queues = new Map<string, Delivery[]>();
  private readonly draining = new Set<string>();
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
    if (!this.draining.has(configId)) void this.drain(configId);
  }

  private async drain(configId: string): Promise<void> {
    this.draining.add(configId);
    const queue = this.queues.get(configId) ?? [];
    try {
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) await this.send(next);
    } finally {
      this.draining.delete(configId);
      if (queue.length === 0) this.queues.delete(configId);
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
