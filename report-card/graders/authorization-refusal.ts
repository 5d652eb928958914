// C7-01: the authorization server refused none of the client's requests: a refusal is named on the
// card with its `error` (7.1's on the redirect, 7.2's in the body), whatever else the journal
// exercised. One mistake, one failed requirement: a refusal already shown as another failed
// requirement's evidence (a code reused, late, its redirect_uri changed; a scope in the wrong case;
// an unregistered redirect_uri) is left to it. Not the client's: the user's denial
// (access_denied), the server's own trouble (temporarily_unavailable, server_error), chaos's
// doing, and an exchange refused for a code sent before (the retry of an exchange whose answer was
// lost: C2.2-01 judges it).
import { AUTH_ENDPOINTS, type JournalRecord, type RequestRecord } from '../../spec/journal.js';
import { codeExchanges } from '../oauth.js';
import { requestsOf, statusText } from '../records.js';
import { failed, passedIf, type GradeContext, type Verdict } from '../verdict.js';

const NOT_THE_CLIENTS = new Set(['access_denied', 'temporarily_unavailable', 'server_error']);

/** The OAuth `error` a request was refused with, or undefined. */
function errorOf(request: RequestRecord): string | undefined {
  const error = request.reason;
  if (error === undefined || !/^[a-z_]+$/.test(error)) return undefined;
  return request.endpoint === 'token' ? (request.status >= 400 ? error : undefined) : error;
}

/** Exchanges of a code an earlier exchange had already sent. */
function resentCodes(records: readonly JournalRecord[]): Set<number> {
  const sent = new Set<string>();
  const resent = new Set<number>();
  for (const { request, code } of codeExchanges(records)) {
    if (sent.has(code)) resent.add(request.seq);
    sent.add(code);
  }
  return resent;
}

export function gradeAuthorizationRefusal(
  records: readonly JournalRecord[],
  context: GradeContext = { explained: new Set() },
): Verdict {
  const resent = resentCodes(records);
  const asked = requestsOf(records, ...AUTH_ENDPOINTS);
  for (const request of asked) {
    const error = errorOf(request);
    const excused =
      error === undefined ||
      NOT_THE_CLIENTS.has(error) ||
      request.decision !== undefined ||
      context.explained.has(request.seq) ||
      (error === 'invalid_grant' && resent.has(request.seq));
    if (!excused)
      return failed(
        `the authorization server refused request #${request.seq} (${request.method} ${request.path}, the ${request.endpoint} endpoint) with error ${error} (answered ${statusText(request.status)})`,
        request,
      );
  }
  return passedIf(
    asked.filter((request) => request.endpoint === 'authorize' || request.endpoint === 'token').length,
    'authorization and token request(s), none refused with an error of the client',
    'no authorization or token request',
  );
}
