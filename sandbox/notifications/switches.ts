import type { SandboxSwitch } from '../rules/switches.js';
import type { DeliveryPolicyValues, DeliverySettings } from './delivery-settings.js';
import { DELIVERY_POLICY_BOUNDS, RETRY_CAUSES, TOKEN_FORMS } from './delivery-settings.js';

const [MIN_TIMEOUT, MAX_TIMEOUT] = DELIVERY_POLICY_BOUNDS.timeoutMs;
const [, MAX_RETRIES] = DELIVERY_POLICY_BOUNDS.retries;

/** Each setting of the delivery policy, its name and its one line. */
const SETTINGS: ReadonlyArray<readonly [string, keyof DeliveryPolicyValues, string]> = [
  ['delivery-timeout-ms', 'timeoutMs', `ms one delivery attempt may take (${MIN_TIMEOUT} to ${MAX_TIMEOUT})`],
  ['delivery-retries', 'retries', `attempts after the first (0 to ${MAX_RETRIES}; 0: one attempt)`],
  ['delivery-backoff-ms', 'backoffMs', 'pauses before each retry, in ms (an array; the last repeats)'],
  ['delivery-retry-on', 'retryOn', `what is retried: any of ${RETRY_CAUSES.join(', ')} (an array)`],
  ['delivery-token-header', 'tokenHeader', 'the header that carries the configured token'],
  [
    'delivery-token-form',
    'tokenForm',
    `the token as ${TOKEN_FORMS.join(' (Bearer <token>) or ')} (<token> alone)`,
  ],
];

/** The delivery policy's settings as switches: each reads and changes one value of `settings`. */
export function deliverySwitches(settings: DeliverySettings): SandboxSwitch[] {
  return SETTINGS.map(([name, field, summary]) => ({
    name,
    kind: 'setting',
    summary,
    get: () => settings.current[field],
    set: (value: unknown) => {
      settings.apply({ [field]: value });
    },
  }));
}
