import { CATALOG_PREFIX } from '../../spec/paths.js';
import { LOOKUP_RULES } from './lookup.js';
import type { CATALOGS_SEAMS } from './seams.js';

/**
 * The catalog lookups' spec rules (4.5, 2.6, 9), by name: each rule's module heads it with the
 * requirement ids it enforces and ends with its table. Where a fault bends the lookups is their
 * seams (seams.ts); both are patched by name (rules/patch.ts).
 */
export const CATALOGS_RULES = {
  /** R9-06: catalog paths carry no version segment. */
  catalogBase: (): string => CATALOG_PREFIX,
  ...LOOKUP_RULES,
};

/** The catalog lookups' rules in force: their spec rules and their seams, patched or not. */
export type CatalogsRules = Readonly<typeof CATALOGS_RULES & typeof CATALOGS_SEAMS>;
