/**
 * The notification area's rules (4.6, 6: configurations and deliveries), by name: the reference
 * behaviour, which faults and variants patch (rules/patch.ts).
 */
export const NOTIFICATIONS_RULES = {};
export type NotificationsRules = typeof NOTIFICATIONS_RULES;
