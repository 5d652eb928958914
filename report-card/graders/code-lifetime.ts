// C2.2-02: a code expires ten minutes after it was issued: the client exchanges it before. The
// sandbox judges the lifetime on the client's own clock (the clock helper moves it), so the card
// does too: each record's time plus the clock offset the journal names (records.ts clientTimeOf).
import type { JournalRecord } from '../../spec/journal.js';
import { CODE_LIFETIME_MS } from '../../spec/limits.js';
import { codeExchanges, issuingRecord } from '../oauth.js';
import { clientTimeOf } from '../records.js';
import { failedAtFirst, passedIf, type Failure, type Verdict } from '../verdict.js';

export function gradeCodeLifetime(records: readonly JournalRecord[]): Verdict {
  let timed = 0;
  const failures: Failure[] = [];
  for (const { request, code } of codeExchanges(records)) {
    const issuing = issuingRecord(records, code);
    if (issuing === undefined) continue;
    timed += 1;
    const age = clientTimeOf(request) - clientTimeOf(issuing);
    // Expired at ten minutes exactly, as the sandbox has it (sandbox/token/check-code.ts).
    if (age >= CODE_LIFETIME_MS)
      failures.push({
        why: `token request #${request.seq} sent code ${code} ${Math.round(age / 1000)} s after it was issued at #${issuing.seq}${request.client_clock_offset_ms === undefined ? '' : " on the client's clock"}: a code lives ${CODE_LIFETIME_MS / 60_000} minutes`,
        evidence: [issuing, request],
      });
  }
  return (
    failedAtFirst(failures) ??
    passedIf(
      timed,
      'code(s) exchanged within ten minutes of their issue',
      'no exchange of a code whose issue is in the journal',
    )
  );
}
