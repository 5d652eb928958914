import type { ListingErrorReason } from '../../spec/errors.js';
import type { SandboxState } from '../state.js';

/** The sandbox's HTTP status for each 7.3 row (not shown by the spec; as the field notes report production). */
export const LISTING_STATUS: Record<ListingErrorReason, number> = {
  BAD_REQUEST: 400,
  ACCESS_DENIED: 401,
  ACCESS_SCOPE_DENIED: 401,
  RATE_LIMIT: 429,
  UNEXPECTED_INTERNAL_ERROR: 500,
};

/** Another choice a correct server could make (variant listing-other-statuses). */
export const OTHER_LISTING_STATUS: Record<ListingErrorReason, number> = {
  BAD_REQUEST: 422,
  ACCESS_DENIED: 403,
  ACCESS_SCOPE_DENIED: 403,
  RATE_LIMIT: 503,
  UNEXPECTED_INTERNAL_ERROR: 503,
};

/** The status of a listing error under the sandbox's switches (a variant's table, a fault's 200). */
export function listingStatusOf(
  state: Pick<SandboxState, 'faults' | 'variants'>,
  reason: ListingErrorReason,
): number {
  if (state.faults.has('listing-status-200-on-error')) return 200;
  return (state.variants.has('listing-other-statuses') ? OTHER_LISTING_STATUS : LISTING_STATUS)[reason];
}
