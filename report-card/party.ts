import type { RequestRecord } from '../spec/journal.js';
import { tokenOf } from './records.js';

/** Who sent a request, as far as the journal proves it: its token, else its user, else the client. */
export function partyOf(request: RequestRecord): string {
  const token = tokenOf(request);
  if (token !== undefined) return `token ${token}`;
  return request.login === null ? 'client' : `user ${request.login}`;
}

export function sameParty(a: RequestRecord, b: RequestRecord): boolean {
  return partyOf(a) === partyOf(b);
}
