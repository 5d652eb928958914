import type { Settings } from '../../config/environment.js';

/**
 * Contract section 3's status-change command: how a target without test helpers still gets
 * AD_STATUS deliveries checked. TARGET_DELIVERY_TIMEOUT is read as its declaration types it (an
 * integer from 1 to 3600, 60 when unset); a wrong one is its declared problem line.
 */

export interface StatusChangeConfig {
  /** TARGET_STATUS_CHANGE_COMMAND: run with `sh -c`, told AD_OWNER, AD_ID and AD_STATUS. */
  command: string;
  /** TARGET_DELIVERY_TIMEOUT in ms: how long a delivery is waited for after the command made a change. */
  deliveryTimeoutMs: number;
}

export function resolveStatusChange(typed: Settings): StatusChangeConfig | null {
  const command = typed.TARGET_STATUS_CHANGE_COMMAND;
  return command === undefined ? null : { command, deliveryTimeoutMs: typed.TARGET_DELIVERY_TIMEOUT * 1000 };
}
