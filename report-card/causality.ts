import type { RequestRecord } from '../spec/journal.js';
import { answeredAt, timeOf, tokenOf } from './records.js';

/**
 * When a request can be held against an answer: the one rule every grader that reasons about
 * "after" uses (C2.2-01, C2.6-01, C4.4-*, C7.3-01, C7.3-02, C7.3-03, CFN-01).
 *
 * A client that does several things at once has requests on their way when an answer leaves: a
 * parallel worker's request that arrives a few milliseconds after a 429 or a 401 left was sent
 * before the client could read it, and is no reaction to it. So a request is held against an
 * answer only when
 * - it is by the same party: the same token (wherever carried); without a token, the same user
 *   (the token's or the login form's); without either, the client itself (its secret, its codes).
 *   Another dealer's identical request, with its own token, is that dealer's, not a retry;
 * - and it arrived at least TRAVEL_ALLOWANCE_MS after the answer left: the answer's way back to
 *   the client, the client reading it (a loaded event loop), and the request's way to the sandbox.
 *
 * The price, stated: a mistake made within the allowance and never again (one immediate retry,
 * then nothing) is not seen. A retry loop that goes on is: its attempts pass the allowance.
 */
export const TRAVEL_ALLOWANCE_MS = 100;

/** Who sent a request, as far as the journal proves it: its token, else its user, else the client. */
export function partyOf(request: RequestRecord): string {
  const token = tokenOf(request);
  if (token !== undefined) return `token ${token}`;
  return request.login === null ? 'client' : `user ${request.login}`;
}

export function sameParty(a: RequestRecord, b: RequestRecord): boolean {
  return partyOf(a) === partyOf(b);
}

/** Whether `request` arrived after `answer` had left (it may carry what the answer said). */
export function arrivedAfterAnswer(answer: RequestRecord, request: RequestRecord): boolean {
  return request.seq > answer.seq && timeOf(request) >= answeredAt(answer);
}

/**
 * Whether the client sent `request` after it could have read `answer`: by the same party, and
 * arrived at least the travel allowance after the answer left. Only such a request is a reaction
 * to the answer (a retry, a use of a refused token, the next request after a block).
 */
export function sentAfterReading(answer: RequestRecord, request: RequestRecord): boolean {
  return (
    sameParty(answer, request) &&
    request.seq > answer.seq &&
    timeOf(request) >= answeredAt(answer) + TRAVEL_ALLOWANCE_MS
  );
}

/** Milliseconds from the answer leaving to the request arriving. */
export function delayAfter(answer: RequestRecord, request: RequestRecord): number {
  return timeOf(request) - answeredAt(answer);
}
