import type { NotificationStore } from '../store/notifications.js';
import type { AdChange } from './body.js';
import type { Deliverer } from './delivery.js';
import type { NotificationsRules } from './rules.js';

/** What a status change reaches of the sandbox's state (the whole state is one). */
export interface StatusChangeState {
  readonly notifications: NotificationStore;
  readonly deliverer: Deliverer;
}

/**
 * R6-01, R6-03: a status change sends AD_STATUS to every configuration the rules in force name
 * (the ad's user's), in order, each delivery queued per configuration (delivery.ts).
 */
export function notifyStatusChange(
  state: StatusChangeState,
  rules: NotificationsRules,
  change: AdChange,
): void {
  if (!rules.notifiesChange(change)) return;
  const configs = rules.recipients(state.notifications, change);
  const status = rules.notifiedStatus(change);
  const body = rules.notificationBody({ change, status, time: rules.changeTime(change.changedAt) });
  const copies = rules.copiesPerChange();
  for (const config of configs) {
    const delivery = {
      login: config.owner.login,
      clientId: config.owner.clientId,
      ...rules.deliveryUrl(config),
      token: config.token,
      body,
    };
    for (let copy = 0; copy < copies; copy += 1) state.deliverer.enqueue(config.id, delivery);
  }
}
