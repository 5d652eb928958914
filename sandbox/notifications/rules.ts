import {
  CONFIGURATION_CHECKS,
  CONFIGURATION_RULES,
  type ConfigurationChecks,
  type ConfigurationRules,
} from './configuration-rules.js';
import { DELIVERY_RULES, type DeliveryRules } from './delivery-rules.js';

/**
 * The notification area's rules (4.6, 2.7, 6: configurations and deliveries), by name: the
 * reference behaviour, which faults and variants patch (rules/patch.ts). The checks of each
 * endpoint, in order, are declared in pipelines.ts.
 */
export interface NotificationsRules extends ConfigurationChecks, ConfigurationRules, DeliveryRules {}

export const NOTIFICATIONS_RULES: NotificationsRules = {
  ...CONFIGURATION_CHECKS,
  ...CONFIGURATION_RULES,
  ...DELIVERY_RULES,
};
