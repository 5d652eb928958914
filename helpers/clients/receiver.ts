import { randomUUID } from 'node:crypto';
import { markerPath } from './marker.js';
import { WebhookListener, type ListenerAnswer } from './webhook-listener.js';

/** One request that reached the receiver, as the integrator's server would have seen it. */
export interface Delivery {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
  /** Epoch milliseconds at which the receiver had the whole request. */
  receivedAt: number;
}

export interface ReceiverTiming {
  /** How long to wait for an expected delivery. */
  waitMs: number;
  /** The longest that the suite listens to show that nothing (more) arrives. */
  quietMs: number;
  /** The shortest quiet period, however fast the target has delivered so far; unset: always quietMs. */
  quietMinMs?: number;
  /** Whether a sentinel delivery may end a quiet period early (WEBHOOK_SENTINEL); unset: yes. */
  sentinel?: boolean;
}

/**
 * A delivery the test caused after the changes it checks (a status change of another ad of the
 * same user): a target that delivers in order has sent everything caused before it once it arrives.
 */
export interface Sentinel {
  /** Epoch milliseconds at which the change that causes it was requested. */
  sentAt: number;
  /** Whether its delivery has reached every endpoint it was meant for. */
  arrived: () => boolean;
  /** Whether its delivery has reached this one of them. */
  reached: (endpoint: ReceiverEndpoint) => boolean;
  /** Whether a request notifies a sentinel's change (of the same ad), this one's or an earlier one's. */
  isSentinel: (delivery: Delivery) => boolean;
}

/** How a quiet period ended: by its timer, or shortly after the sentinels arrived. */
export interface QuietPeriod {
  listenedMs: number;
  endedBy: 'timer' | 'sentinel';
}

/**
 * A stray or duplicate delivery comes about as late as a real one: once the target has shown how
 * long it takes to deliver, listening this many times as long is enough.
 */
const QUIET_LATENCY_FACTOR = 4;

/**
 * 6 does not promise an order, and a target may send deliveries side by side: one caused just
 * before the sentinel may land a little after it. After the sentinel arrived the receiver listens
 * as long again as the sentinel took, never less than this.
 */
export const SENTINEL_GRACE_MIN_MS = 50;

type Waiter = () => void;

/**
 * A first attempt the receiver fails, to see what a target's retries carry (6 shows no retries, so a
 * target that makes none is correct): `503` answers it so; `timeout` holds it unanswered until
 * another request reaches the same path (a retry) or `holdMs` passes, then drops it, or after
 * `holdMs` answers it 200 (the target then waits longer than that, and no retry is seen).
 */
export interface FirstAttemptFailure {
  kind: '503' | 'timeout';
  /** Which request is the first attempt: the first that this accepts. */
  matches: (delivery: Delivery) => boolean;
  holdMs: number;
}

/**
 * The suite's notification receiver: a server that answers every request with 200 (but a first
 * attempt a retry test asks it to fail, `failFirst`) and files it under its path (helpers/clients/webhook-listener.ts). Each test takes its own path
 * (`endpoint()`), so tests running in parallel in one worker never see each other's deliveries.
 */
export class Receiver {
  private readonly byPath = new Map<string, Delivery[]>();
  private readonly waiters = new Set<Waiter>();
  /** Paths whose first matching request is failed, and whether it has been. */
  private readonly failures = new Map<string, FirstAttemptFailure & { spent: boolean }>();
  /**
   * Notification tokens of creates that met an edge and were sent again as new configurations: a
   * request carrying one comes from a configuration the first create may have made, which no test
   * knows of. It is answered 200 and filed nowhere.
   */
  private readonly retiredTokens = new Set<string>();
  /** Requests from such configurations, counted for the report. */
  private orphanRequests = 0;
  /** The longest wait for an expected delivery so far in this worker; null before the first. */
  private slowestDeliveryMs: number | null = null;

