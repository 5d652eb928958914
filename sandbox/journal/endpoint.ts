import type { JournalEndpoint } from '../../spec/journal.js';
import {
  AUTHORIZATION_PATH,
  BASIC_USER_INFO_PATH,
  CATALOG_CHAINS,
  CATALOG_PREFIX,
  CUBIC_CAPACITIES_PATH,
  NOTIFICATION_PATH,
  PUBLISHED_PATH,
  TEST_HELPERS_PREFIX,
  TOKEN_PATH,
} from '../../spec/paths.js';
import { CONSENT_PATH, LOGIN_PATH } from '../oauth/pages.js';
import { AD_STATUS_PATH, IMPORT_PATH } from '../import/routes.js';

/** The endpoint a request went to, or 'helper' for the test helpers (never journaled, never chaos). */
export type Destination = JournalEndpoint | 'helper';

const CATALOG_TREES = [
  ...Object.values(CATALOG_CHAINS).map((segment) => `${CATALOG_PREFIX}/${segment}`),
  ...Object.values(CATALOG_CHAINS).map((segment) => `${CATALOG_PREFIX}/v1/${segment}`),
  CUBIC_CAPACITIES_PATH,
];

function under(path: string, tree: string): boolean {
  return path === tree || path.startsWith(`${tree}/`);
}

/** By the path as routed (slashes merged, no query, trailing slash allowed) and the server it came to. */
export function destinationOf(path: string, tls: boolean): Destination {
  const bare = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  if (tls) {
    if (bare === AUTHORIZATION_PATH) return 'authorize';
    if (bare === LOGIN_PATH) return 'login';
    if (bare === CONSENT_PATH) return 'consent';
    if (under(bare, TOKEN_PATH)) return 'token';
    return 'other';
  }
  if (under(bare, TEST_HELPERS_PREFIX)) return 'helper';
  if (bare === BASIC_USER_INFO_PATH) return 'basic_user_info';
  if (bare === PUBLISHED_PATH || bare === PUBLISHED_PATH.replace('/v1', '')) return 'listing';
  if (CATALOG_TREES.some((tree) => under(bare, tree))) return 'catalog';
  if (under(bare, NOTIFICATION_PATH)) return 'notification';
  if (bare === IMPORT_PATH) return 'import';
  if (under(bare, IMPORT_PATH)) return 'import_status';
  if (under(bare, AD_STATUS_PATH)) return 'ad_status';
  return 'other';
}
