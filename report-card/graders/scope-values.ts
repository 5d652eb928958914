// C5-02: scope is a space-separated list, case-sensitive: each value requested is one of section
// 5's exactly (`Autoupload` is no scope; the authorization server refuses it invalid_scope).
import type { JournalRecord } from '../../spec/journal.js';
import { requestsOf, textParam } from '../records.js';
import { failedAtFirst, passedIf, type Failure, type Verdict } from '../verdict.js';

export const SCOPE_VALUES: readonly string[] = ['basic_user_info', 'autoupload', 'autoservice', 'chat'];

export function gradeScopeValues(records: readonly JournalRecord[]): Verdict {
  const asking = requestsOf(records, 'authorize').filter(
    (request) => textParam(request, 'scope') !== undefined,
  );
  const failures = asking.flatMap((request): Failure[] => {
    const values = (textParam(request, 'scope') ?? '').split(' ').filter((value) => value !== '');
    const wrong = values.find((value) => !SCOPE_VALUES.includes(value));
    if (wrong === undefined) return [];
    const near = SCOPE_VALUES.find((value) => value.toLowerCase() === wrong.toLowerCase());
    return [
      {
        why: `authorization request #${request.seq} asked for scope "${wrong}"${near === undefined ? ', which section 5 does not define' : `: section 5's value is "${near}", and scope is case-sensitive`}${request.reason === undefined ? '' : ` (answered ${request.reason})`}`,
        evidence: [request],
      },
    ];
  });
  return (
    failedAtFirst(failures) ??
    passedIf(
      asking.length,
      "authorization request(s), every scope value one of section 5's, in its case",
      'no authorization request named a scope',
    )
  );
}
