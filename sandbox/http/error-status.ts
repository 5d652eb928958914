import type { ApiError, CodeOf } from '../../spec/errors.js';

/**
 * The sandbox's status for the rows whose status the spec leaves to the server (null in
 * spec/errors.ts), by family: the notification endpoints, basic user info and the catalogs. The
 * listing's choice is a rule of its own (resources rule `listingStatus`), which a variant bends.
 */
type ChosenFamily = 'notification' | 'basicInfo' | 'catalog';

export const SANDBOX_STATUSES: { readonly [F in ChosenFamily]: Readonly<Record<CodeOf<F>, number>> } = {
  notification: { BAD_REQUEST: 400, ACCESS_DENIED: 401, ACCESS_SCOPE_DENIED: 403, NOT_FOUND: 404 },
  basicInfo: { ACCESS_DENIED: 401, ACCESS_SCOPE_DENIED: 403 },
  catalog: { ACCESS_DENIED: 401, BAD_REQUEST: 400, NOT_FOUND: 404 },
};

/**
 * The status an error is answered with: the spec's or the contract's where it fixes one (token,
 * helper), else the sandbox's choice above. The listing asks its rule instead, and authorization
 * errors are redirects; either one reaching here is a bug, answered 500.
 */
export function statusOf(error: ApiError): number {
  const chosen: Readonly<Record<string, number>> | undefined =
    error.family in SANDBOX_STATUSES ? SANDBOX_STATUSES[error.family as ChosenFamily] : undefined;
  return error.status ?? chosen?.[error.code] ?? 500;
}
