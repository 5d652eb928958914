import type { NotificationConfig, NotificationStore } from '../store/notifications.js';
import { productionBody, type AdChange, type AdEvent } from './body.js';

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
  /**
   * Deliveries in flight at once for all of one user's configurations: half the sandbox's, so a
   * user whose receivers are dead (each delivery holding its slot about 10 s) leaves the other
   * half to everyone else.
   */
  userConcurrency: 32,
  /** Deliveries in flight at once across the whole sandbox: one user cannot fan out without end. */
  totalConcurrency: 64,
  /** Deliveries waiting per configuration; beyond it the oldest is dropped (and logged). */
  queueLimit: 1000,
  /** Deliveries waiting across the sandbox; beyond it the configuration's oldest is dropped. */
  totalQueueLimit: 20_000,
} as const;

/** Section 6 as rules: which changes are notified, to whom, with what body and headers, retried how. */
export interface DeliveryRules {
  /** R6-01, R6-05: whether this change is notified. */
  notifiesChange: (change: AdChange) => boolean;
  /** R6-01: the configurations that receive the change. */
  recipients: (store: NotificationStore, change: AdChange) => NotificationConfig[];
  /** R6-01: deliveries of one change to one configuration. */
  copiesPerChange: () => number;
  /** R6-03: the status the notification carries. */
  notifiedStatus: (change: AdChange) => string;
  /** R6-03: the time of the change as the body writes it. */
  changeTime: (changedAt: Date) => string;
  /** R6-03: the body of the notification. */
  notificationBody: (event: AdEvent) => string;
  /** R6-02: the Content-Type of a delivery. */
  deliveryMediaType: () => string;
  /** R6-04: the headers that carry the configured token. */
  tokenHeaders: (token: string) => Readonly<Record<string, string>>;
  /** How long a delivery waits before its first attempt (timeouts: not shown by the spec). */
  deliveryDelayMs: () => number;
  /** Attempts at one delivery, the first included (retries: not shown by the spec). */
  deliveryAttempts: () => number;
  /** Whether the receiver's answer is a failure, retried like a network failure. */
  deliveryFailed: (status: number) => boolean;
  /** The pause after the given failed attempt (1 for the first) before the next one. */
  retryPauseMs: (attempt: number) => number | undefined;
}

export const DELIVERY_RULES: DeliveryRules = {
  /** R6-01, R6-05: every status change, to any value: the set of section 3 can grow. */
  notifiesChange: () => true,
  /** R6-01: every configuration of the ad's user, whichever client made it; no one else's. */
  recipients: (store, change) => store.ofUser(change.login),
  /** R6-01: one per change. */
  copiesPerChange: () => 1,
  /** R6-03: the new status. */
  notifiedStatus: (change) => change.status,
  /** R6-03: RFC 3339 in UTC. */
  changeTime: (changedAt) => changedAt.toISOString(),
  notificationBody: productionBody,
  /** R6-02: the configured media_type, the only one supported. */
  deliveryMediaType: () => 'application/json',
  /** R6-04: the header is not shown; the sandbox sends `Authorization: Bearer <token>`. */
  tokenHeaders: (token) => ({ authorization: `Bearer ${token}` }),
  /** At once: the sandbox delivers as soon as the change is made. */
  deliveryDelayMs: () => 0,
  deliveryAttempts: () => DELIVERY_POLICY.retries + 1,
  /** A 5xx answer is the receiver's failure; any other status is its answer. */
  deliveryFailed: (status) => status >= 500,
  retryPauseMs: (attempt) => DELIVERY_POLICY.backoffMs[attempt - 1],
};
