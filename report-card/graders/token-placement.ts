// C4-01: the token goes where each endpoint wants it. Section 4: the catalogs and basic user info
// in the body field access_token, the listing and the notification configuration in the Bearer
// header; the field notes: the import and its status query in the body, one ad status in the header.
import type { JournalRecord, RequestRecord } from '../../spec/journal.js';
import { requestsOf } from '../records.js';
import { failed, passedIf, type Verdict } from '../verdict.js';

type Place = 'body' | 'bearer';

const PLACE: Partial<Record<RequestRecord['endpoint'], Place>> = {
  catalog: 'body',
  basic_user_info: 'body',
  import: 'body',
  import_status: 'body',
  listing: 'bearer',
  notification: 'bearer',
  ad_status: 'bearer',
};

const CARRIED: Record<Place, string> = {
  body: 'the body field access_token',
  bearer: 'the header Authorization: Bearer',
};

function placeOf(request: RequestRecord): Place | undefined {
  if (request.credentials.bearer !== undefined) return 'bearer';
  return request.credentials.body_token !== undefined ? 'body' : undefined;
}

export function gradeTokenPlacement(records: readonly JournalRecord[]): Verdict {
  const requests = requestsOf(records).filter((request) => PLACE[request.endpoint] !== undefined);
  for (const request of requests) {
    const wanted = PLACE[request.endpoint];
    const carried = placeOf(request);
    if (wanted !== undefined && carried !== wanted)
      return failed(
        `request #${request.seq} (${request.method} ${request.path}, the ${request.endpoint} endpoint) carried its token ${carried === undefined ? 'nowhere' : `in ${CARRIED[carried]}`}; that endpoint wants ${CARRIED[wanted]}`,
        request,
      );
  }
  return passedIf(
    requests.length,
    'request(s) with the token where their endpoint wants it',
    'no request to a resource endpoint',
  );
}
