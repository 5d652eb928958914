/**
 * The resource server's rules (4.3 basic user info, 4.4 the listing, 2.4-2.6, 7.3, 8), by name: the
 * reference behaviour, which faults and variants patch (rules/patch.ts).
 */
export const RESOURCES_RULES = {};
export type ResourcesRules = typeof RESOURCES_RULES;
