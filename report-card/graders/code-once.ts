// C2.2-01: a code is single use: after a successful exchange it is never sent again. (A failed
// exchange leaves it usable, so a retry after one is not a reuse.) A second exchange already on
// its way when the first's answer left is not held against the client (causality.ts).
import type { JournalRecord, RequestRecord } from '../../spec/journal.js';
import { delayAfter, reactionTo, restsOn } from '../causality.js';
import { codeExchanges } from '../oauth.js';
import { failedAtFirst, passedIf, type Failure, type Verdict } from '../verdict.js';

export function gradeCodeOnce(records: readonly JournalRecord[]): Verdict {
  const exchanges = codeExchanges(records);
  const redeemed = new Map<string, RequestRecord>();
  const failures: Failure[] = [];
  for (const { request, code } of exchanges) {
    const earlier = redeemed.get(code);
    const reaction = earlier === undefined ? undefined : reactionTo(earlier, request, records);
    if (earlier !== undefined && reaction !== undefined)
      failures.push({
        why: `token request #${request.seq} sent code ${code} again, ${Math.round(delayAfter(earlier, request))} ms after it was exchanged successfully at #${earlier.seq} (shown by ${restsOn(reaction)})`,
        evidence: [earlier, request],
      });
    if (earlier === undefined && request.status === 200) redeemed.set(code, request);
  }
  return (
    failedAtFirst(failures) ??
    passedIf(exchanges.length, 'code exchange(s), no code sent after its success', 'no code exchanged')
  );
}
