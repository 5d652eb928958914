/**
 * Contract section 3's status-change command and this project's observation window: how a target
 * without test helpers still gets AD_STATUS deliveries checked. Each wrong variable is one line of
 * `problems`.
 */

export interface StatusChangeConfig {
  /** TARGET_STATUS_CHANGE_COMMAND: run with `sh -c`, told AD_OWNER, AD_ID and AD_STATUS. */
  command: string;
  /** TARGET_DELIVERY_TIMEOUT in ms: how long a delivery is waited for after the command made a change. */
  deliveryTimeoutMs: number;
}

type Read = (name: string) => string | undefined;

/** Contract section 3: TARGET_DELIVERY_TIMEOUT's default, in seconds. */
export const DEFAULT_DELIVERY_TIMEOUT_S = 60;
const MAX_DELIVERY_TIMEOUT_S = 3600;
/** The longest CONFORMANCE_OBSERVE_SECONDS: a night's run, not a listener left behind. */
export const MAX_OBSERVE_SECONDS = 6 * 3600;

export function resolveStatusChange(read: Read, problems: string[]): StatusChangeConfig | null {
  const command = read('TARGET_STATUS_CHANGE_COMMAND');
  const raw = read('TARGET_DELIVERY_TIMEOUT');
  let seconds = DEFAULT_DELIVERY_TIMEOUT_S;
  if (raw !== undefined) {
    const value = Number(raw);
    if (Number.isInteger(value) && value >= 1 && value <= MAX_DELIVERY_TIMEOUT_S) seconds = value;
    else
      problems.push(
        `TARGET_DELIVERY_TIMEOUT: expected seconds, an integer from 1 to ${MAX_DELIVERY_TIMEOUT_S}, got "${raw}"`,
      );
  }
  return command === undefined ? null : { command, deliveryTimeoutMs: seconds * 1000 };
}

/** CONFORMANCE_OBSERVE_SECONDS: how long a configuration listens to the marketplace's own changes. */
export function resolveObserveSeconds(read: Read, problems: string[]): number | null {
  const raw = read('CONFORMANCE_OBSERVE_SECONDS');
  if (raw === undefined) return null;
  const value = Number(raw);
  if (Number.isInteger(value) && value >= 1 && value <= MAX_OBSERVE_SECONDS) return value;
  problems.push(
    `CONFORMANCE_OBSERVE_SECONDS: expected seconds, an integer from 1 to ${MAX_OBSERVE_SECONDS}, got "${raw}"`,
  );
  return null;
}
