import type { DeliveryUrl, NotificationConfig, NotificationStore } from '../store/notifications.js';
import { productionBody, type AdChange, type AdEvent } from './body.js';
import type { DeliveryPolicyValues } from './delivery-settings.js';

/**
 * Not shown by the spec; the sandbox's choices, documented in the README. The timeout, the retries
 * and the token's header are settings a user changes at run time (delivery-settings.ts).
 */
export const DELIVERY_POLICY = {
  /**
   * Deliveries of one configuration in flight at once, started in the order of the changes. One at
   * a time would cap a configuration at one delivery per round trip (a few hundred a second on
   * loopback, a few dozen to a distant receiver).
   */
  concurrency: 16,
  /**
   * Deliveries in flight at once for all of one user's configurations: half the sandbox's, so a
   * user whose receivers are dead (each delivery holding its slot about 26 s) leaves the other
   * half to everyone else.
   */
  userConcurrency: 32,
  /** Deliveries in flight at once across the whole sandbox: one user cannot fan out without end. */
  totalConcurrency: 64,
  /**
   * Slots kept for users with nothing in flight: a user already delivering never takes the last
   * of them, so a bystander's delivery starts at once however many users flood (up to this many
   * bystanders at the same instant).
   */
  reservedSlots: 16,
  /** Deliveries waiting per configuration; beyond it the oldest is dropped (and logged). */
  queueLimit: 1000,
  /** Deliveries waiting for all of one user's configurations; beyond it that user's oldest is dropped. */
  userQueueLimit: 5000,
  /**
   * Deliveries waiting across the sandbox; beyond it the oldest of the user holding the most
   * waiting is dropped: a flood drops its own deliveries, never a bystander's.
   */
  totalQueueLimit: 20_000,
} as const;

/** The bounds a deliverer keeps (DELIVERY_POLICY's; a self-test gives smaller ones). */
export type DeliveryLimits = { readonly [Name in keyof typeof DELIVERY_POLICY]: number };

/**
 * Section 6 as rules: which changes are notified, to whom, with what body and headers, retried
 * how. notifications/rules.ts spreads this table into the area's; its type is the value's.
 */
export const DELIVERY_RULES = {
  /** R6-01: every configuration of the ad's user, whichever client made it; no one else's. */
  recipients: (store: NotificationStore, change: AdChange): NotificationConfig[] =>
    store.ofUser(change.login),
  /** R6-01: where a configuration's deliveries go: its url, an update's from the next change on (R4.6-03). */
  deliveryUrl: ({ url, target }: NotificationConfig): DeliveryUrl => ({ url, target }),
  /** R6-03: the status the notification carries: the new one. */
  notifiedStatus: (change: AdChange): string => change.status,
  /** R6-03: the time of the change as the body writes it: UTC without a zone, as production's example. */
  changeTime: (changedAt: Date): string => changedAt.toISOString().replace('Z', ''),
  /** R6-03: the body of the notification. */
  notificationBody: (event: AdEvent): string => productionBody(event),
  /** R6-02: the Content-Type of a delivery: the configured media_type, the only one supported. */
  deliveryMediaType: (): string => 'application/json',
  /**
   * R6-04: the header that carries the token (not shown): the policy's, `Authorization: Bearer` by
   * default, the same on every attempt (1 for the first); a patch may tell attempts apart.
   */
  tokenHeaders: (
    token: string,
    policy: DeliveryPolicyValues,
    // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the attempt is a fault's to read
    attempt: number,
  ): Readonly<Record<string, string>> => ({
    [policy.tokenHeader.toLowerCase()]: policy.tokenForm === 'bearer' ? `Bearer ${token}` : token,
  }),
  /** How long a delivery waits before its first attempt: none, the sandbox delivers at once. */
  deliveryDelayMs: (): number => 0,
  /** Attempts at one delivery, the first included (retries: not shown by the spec): the policy's. */
  deliveryAttempts: (policy: DeliveryPolicyValues): number => policy.retries + 1,
  /** Whether the receiver's answer is a failure, retried like a network failure: a 5xx. */
  deliveryFailed: (status: number): boolean => status >= 500,
  /** The pause after the given failed attempt (1 for the first) before the next one: the policy's backoff. */
  retryPauseMs: (attempt: number, policy: DeliveryPolicyValues): number =>
    policy.backoffMs[Math.min(attempt, policy.backoffMs.length) - 1] ?? 0,
  /** Whether the receiver's answer refuses the delivery (logged `refused`, never retried): a 4xx. */
  deliveryRefused: (status: number): boolean => status >= 400 && status < 500,
};

/** The delivery rules' type, derived from the table (a rule is written once). */
export type DeliveryRules = typeof DELIVERY_RULES;
