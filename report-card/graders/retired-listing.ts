// C9-01: the listing path carries v1 (section 9); the older POST /autoupload/published, token in
// the body and a bare array back, is retired (field notes). Such a request is named for what it
// is, not graded as a page of the listing (listing.ts isRetiredListing).
import type { JournalRecord } from '../../spec/journal.js';
import { isRetiredListing } from '../listing.js';
import { requestsOf } from '../records.js';
import { failed, passedIf, type Verdict } from '../verdict.js';

export function gradeRetiredListing(records: readonly JournalRecord[]): Verdict {
  const requests = requestsOf(records, 'listing');
  const retired = requests.find(isRetiredListing);
  if (retired !== undefined)
    return failed(
      retired.method.toUpperCase() === 'POST'
        ? `request #${retired.seq} (POST ${retired.path}) used the retired listing, which took the token in the body and answered a bare array: the listing is GET /autoupload/v1/published`
        : `request #${retired.seq} (${retired.method} ${retired.path}) asked for the listing without the version segment v1: the listing is GET /autoupload/v1/published`,
      retired,
    );
  return passedIf(
    requests.length,
    'listing request(s), each at /autoupload/v1/published',
    'no listing request',
  );
}
