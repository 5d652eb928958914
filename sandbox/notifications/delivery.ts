import { Agent } from 'undici';
import type { ChaosDecision, ChaosInForce } from '../../spec/journal.js';
import { attemptDelivery, type AttemptEnd, type AttemptRecord, type AttemptTools } from './attempt.js';
import type { DeliveryUrl } from '../store/notifications.js';
import type { DeliveryLog } from './delivery-log.js';
import type { DeliveryPolicy } from './delivery-policy.js';
import { DELIVERY_POLICY, type DeliveryLimits, type DeliveryRules } from './delivery-rules.js';
import { DELIVERY_POLICY_BOUNDS, DeliverySettings, type DeliveryPolicyValues } from './delivery-settings.js';
import { policyConnector } from './policy-connector.js';

/** A delivery goes to its configuration's url as parsed (`target`); its log shows the url as sent. */
export interface Delivery extends DeliveryUrl {
  /** The configuration's owner, whose delivery log records each attempt. */
  login: string;
  token: string;
  body: string;
  /** The client whose token created the configuration (the journal's and chaos's key). */
  clientId?: string;
  /** Waits this much more before its first attempt (chaos: a late or out-of-order delivery). */
  extraDelayMs?: number;
  /** What chaos did to it, for the journal. */
  chaos?: DeliveryChaos;
  /** The data file's count of changes when it was queued: it leaves once those are kept. */
  keptAt?: number;
}

/**
 * The data file's word on the changes a delivery announces (persist/persistence.ts), when the
 * state is kept: a delivery tells its receiver that something changed, so it leaves only once
 * every change queued before it is committed to the file (acknowledged means kept).
 */
export interface KeptBeforeDelivery {
  /** Changes queued since the start. */
  queued(): number;
  /** True once the first `upTo` are committed, whatever fails first; false if the file closes without them. */
  keptUpTo(upTo: number): Promise<boolean>;
}

/** What chaos did to a delivery and what it had on for the client. */
export interface DeliveryChaos {
  decision?: ChaosDecision;
  inForce: ChaosInForce;
  /** The first attempt's answer is lost, as a timeout or as an edge's 502: the delivery is retried. */
  loseFirstAnswer?: 'timeout' | '5xx';
  /** Called once its first attempt has ended (an out-of-order delivery held back goes then). */
  afterFirstAttempt?: () => void;
}

/** Told of every attempt, refusal, drop and cancellation (the journal). */
export type DeliveryObserver = (
  configId: string,
  delivery: Delivery,
  entry: AttemptRecord,
  /** How long the attempt took, when one was made. */
  durationMs?: number,
) => void;

/**
 * One FIFO queue per configuration, started in order and at most `concurrency` at a time (at most
 * `userConcurrency` for all of one user's configurations, `totalConcurrency` across the sandbox,
 * the last `reservedSlots` only for a user with nothing in flight): a slow or dead receiver holds
 * up only its own user's deliveries (bounded, with a bounded number of sockets and timers), never
 * the API nor another user's. Fair per owner (the configuration's user) in what waits too: a
 * user's waiting deliveries are bounded, and past the sandbox's bound the user holding the most
 * loses its oldest, so a flood drops only its own. Every attempt, refusal and drop is written to
 * the owner's delivery log.
 */
export class Deliverer {
  private readonly queues = new Map<string, Delivery[]>();
  private readonly inFlight = new Map<string, Set<AbortController>>();
  /** Configurations with deliveries waiting for a sandbox-wide slot, oldest first. */
  private readonly starved = new Set<string>();
  private running = 0;
  /** Deliveries in flight per user (the configuration's owner). */
  private readonly runningByUser = new Map<string, number>();
  private queued = 0;
  /** Deliveries waiting per user, and that user's configurations with some waiting. */
  private readonly queuedByUser = new Map<string, { count: number; configs: Set<string> }>();
  private readonly agent: Agent;
  /** The attempt stage, which chaos may wrap (chaos/delivery-faults.ts). */
  attempt: (
    ...args: [AttemptTools, DeliveryPolicyValues, Delivery, number, AbortSignal]
  ) => Promise<AttemptEnd> = attemptDelivery;
  observer: DeliveryObserver | null = null;
  /** Set when the state is kept in a data file: deliveries wait for the changes they announce. */
  kept: KeptBeforeDelivery | null = null;

  constructor(
    /** The rules in force for headers and retries (delivery-rules.ts), read at each delivery. */
    private readonly inForce: () => DeliveryRules,
    private readonly policy: DeliveryPolicy,
    private readonly log: DeliveryLog,
    /** The timeout, retries and token header in force, which a user may change at run time. */
    readonly settings: DeliverySettings = new DeliverySettings(),
    private readonly limits: DeliveryLimits = DELIVERY_POLICY,
  ) {
    // Each attempt is bounded by the timeout in force (attempt.ts); the connector's by the longest allowed.
    this.agent = new Agent({ connect: policyConnector(policy, DELIVERY_POLICY_BOUNDS.timeoutMs[1]) });
  }

