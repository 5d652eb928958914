// C4-01: the token goes where each endpoint wants it (token-place.ts: section 4 and the field notes).
import type { JournalRecord, RequestRecord } from '../../spec/journal.js';
import { isRetiredListing } from '../listing.js';
import { requestsOf } from '../records.js';
import { CARRIED, PLACE, placeOf } from '../token-place.js';
import { failed, passedIf, type Verdict } from '../verdict.js';

/** Where a token the endpoint does not read was: the URL's query or path (a fingerprint there), else nowhere. */
function urlPlace(request: RequestRecord): string {
  if (request.credentials.query_token !== undefined) return 'in the query string';
  if (request.credentials.path_token !== undefined) return 'in the path';
  return 'nowhere';
}

export function gradeTokenPlacement(records: readonly JournalRecord[]): Verdict {
  // The retired listing (C9-01's) took its token in the body: its own mistake, not C4-01's.
  const requests = requestsOf(records).filter(
    (request) => PLACE[request.endpoint] !== undefined && !isRetiredListing(request),
  );
  for (const request of requests) {
    const wanted = PLACE[request.endpoint];
    const carried = placeOf(request);
    if (wanted !== undefined && carried !== wanted)
      return failed(
        `request #${request.seq} (${request.method} ${request.path}, the ${request.endpoint} endpoint) carried its token ${carried === undefined ? urlPlace(request) : `in ${CARRIED[carried]}`}; that endpoint wants ${CARRIED[wanted]}`,
        request,
      );
  }
  return passedIf(
    requests.length,
    'request(s) with the token where their endpoint wants it',
    'no request to a resource endpoint',
  );
}