  private constructor(
    private readonly server: WebhookListener,
    readonly publicUrl: string,
    readonly timing: ReceiverTiming,
  ) {}

  static async start(options: {
    port: number | undefined;
    publicUrl: string | undefined;
    timing: ReceiverTiming;
  }): Promise<Receiver> {
    const server = await WebhookListener.start(options.port ?? 0);
    const publicUrl = (options.publicUrl ?? `http://127.0.0.1:${server.port}`).replace(/\/+$/, '');
    const receiver = new Receiver(server, publicUrl, options.timing);
    const orphans = new WeakSet<object>();
    server.onRequest = (request) => {
      if (receiver.fromRetiredConfiguration(request.headers, request.body)) {
        orphans.add(request);
        receiver.orphanRequests += 1;
        return;
      }
      receiver.record({
        method: request.method,
        path: request.path,
        headers: flattenHeaders(request.headers),
        body: request.body,
        receivedAt: performance.timeOrigin + performance.now(),
      });
    };
    server.answer = (request) => (orphans.has(request) ? { status: 200 } : receiver.answer(request.path));
    return receiver;
  }

  /** A fresh path on this receiver, for one configuration of one test; it carries the run's marker. */
  endpoint(label = 'hook'): ReceiverEndpoint {
    const path = `${markerPath()}/${randomUUID()}/${label}`;
    return new ReceiverEndpoint(this, path, `${this.publicUrl}${path}`);
  }

  /** Requests carrying `token` are from then on answered and filed nowhere (retiredTokens). */
  retireToken(token: string): void {
    this.retiredTokens.add(token);
  }

  /** How many requests came from configurations of retired tokens. */
  get orphans(): number {
    return this.orphanRequests;
  }

  private fromRetiredConfiguration(
    headers: Record<string, string | string[] | undefined>,
    body: string,
  ): boolean {
    if (this.retiredTokens.size === 0) return false;
    const carried = `${Object.values(headers).flat().join('\n')}\n${body}`;
    return [...this.retiredTokens].some((token) => carried.includes(token));
  }

  /** The local port the listener is bound to (WEBHOOK_LISTEN_PORT, or a free one). */
  get port(): number {
    return this.server.port;
  }

  /** Fails the first matching request to `path` (FirstAttemptFailure); every other is answered 200. */
  failFirst(path: string, failure: FirstAttemptFailure): void {
    this.failures.set(path, { ...failure, spent: false });
  }

  /** The answer to the request just recorded at `path`. */
  private async answer(path: string): Promise<ListenerAnswer> {
    const failure = this.failures.get(path);
    const last = this.deliveriesTo(path).at(-1);
    if (failure === undefined || failure.spent || last === undefined || !failure.matches(last))
      return { status: 200 };
    failure.spent = true;
    if (failure.kind === '503') return { status: 503 };
    const seen = this.deliveriesTo(path).length;
    const retried = await this.until(() => this.deliveriesTo(path).length > seen, failure.holdMs);
    return retried ? 'drop' : { status: 200 };
  }

  deliveriesTo(path: string): readonly Delivery[] {
    return this.byPath.get(path) ?? [];
  }

  /** Resolves when `condition` holds or `timeoutMs` has passed; returns whether it held. */
  async until(condition: () => boolean, timeoutMs: number): Promise<boolean> {
    if (condition()) return true;
    return new Promise((resolve) => {
      const finish = (held: boolean): void => {
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve(held);
      };
      const check: Waiter = () => {
        if (condition()) finish(true);
      };
      const timer = setTimeout(() => {
        finish(condition());
      }, timeoutMs);
      this.waiters.add(check);
    });
  }

  /** Notes how long an expected delivery took to arrive. */
  noteDeliveryTime(ms: number): void {
    this.slowestDeliveryMs = Math.max(this.slowestDeliveryMs ?? 0, ms);
  }

