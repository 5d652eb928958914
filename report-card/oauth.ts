import type { JournalRecord, RequestRecord } from '../spec/journal.js';
import { requestsOf, textParam } from './records.js';

/** The authorization flow's facts as the journal holds them (codes are fingerprints). */

/** Token requests exchanging an authorization code, with the code's fingerprint. */
export function codeExchanges(
  records: readonly JournalRecord[],
): Array<{ request: RequestRecord; code: string }> {
  return requestsOf(records, 'token').flatMap((request) => {
    const code = textParam(request, 'code');
    return code === undefined ? [] : [{ request, code }];
  });
}

/** The record whose answer issued a code (the consent, or the authorization request itself). */
export function issuingRecord(records: readonly JournalRecord[], code: string): RequestRecord | undefined {
  return requestsOf(records).find((record) => record.endpoint !== 'token' && record.answer?.code === code);
}

/** The authorization request a code belongs to: the issuing record's own, or the last before it. */
export function authorizationOf(
  records: readonly JournalRecord[],
  issuing: RequestRecord,
): RequestRecord | undefined {
  if (issuing.endpoint === 'authorize') return issuing;
  return requestsOf(records, 'authorize')
    .filter((request) => request.seq < issuing.seq)
    .at(-1);
}

/** The redirect_uri a request carried. */
export function redirectUriOf(record: RequestRecord): string | undefined {
  return textParam(record, 'redirect_uri');
}
