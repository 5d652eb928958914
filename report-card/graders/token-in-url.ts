// C4-02 (advisory): an access token never travels in a URL: not in the query string
// (`?access_token=`, or as any parameter's name or value), not as a segment of the path. The
// sandbox ties such a request to the token's client by its fingerprint (`credentials.query_token`,
// `credentials.path_token`), so the card reads it. A token found only in the URL of an endpoint
// that wants it in the header or the body is C4-01's (one mistake, one failed requirement).
import type { JournalRecord, RequestRecord } from '../../spec/journal.js';
import { requestsOf } from '../records.js';
import { failed, passedIf, type Verdict } from '../verdict.js';

/** The endpoints C4-01 holds to a place for the token. */
const PLACED: ReadonlySet<RequestRecord['endpoint']> = new Set([
  'catalog',
  'basic_user_info',
  'import',
  'import_status',
  'listing',
  'notification',
  'ad_status',
]);

function urlPlace(request: RequestRecord): string | undefined {
  if (request.credentials.query_token !== undefined) return 'the query string';
  return request.credentials.path_token === undefined ? undefined : 'the path';
}

function carriesToken(request: RequestRecord): boolean {
  const { bearer, body_token: body, query_token: query, path_token: path } = request.credentials;
  return [bearer, body, query, path].some((token) => token !== undefined);
}

export function gradeTokenInUrl(records: readonly JournalRecord[]): Verdict {
  const carrying = requestsOf(records).filter(carriesToken);
  for (const request of carrying) {
    const place = urlPlace(request);
    if (place === undefined) continue;
    const elsewhere =
      request.credentials.bearer !== undefined || request.credentials.body_token !== undefined;
    if (!elsewhere && PLACED.has(request.endpoint)) continue;
    return failed(
      `request #${request.seq} (${request.method} ${request.path}, the ${request.endpoint} endpoint) carried its access token in ${place}, where servers, proxies and browsers log it`,
      request,
    );
  }
  return passedIf(
    carrying.length,
    'request(s) carrying a token, none in a URL',
    'no request carrying a token',
  );
}