  enqueue(configId: string, delivery: Delivery): void {
    const queue = this.queues.get(configId) ?? [];
    this.queues.set(configId, queue);
    // The change it announces was queued before it (notify.ts): that count is what it waits for.
    queue.push(this.kept === null ? delivery : { ...delivery, keptAt: this.kept.queued() });
    this.queued += 1;
    const mine = this.waitingOf(delivery.login);
    mine.count += 1;
    mine.configs.add(configId);
    // Bounded per configuration and per user: under a dead receiver the oldest waiting one gives way.
    if (queue.length > this.limits.queueLimit || mine.count > this.limits.userQueueLimit)
      this.drop(configId, queue, 'the queue was full');
    // In all: the user holding the most waiting gives its oldest, never a bystander.
    if (this.queued > this.limits.totalQueueLimit) this.dropHeaviest();
    this.startWaiting(configId);
  }

  private waitingOf(login: string): { count: number; configs: Set<string> } {
    let waiting = this.queuedByUser.get(login);
    if (waiting === undefined) {
      waiting = { count: 0, configs: new Set() };
      this.queuedByUser.set(login, waiting);
    }
    return waiting;
  }

  /** One delivery of `login` leaves the waiting line (started, dropped or cancelled). */
  private leftWaiting(login: string, configId: string, count = 1): void {
    this.queued -= count;
    const waiting = this.queuedByUser.get(login);
    if (waiting === undefined) return;
    waiting.count -= count;
    if ((this.queues.get(configId)?.length ?? 0) === 0) waiting.configs.delete(configId);
    if (waiting.count <= 0) this.queuedByUser.delete(login);
  }

  /** The oldest waiting delivery of the user holding the most waiting (its longest queue's) is dropped. */
  private dropHeaviest(): void {
    let heaviest: { count: number; configs: Set<string> } | undefined;
    for (const waiting of this.queuedByUser.values())
      if (heaviest === undefined || waiting.count > heaviest.count) heaviest = waiting;
    let longest: string | undefined;
    for (const configId of heaviest?.configs ?? [])
      if (
        longest === undefined ||
        (this.queues.get(configId)?.length ?? 0) > (this.queues.get(longest)?.length ?? 0)
      )
        longest = configId;
    const queue = longest === undefined ? undefined : this.queues.get(longest);
    if (longest !== undefined && queue !== undefined) this.drop(longest, queue, 'the queue was full');
  }

  /** A deleted configuration: nothing more is sent, not even a retry of a delivery in flight. */
  purge(configId: string): void {
    const queue = this.queues.get(configId) ?? [];
    const first = queue[0];
    if (first !== undefined)
      this.record(configId, first, {
        attempt: 0,
        outcome: 'cancelled',
        error: `${queue.length} waiting deliveries cancelled: the configuration was deleted`,
      });
    this.queues.delete(configId);
    if (first !== undefined) this.leftWaiting(first.login, configId, queue.length);
    this.starved.delete(configId);
    for (const controller of this.inFlight.get(configId) ?? []) controller.abort();
  }

  private drop(configId: string, queue: Delivery[], why: string): void {
    const dropped = queue.shift();
    if (dropped === undefined) return;
    this.leftWaiting(dropped.login, configId);
    this.record(configId, dropped, { attempt: 0, outcome: 'dropped', error: why });
  }

  /** Starts waiting deliveries, oldest first, while the configuration, its user and the sandbox have a slot. */
  private startWaiting(configId: string): void {
    const queue = this.queues.get(configId);
    if (queue === undefined) return;
    while (queue.length > 0 && this.inFlightOf(configId).size < this.limits.concurrency) {
      if (!this.startOne(configId)) {
        this.starved.add(configId);
        return;
      }
    }
    this.starved.delete(configId);
  }

  /** Starts the configuration's oldest waiting delivery, when its user and the sandbox have a slot. */
  private startOne(configId: string): boolean {
    const queue = this.queues.get(configId);
    const next = queue?.[0];
    const controllers = this.inFlightOf(configId);
    if (next === undefined || controllers.size >= this.limits.concurrency) return false;
    const userRunning = this.runningByUser.get(next.login) ?? 0;
    // A user already delivering leaves the reserved slots to users with nothing in flight.
    const ceiling =
      userRunning === 0
        ? this.limits.totalConcurrency
        : this.limits.totalConcurrency - this.limits.reservedSlots;
    if (this.running >= ceiling || userRunning >= this.limits.userConcurrency) return false;
    queue?.shift();
    this.leftWaiting(next.login, configId);
    this.running += 1;
    this.runningByUser.set(next.login, userRunning + 1);
    const controller = new AbortController();
    controllers.add(controller);
    void this.send(configId, next, controller.signal).finally(() => {
      controllers.delete(controller);
      this.running -= 1;
      const left = (this.runningByUser.get(next.login) ?? 1) - 1;
      if (left > 0) this.runningByUser.set(next.login, left);
      else this.runningByUser.delete(next.login);
      this.settle(configId);
    });
    return true;
  }

