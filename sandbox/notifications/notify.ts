import { isSection3Status } from '../../spec/ad-status.js';
import type { SandboxState } from '../state.js';

import { notificationBody, type AdChange } from './body.js';

/** 6: a status change sends AD_STATUS to every configuration of the ad's user, in order. */
export function notifyStatusChange(state: SandboxState, change: AdChange): void {
  const { faults } = state;
  if (faults.has('notify-none')) return;
  if (faults.has('notify-unknown-status-dropped') && !isSection3Status(change.status)) return;
  const configs = faults.has('notify-other-user')
    ? state.notifications.all()
    : state.notifications.ofUser(change.login);
  const body = notificationBody(change, faults, state.variants);
  for (const config of configs) {
    const delivery = { login: config.owner.login, url: config.deliveryUrl, token: config.token, body };
    state.deliverer.enqueue(config.id, delivery);
    if (faults.has('notify-duplicate')) state.deliverer.enqueue(config.id, delivery);
  }
}
