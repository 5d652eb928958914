import { LISTING_ERRORS, ListingError, type ListingErrorReason } from '../../spec/errors.js';
import {
  JSON_UTF8,
  reasonedAnswer,
  type ErrorAnswer,
  type ErrorFormat,
  type Failure,
} from '../http/error-answer.js';
import type { RouteErrorAnswer } from '../http/error-handling.js';

/** The listing's error answers (7.3): statuses and bodies, as named rules. */

/** The sandbox's HTTP status for each 7.3 row (not shown by the spec; as the field notes report production). */
export const LISTING_STATUS: Record<ListingErrorReason, number> = {
  BAD_REQUEST: 400,
  ACCESS_DENIED: 401,
  ACCESS_SCOPE_DENIED: 401,
  RATE_LIMIT: 429,
  UNEXPECTED_INTERNAL_ERROR: 500,
};

/** Another choice a correct server could make (variant listing-other-statuses). */
export const OTHER_LISTING_STATUS: Record<ListingErrorReason, number> = {
  BAD_REQUEST: 422,
  ACCESS_DENIED: 403,
  ACCESS_SCOPE_DENIED: 403,
  RATE_LIMIT: 503,
  UNEXPECTED_INTERNAL_ERROR: 503,
};

/** A JSON answer before it is sent: its status and the object its body serialises. */
export interface JsonAnswer {
  status: number;
  body: object;
}

/** R7.3-01: a listing error's status is above 200 (the sandbox's table). */
export const listingStatus = (reason: ListingErrorReason): number => LISTING_STATUS[reason];

/** R7.3-01: a listing error's body is `{reason, message}`. */
export const listingErrorAnswer = (error: ListingError, status: number): JsonAnswer => ({
  status,
  body: error.toBody(),
});

/** The rules a listing error is answered by (this module's). */
type StatusRules = Readonly<typeof LISTING_STATUS_RULES>;

/** A listing error as answered under the rules in force. */
export function listingErrorReply(rules: StatusRules, error: ListingError): JsonAnswer {
  return rules.listingErrorAnswer(error, rules.listingStatus(error.reason));
}

/**
 * R7.3-01, R7.3-06: what the framework refuses at the listing (404, 414, a bug's 500) in the
 * listing's shape: BAD_REQUEST with the failure's status (400 as the table says), and a bug as
 * UNEXPECTED_INTERNAL_ERROR with 7.3's message.
 */
export function listingErrorFormat(inForce: () => StatusRules): ErrorFormat {
  return (failure: Failure) => {
    const rules = inForce();
    if (failure.status >= 500)
      return reasonedAnswer(
        rules.listingStatus('UNEXPECTED_INTERNAL_ERROR'),
        'UNEXPECTED_INTERNAL_ERROR',
        LISTING_ERRORS.UNEXPECTED_INTERNAL_ERROR,
      );
    const status = failure.status === 400 ? rules.listingStatus('BAD_REQUEST') : failure.status;
    return reasonedAnswer(status, 'BAD_REQUEST', failure.message);
  };
}

/** R7.3-01: a ListingError a check throws, answered under the rules in force. */
export function listingOwnAnswer(inForce: () => StatusRules): RouteErrorAnswer {
  return (error): ErrorAnswer | undefined => {
    if (!(error instanceof ListingError)) return undefined;
    const answer = listingErrorReply(inForce(), error);
    return {
      status: answer.status,
      headers: { 'content-type': JSON_UTF8 },
      body: JSON.stringify(answer.body),
    };
  };
}

/** This module's rules, by name (resources/rules.ts spreads them into the area's table). */
export const LISTING_STATUS_RULES = { listingStatus, listingErrorAnswer };