  private inFlightOf(configId: string): Set<AbortController> {
    const controllers = this.inFlight.get(configId) ?? new Set<AbortController>();
    this.inFlight.set(configId, controllers);
    return controllers;
  }

  private settle(configId: string): void {
    this.serveStarved();
    this.startWaiting(configId);
    if ((this.queues.get(configId)?.length ?? 0) === 0 && (this.inFlight.get(configId)?.size ?? 0) === 0) {
      // Nothing left for this configuration: its entries go, so idle configurations cost nothing.
      this.queues.delete(configId);
      this.inFlight.delete(configId);
    }
  }

  /**
   * Freed slots go round robin to the configurations waiting for one, the longest-waiting first
   * (one slot each per turn, then to the back of the line), before the configuration that freed
   * it: a dead receiver's queue cannot take back every slot it frees. One whose user holds its
   * share (`userConcurrency`) is passed over and keeps its place.
   */
  private serveStarved(): void {
    let started = true;
    while (started && this.running < this.limits.totalConcurrency) {
      started = false;
      for (const waiting of [...this.starved]) {
        if (this.running >= this.limits.totalConcurrency) return;
        if ((this.queues.get(waiting)?.length ?? 0) === 0) this.starved.delete(waiting);
        else if (this.startOne(waiting)) {
          started = true;
          this.starved.delete(waiting);
          if ((this.queues.get(waiting)?.length ?? 0) > 0) this.starved.add(waiting);
        }
      }
    }
  }

  private async send(configId: string, delivery: Delivery, cancelled: AbortSignal): Promise<void> {
    // Without a data file nothing is awaited: the first attempt starts in the turn it was queued.
    if (delivery.keptAt !== undefined && !(await this.announcedKept(configId, delivery, cancelled))) return;
    const rules = this.inForce();
    const tools: AttemptTools = { agent: this.agent, rules, policy: this.policy };
    const delay = rules.deliveryDelayMs() + (delivery.extraDelayMs ?? 0);
    if (delay > 0) await pause(delay, cancelled);
    for (let attempt = 1; ; attempt += 1) {
      if (cancelled.aborted) return;
      // The policy in force at each attempt: a change made meanwhile applies to the next one.
      const values = this.settings.current;
      const startedAt = performance.now();
      const end = await this.attempt(tools, values, delivery, attempt, cancelled);
      if (end.record !== null) this.record(configId, delivery, end.record, performance.now() - startedAt);
      const retried =
        end.next !== 'done' && values.retryOn.includes(end.next) && attempt < rules.deliveryAttempts(values);
      if (!retried) return;
      await pause(rules.retryPauseMs(attempt, values), cancelled);
    }
  }

  /**
   * Waits, holding its slot, until the changes queued before the delivery are in the data file
   * (at the end of the turn that made them; while the file cannot be written, until it can).
   * False when it was cancelled meanwhile, or the file closed without them: it is never sent.
   */
  private async announcedKept(
    configId: string,
    delivery: Delivery,
    cancelled: AbortSignal,
  ): Promise<boolean> {
    if (this.kept === null || delivery.keptAt === undefined) return true;
    const kept = await Promise.race([this.kept.keptUpTo(delivery.keptAt), whenAborted(cancelled)]);
    if (!kept && !cancelled.aborted)
      this.record(configId, delivery, {
        attempt: 0,
        outcome: 'cancelled',
        error: 'the change it announces was never written to the data file',
      });
    return kept && !cancelled.aborted;
  }

  private record(configId: string, delivery: Delivery, entry: AttemptRecord, durationMs?: number): void {
    this.log.record(delivery.login, { configuration_id: configId, url: delivery.url, ...entry });
    this.observer?.(configId, delivery, entry, durationMs);
  }

  async close(): Promise<void> {
    for (const configId of [...this.queues.keys(), ...this.inFlight.keys()]) this.purge(configId);
    await this.agent.close();
  }
}

/** Resolves false once the delivery is cancelled (never, if it is not). */
function whenAborted(cancelled: AbortSignal): Promise<false> {
  return new Promise((resolve) => {
    if (cancelled.aborted) resolve(false);
    else
      cancelled.addEventListener(
        'abort',
        () => {
          resolve(false);
        },
        { once: true },
      );
  });
}

function pause(ms: number, cancelled: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      cancelled.removeEventListener('abort', done);
      resolve();
    }
    cancelled.addEventListener('abort', done, { once: true });
  });
}
