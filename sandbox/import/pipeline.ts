import type { ImportCheck } from './request.js';
import type { ImportRules } from './rules.js';

/**
 * Each import endpoint's checks in order. The caller first (as the listing does), then the
 * account's conditions, then the body; the first that fails ends the request with its answer.
 */

/** PUT /autoupload/import. */
export const importChecks = (rules: ImportRules): readonly ImportCheck[] => [
  rules.bodyTokenKnown,
  rules.autouploadScope,
  rules.importAvailable,
  rules.notBlocked,
  rules.withPermission,
  rules.adListGiven,
  rules.hasAds,
  rules.adsWellFormed,
  rules.idsUnique,
  rules.adsAcceptable,
  rules.enoughSlots,
];

/** POST /autoupload/import/{token}. */
export const importStatusChecks = (rules: ImportRules): readonly ImportCheck[] => [
  rules.bodyTokenKnown,
  rules.autouploadScope,
];

/** GET /autoupload/ads/{list_id}. */
export const adStatusChecks = (rules: ImportRules): readonly ImportCheck[] => [
  rules.bearerTokenKnown,
  rules.autouploadScope,
];
