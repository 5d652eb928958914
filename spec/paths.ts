/**
 * Section 9 and 4: where each endpoint lives, relative to {auth_url} or {apps_url}. The sandbox
 * serves these paths and the suite's clients call them; neither spells a path of its own.
 */

/** 4.1, on {auth_url}. */
export const AUTHORIZATION_PATH = '/oauth';
/** 4.2, on {auth_url}. */
export const TOKEN_PATH = '/oauth/token';
/** 4.3, on {apps_url}. */
export const BASIC_USER_INFO_PATH = '/oauth_api/basic_user_info';
/** 4.4, on {apps_url}. */
export const PUBLISHED_PATH = '/autoupload/v1/published';
/** 4.6, on {apps_url}. */
export const NOTIFICATION_PATH = '/autoservice/v1/notification';

/** 4.5, on {apps_url}: the catalog lookups carry no version segment (section 9). */
export const CATALOG_PREFIX = '/autoupload';
/** The three brand → model (→ version) chains of 4.5, by the segment after CATALOG_PREFIX. */
export const CATALOG_CHAINS = {
  car: 'car_info',
  motorcycle: 'moto_info',
  cellphone: 'cellphone_info',
} as const;
export type CatalogChain = keyof typeof CATALOG_CHAINS;
/** 4.5: the motorcycle cubic capacities, a single lookup. */
export const CUBIC_CAPACITIES_PATH = `${CATALOG_PREFIX}/moto_cubiccms_info`;

/** The test-helper protocol of the contract (shared/contract.md), on {apps_url} of a sandbox that has it. */
export const TEST_HELPERS_PREFIX = '/test_helpers/v1';
