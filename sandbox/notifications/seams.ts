import type { NotificationConfig } from '../store/notifications.js';
import type { AdChange } from './body.js';

/** R6-01, R6-05: every status change is notified, to any value (section 3 can grow). */
const notifiesChange: (change: AdChange) => boolean = () => true;

/** 6 names one event, on a status change: the reference sends nothing when a configuration is made. */
const createdPing: (config: NotificationConfig) => string | null = () => null;

/**
 * The places of the notification area where a fault or a variant bends it. The reference does
 * nothing here: it notifies every change, once, and sends nothing else; the spec's checks and
 * shapes are the area's rules (rules.ts). A patch names a seam as it names a rule.
 */
export const NOTIFICATIONS_SEAMS = {
  notifiesChange,
  /** R6-01: deliveries of one change to one configuration: one. */
  copiesPerChange: (): number => 1,
  createdPing,
};
