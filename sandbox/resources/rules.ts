import { rateLimitMessage } from '../../spec/errors.js';
import { PUBLISHED_PATH } from '../../spec/paths.js';
import { DEFAULT_RATE_LIMIT, type RateLimit } from '../store/clients.js';
import { BASIC_INFO_RULES } from './basic-info-checks.js';
import { LISTING_AUTHORIZATION_RULES } from './listing-authorization.js';
import { LISTING_PAGE_RULES } from './listing-page.js';
import { LISTING_QUERY_RULES } from './listing-query.js';
import { LISTING_STATUS_RULES } from './listing-status.js';
import type { PageTokenForm } from './page-token.js';
import type { RESOURCES_SEAMS } from './seams.js';

/**
 * The resource server's spec rules (4.3 basic user info, 4.4 the listing, 2.4-2.6, 7.3, 8), by
 * name: each module ends with its table and heads each rule with the requirement ids it enforces.
 * Where a fault bends the area is its seams (seams.ts); both are patched by name (rules/patch.ts).
 */
export const RESOURCES_RULES = {
  /** R9-01: where the listing is served. */
  listingPath: (): string => PUBLISHED_PATH,
  /** R4.4-02: page tokens are opaque strings; the form is the sandbox's choice. */
  pageTokenForm: (): PageTokenForm => 'base64url',
  /** R7.3-05: 7.3's message with its numbers filled in. */
  rateLimitMessage,
  /** R8-05: the limit of a client until the rate_limit helper sets another (its value not shown). */
  defaultRateLimit: (): RateLimit => DEFAULT_RATE_LIMIT,
  ...LISTING_AUTHORIZATION_RULES,
  ...LISTING_QUERY_RULES,
  ...LISTING_PAGE_RULES,
  ...LISTING_STATUS_RULES,
  ...BASIC_INFO_RULES,
};

/** The resource server's rules in force: its spec rules and its seams, patched or not. */
export type ResourcesRules = Readonly<typeof RESOURCES_RULES & typeof RESOURCES_SEAMS>;
