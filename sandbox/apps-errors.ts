import { HelperError, LISTING_ERRORS, ListingError, NotificationError } from '../spec/errors.js';
import { catalogErrorFormat } from './catalogs/errors.js';
import { reasonedAnswer, type ErrorAnswer, type ErrorFormat, type Failure } from './http/error-answer.js';
import type { FormatForTarget } from './http/client-errors.js';
import { reasonedFormat } from './http/reasons.js';
import { listingStatusOf } from './resources/listing-status.js';
import type { SandboxState } from './state.js';
import { HELPERS_PREFIX } from './test-helpers/index.js';

// Paths by family, with the versions the faults move them to (listing-unversioned-path, ...).
const LISTING = /^\/autoupload(\/v1)?\/published\/?$/;
const CATALOG = /^\/autoupload(\/v1)?\/(car_info|moto_info|cellphone_info|moto_cubiccms_info)(\/|$)/;

/**
 * The resource server's error formats, by path: the listing's 7.3 errors, the catalogs'
 * `{status: "error", reason, message}`, the test helpers' contract errors (their statuses fixed
 * by the contract), and `{reason, message}` elsewhere (basic user info, notifications).
 */
export function appsErrorFormat(state: SandboxState): FormatForTarget {
  const listing = listingFormat(state);
  return (target) => {
    const path = (target ?? '').split('?')[0] ?? '';
    if (LISTING.test(path)) return listing;
    if (CATALOG.test(path)) return catalogErrorFormat;
    if (path === HELPERS_PREFIX || path.startsWith(`${HELPERS_PREFIX}/`)) return helperFormat;
    return reasonedFormat;
  };
}

/** Errors the routes throw on purpose: already in their format. */
export function appsRouteAnswer(state: SandboxState): (error: unknown) => ErrorAnswer | undefined {
  return (error) => {
    if (error instanceof HelperError || error instanceof NotificationError)
      return reasonedAnswer(error.status, error.reason, error.message);
    if (error instanceof ListingError)
      return reasonedAnswer(listingStatusOf(state, error.reason), error.reason, error.message);
    return undefined;
  };
}

function listingFormat(state: SandboxState): ErrorFormat {
  return (failure: Failure) => {
    if (failure.status >= 500)
      return reasonedAnswer(
        listingStatusOf(state, 'UNEXPECTED_INTERNAL_ERROR'),
        'UNEXPECTED_INTERNAL_ERROR',
        LISTING_ERRORS.UNEXPECTED_INTERNAL_ERROR,
      );
    const status = failure.status === 400 ? listingStatusOf(state, 'BAD_REQUEST') : failure.status;
    return reasonedAnswer(status, 'BAD_REQUEST', failure.message);
  };
}

/** Contract section 2: 401 ACCESS_DENIED, 404 NOT_FOUND, every other refusal 400 BAD_REQUEST. */
function helperFormat(failure: Failure): ErrorAnswer {
  if (failure.status >= 500) return reasonedFormat(failure);
  if (failure.status === 401 || failure.status === 404) return reasonedFormat(failure);
  return reasonedAnswer(400, 'BAD_REQUEST', failure.message);
}