  /**
   * How long to listen for deliveries that must not come: WEBHOOK_QUIET_MS until the target has
   * delivered once, then as short as its slowest delivery allows (never below WEBHOOK_QUIET_MIN_MS).
   */
  quietPeriodMs(): number {
    const { quietMs, quietMinMs = quietMs } = this.timing;
    if (this.slowestDeliveryMs === null) return quietMs;
    return Math.min(quietMs, Math.max(quietMinMs, Math.ceil(QUIET_LATENCY_FACTOR * this.slowestDeliveryMs)));
  }

  /**
   * Listens to show that nothing (more) arrives: for quietPeriodMs, or less when every sentinel
   * (triggered here, after the quiet period began) has arrived and a grace as long as the slowest
   * of them took (at least SENTINEL_GRACE_MIN_MS) has passed. The timer caps it either way: a
   * target that delivers late, or out of order, is listened to as long as without a sentinel.
   */
  async quiet(sentinels: ReadonlyArray<() => Promise<Sentinel>> = []): Promise<QuietPeriod> {
    const started = performance.now();
    const capMs = this.quietPeriodMs();
    const remaining = (): number => Math.max(0, capMs - (performance.now() - started));
    const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
    const useSentinels = sentinels.length > 0 && this.timing.sentinel !== false;
    const triggered = useSentinels ? await Promise.all(sentinels.map((trigger) => trigger())) : [];
    const arrived =
      useSentinels && (await this.until(() => triggered.every((one) => one.arrived()), remaining()));
    if (!arrived) {
      await sleep(remaining());
      return { listenedMs: Math.round(performance.now() - started), endedBy: 'timer' };
    }
    const now = performance.timeOrigin + performance.now();
    const tookMs = Math.max(...triggered.map((one) => now - one.sentAt));
    await sleep(Math.min(remaining(), Math.max(SENTINEL_GRACE_MIN_MS, tookMs)));
    const endedBy = remaining() > 0 ? 'sentinel' : 'timer';
    return { listenedMs: Math.round(performance.now() - started), endedBy };
  }

  async stop(): Promise<void> {
    await this.server.stop();
  }

  private record(delivery: Delivery): void {
    const list = this.byPath.get(delivery.path) ?? [];
    list.push(delivery);
    this.byPath.set(delivery.path, list);
    for (const waiter of [...this.waiters]) waiter();
  }
}

/** One path of the receiver: the `url` a configuration names, and what arrived there. */
export class ReceiverEndpoint {
  constructor(
    private readonly receiver: Receiver,
    readonly path: string,
    readonly url: string,
  ) {}

  /** WEBHOOK_WAIT_MS: how long `waitFor` waits. */
  get waitMs(): number {
    return this.receiver.timing.waitMs;
  }

  get deliveries(): readonly Delivery[] {
    return this.receiver.deliveriesTo(this.path);
  }

  /**
   * Waits until at least `count` deliveries that `counts` accepts arrived (bounded by
   * WEBHOOK_WAIT_MS); returns those it accepts. Unset, `counts` accepts every request.
   */
  async waitFor(
    count: number,
    counts: (delivery: Delivery) => boolean = () => true,
  ): Promise<readonly Delivery[]> {
    const started = performance.now();
    const counted = (): readonly Delivery[] => this.deliveries.filter(counts);
    const arrived = await this.receiver.until(() => counted().length >= count, this.receiver.timing.waitMs);
    if (arrived) this.receiver.noteDeliveryTime(performance.now() - started);
    return counted();
  }

  /** Fails this path's first matching request (Receiver.failFirst). */
  failFirst(failure: FirstAttemptFailure): void {
    this.receiver.failFirst(this.path, failure);
  }

  /** The receiver this path is on: a test listens on several of its paths at once (Receiver.quiet). */
  get on(): Receiver {
    return this.receiver;
  }
}

function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [
      name.toLowerCase(),
      Array.isArray(value) ? value.join(', ') : (value ?? ''),
    ]),
  );
}
