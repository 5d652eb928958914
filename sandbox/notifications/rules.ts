import { CALLER_CHECKS } from './check-caller.js';
import { CONFIGURATION_CHECKS } from './check-configuration.js';
import { FIELD_CHECKS } from './check-fields.js';
import { CONFIGURATION_RULES } from './configuration-rules.js';
import { DELIVERY_RULES } from './delivery-rules.js';
import type { NOTIFICATIONS_SEAMS } from './seams.js';

/**
 * The notification area's spec rules (4.6, 2.7, 6: configurations and deliveries), by name, each
 * headed by the requirement ids it enforces; where a fault bends the area is its seams (seams.ts).
 * Both are patched by name (rules/patch.ts). The checks of each endpoint, in order, are declared in
 * pipelines.ts.
 */
export const NOTIFICATIONS_RULES = {
  ...CALLER_CHECKS,
  ...FIELD_CHECKS,
  ...CONFIGURATION_CHECKS,
  ...CONFIGURATION_RULES,
  ...DELIVERY_RULES,
};

/** The notification area's rules in force: its spec rules and its seams, patched or not. */
export type NotificationsRules = Readonly<typeof NOTIFICATIONS_RULES & typeof NOTIFICATIONS_SEAMS>;
