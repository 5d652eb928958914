import { CATALOG_PREFIX } from '../../spec/paths.js';
import { LOOKUP_RULES } from './lookup.js';

/**
 * The catalog lookups' rules (4.5, 2.6, 9), by name: the reference behaviour, which faults and
 * variants patch (rules/patch.ts). Each rule's module heads it with the requirement ids it enforces
 * and ends with its table; the area's type is this value's (rules/book.ts).
 */
export const CATALOGS_RULES = {
  /** R9-06: catalog paths carry no version segment. */
  catalogBase: (): string => CATALOG_PREFIX,
  ...LOOKUP_RULES,
};
