/**
 * The catalog lookups' rules (4.5, 2.6, 9), by name: the reference behaviour, which faults and
 * variants patch (rules/patch.ts).
 */
export const CATALOGS_RULES = {};
export type CatalogsRules = typeof CATALOGS_RULES;
