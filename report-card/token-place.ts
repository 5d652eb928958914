import type { RequestRecord } from '../spec/journal.js';

/**
 * Where each endpoint reads the token. Section 4: the catalogs and basic user info in the body
 * field access_token, the listing and the notification configuration in the Bearer header; the
 * field notes: the import and its status query in the body, one ad status in the header.
 */
export type Place = 'body' | 'bearer';

export const PLACE: Partial<Record<RequestRecord['endpoint'], Place>> = {
  catalog: 'body',
  basic_user_info: 'body',
  import: 'body',
  import_status: 'body',
  listing: 'bearer',
  notification: 'bearer',
  ad_status: 'bearer',
};

export const CARRIED: Record<Place, string> = {
  body: 'the body field access_token',
  bearer: 'the header Authorization: Bearer',
};

/** Where a request carried its token (the header first), or undefined. */
export function placeOf(request: RequestRecord): Place | undefined {
  if (request.credentials.bearer !== undefined) return 'bearer';
  return request.credentials.body_token !== undefined ? 'body' : undefined;
}

/**
 * The token the endpoint read: the one carried where it wants it. A refusal of a request whose
 * token was elsewhere says the token was missing, not that it was bad (C4-01's concern alone).
 */
export function tokenReadBy(request: RequestRecord): string | undefined {
  const wanted = PLACE[request.endpoint];
  if (wanted === 'bearer') return request.credentials.bearer;
  if (wanted === 'body') return request.credentials.body_token;
  return request.credentials.bearer ?? request.credentials.body_token;
}
