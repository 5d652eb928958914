// C4.2-01: the token request carries the same redirect_uri as the authorization request that
// issued its code.
import type { JournalRecord } from '../../spec/journal.js';
import { authorizationOf, codeExchanges, issuingRecord, redirectUriOf } from '../oauth.js';
import { failedAtFirst, passedIf, type Failure, type Verdict } from '../verdict.js';

export function gradeSameRedirect(records: readonly JournalRecord[]): Verdict {
  let compared = 0;
  const failures: Failure[] = [];
  for (const { request, code } of codeExchanges(records)) {
    const issuing = issuingRecord(records, code);
    const authorization = issuing === undefined ? undefined : authorizationOf(records, issuing);
    const sent =
      authorization === undefined
        ? undefined
        : (redirectUriOf(authorization) ?? redirectUriOf(issuing ?? authorization));
    if (authorization === undefined || sent === undefined) continue;
    compared += 1;
    const exchanged = redirectUriOf(request);
    if (exchanged !== sent)
      failures.push({
        why: `token request #${request.seq} sent redirect_uri ${exchanged ?? '(none)'}; the authorization request #${authorization.seq} that its code came from sent ${sent}`,
        evidence: [authorization, request],
      });
  }
  return (
    failedAtFirst(failures) ??
    passedIf(
      compared,
      'code exchange(s) with the redirect_uri of their authorization request',
      'no exchange of a code whose authorization request is in the journal',
    )
  );
}
