import { CALLER_CHECKS } from './checks/caller.js';
import { CONFIGURATION_CHECKS } from './checks/configuration.js';
import { FIELD_CHECKS } from './checks/fields.js';
import { CONFIGURATION_RULES } from './configuration-rules.js';
import { DELIVERY_RULES } from './delivery-rules.js';

/**
 * The notification area's rules (4.6, 2.7, 6: configurations and deliveries), by name: the
 * reference behaviour, which faults and variants patch (rules/patch.ts); the area's type is this
 * value's (rules/book.ts). The checks of each endpoint, in order, are declared in pipelines.ts.
 */
export const NOTIFICATIONS_RULES = {
  ...CALLER_CHECKS,
  ...FIELD_CHECKS,
  ...CONFIGURATION_CHECKS,
  ...CONFIGURATION_RULES,
  ...DELIVERY_RULES,
};
