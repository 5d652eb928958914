/**
 * The error vocabulary of the specification, modelled once. The sandbox sends these values and the
 * suite's assertions expect them, so a code can never be spelled two ways.
 */

/** Section 7.1: `error` values the authorization endpoint sends on a redirect. */
export const AUTHORIZATION_ERROR_CODES = [
  'invalid_request',
  'unauthorized_client',
  'access_denied',
  'unsupported_response_type',
  'invalid_scope',
  'temporarily_unavailable',
  'server_error',
] as const;
export type AuthorizationErrorCode = (typeof AUTHORIZATION_ERROR_CODES)[number];

/** Section 7.2: `error` values of the token endpoint, always HTTP 400. */
export const TOKEN_ERROR_CODES = [
  'invalid_request',
  'invalid_client',
  'invalid_grant',
  'unauthorized_client',
  'unsupported_grant_type',
  'invalid_scope',
] as const;
export type TokenErrorCode = (typeof TOKEN_ERROR_CODES)[number];

export interface TokenErrorBody {
  error: TokenErrorCode;
  error_description?: string;
}

/** Section 7.3: `reason` and exact `message` of the ad-listing errors. */
export const LISTING_ERRORS = {
  BAD_REQUEST: 'Check the header field(s)',
  ACCESS_DENIED: 'Check the client authentication token',
  ACCESS_SCOPE_DENIED: 'Check the client authentication if scope configuration is correct.',
  RATE_LIMIT: 'You have exceeded the X requests in X seconds limit!',
  UNEXPECTED_INTERNAL_ERROR: 'Unexpected internal error. Try again later',
} as const;
export type ListingErrorReason = keyof typeof LISTING_ERRORS;

/** The rate-limit message with its numbers filled in, as 7.3 prints it. */
export function rateLimitMessage(requests: number, seconds: number): string {
  return `You have exceeded the ${requests} requests in ${seconds} seconds limit!`;
}

/**
 * Matches a RATE_LIMIT message whatever numbers it carries ("X are numbers"), digit groups
 * included: 5000, 5,000 and 5.000 are each the number five thousand as someone writes it.
 */
const NUMBER = String.raw`(?:\d{1,3}(?:[.,]\d{3})+|\d+)`;
export const RATE_LIMIT_MESSAGE_PATTERN = new RegExp(
  `^You have exceeded the ${NUMBER} requests in ${NUMBER} seconds limit!$`,
);

/** Contract section 2: errors of the test-helper protocol, with their fixed statuses. */
export const HELPER_ERROR_STATUS = {
  ACCESS_DENIED: 401,
  BAD_REQUEST: 400,
  NOT_FOUND: 404,
} as const;
export type HelperErrorReason = keyof typeof HELPER_ERROR_STATUS;

/**
 * The notification endpoints (4.6): the spec shows neither their statuses nor their error bodies.
 * The sandbox answers `{reason, message}` with these statuses; the suite accepts any non-2xx.
 */
export const NOTIFICATION_ERROR_STATUS = {
  BAD_REQUEST: 400,
  ACCESS_DENIED: 401,
  ACCESS_SCOPE_DENIED: 403,
  NOT_FOUND: 404,
} as const;
export type NotificationErrorReason = keyof typeof NOTIFICATION_ERROR_STATUS;

export interface ReasonedErrorBody<R extends string = string> {
  reason: R;
  message: string;
}

/** An error the authorization endpoint reports by redirecting back to the client. */
export class AuthorizationError extends Error {
  constructor(
    readonly code: AuthorizationErrorCode,
    readonly description?: string,
  ) {
    super(description ?? code);
    this.name = 'AuthorizationError';
  }
}

/** An error of the token endpoint: HTTP 400 with `{error}`. */
export class TokenError extends Error {
  readonly status = 400;
  constructor(
    readonly code: TokenErrorCode,
    readonly description?: string,
  ) {
    super(description ?? code);
    this.name = 'TokenError';
  }

  toBody(): TokenErrorBody {
    return this.description === undefined
      ? { error: this.code }
      : { error: this.code, error_description: this.description };
  }
}

/** An error whose body is `{reason, message}`: the test helpers, the listing, the notifications. */
abstract class ReasonedError<R extends string> extends Error {
  constructor(
    readonly reason: R,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }

  toBody(): ReasonedErrorBody<R> {
    return { reason: this.reason, message: this.message };
  }
}

/** An error of the test-helper protocol (contract section 2). */
export class HelperError extends ReasonedError<HelperErrorReason> {
  get status(): number {
    return HELPER_ERROR_STATUS[this.reason];
  }
}

/** An error of the ad listing (7.3): a status above 200 and `{reason, message}`. */
export class ListingError extends ReasonedError<ListingErrorReason> {
  constructor(reason: ListingErrorReason, message: string = LISTING_ERRORS[reason]) {
    super(reason, message);
  }
}

/** An error of the notification configuration endpoints, in the sandbox's chosen format (4.6). */
export class NotificationError extends ReasonedError<NotificationErrorReason> {
  get status(): number {
    return NOTIFICATION_ERROR_STATUS[this.reason];
  }
}
