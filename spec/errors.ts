/**
 * The error vocabulary of the specification, declared once per code: the family it belongs to
 * (which fixes the format of the answer), the HTTP status where the spec or the contract gives one,
 * the condition in the spec's words, and the exact message where the spec fixes it. The sandbox
 * sends these values and the suite's assertions expect them, so a code can never be spelled two
 * ways. Modelled on node-oidc-provider's errors and fastify's errors.js: one line a code.
 */

/**
 * How a family's errors are answered: `redirect` back to the client with `error` and `state` in
 * the query (7.1), `oauth-json` `{error, error_description?}` (7.2), `reasoned-json`
 * `{reason, message}` (7.3, the contract's test helpers, the sandbox's notification endpoints and
 * basic user info), `catalog-json` `{status: "error", reason, message}` (the sandbox's catalogs).
 */
export type ErrorFormat = 'redirect' | 'oauth-json' | 'reasoned-json' | 'catalog-json';

/** One error code: its status (`null`: not shown, any status the family allows), when, and message. */
export interface ErrorDeclaration {
  readonly status: number | null;
  readonly condition: string;
  readonly message?: string | undefined;
}

function E<const Status extends number | null, const Message extends string | undefined = undefined>(
  status: Status,
  condition: string,
  message?: Message,
): { readonly status: Status; readonly condition: string; readonly message: Message } {
  return { status, condition, message: message as Message };
}

/** Section 7.1: `error` values the authorization endpoint sends on a redirect (no status of its own). */
export const AUTHORIZATION_ERRORS = {
  invalid_request: E(null, 'required parameter missing, invalid parameter, or malformed request'),
  unauthorized_client: E(null, 'client not allowed to request a code by this method'),
  access_denied: E(null, 'user or server denied the request'),
  unsupported_response_type: E(null, 'server does not support obtaining a code this way'),
  invalid_scope: E(null, 'requested scope invalid, unknown or malformed'),
  temporarily_unavailable: E(null, 'server temporarily unavailable (maintenance or overload)'),
  server_error: E(null, 'unexpected condition'),
} as const;

/** Section 7.2: `error` values of the token endpoint, always HTTP 400. */
export const TOKEN_ERRORS = {
  invalid_request: E(
    400,
    'required parameter missing, unsupported or repeated parameter, multiple credentials, or malformed',
  ),
  invalid_client: E(400, 'client authentication failed'),
  invalid_grant: E(
    400,
    'code invalid, expired or revoked; redirect URI differs; code issued to another client',
  ),
  unauthorized_client: E(400, 'the authenticated client may not use this grant type'),
  unsupported_grant_type: E(400, 'grant type not supported'),
  invalid_scope: E(400, 'requested scope invalid, unknown, or exceeds the scope granted by the user'),
} as const;

/** Section 7.3: `reason` and exact `message` of the ad-listing errors; statuses not shown (above 200). */
export const LISTING_ERROR_DECLARATIONS = {
  BAD_REQUEST: E(null, 'header Authorization missing', 'Check the header field(s)'),
  ACCESS_DENIED: E(null, 'token invalid', 'Check the client authentication token'),
  ACCESS_SCOPE_DENIED: E(
    null,
    'scope not allowed',
    'Check the client authentication if scope configuration is correct.',
  ),
  RATE_LIMIT: E(
    null,
    'client exceeds the allowed requests per second',
    'You have exceeded the X requests in X seconds limit!',
  ),
  UNEXPECTED_INTERNAL_ERROR: E(
    null,
    'unexpected internal error',
    'Unexpected internal error. Try again later',
  ),
} as const;

/** Contract section 2: errors of the test-helper protocol, with their fixed statuses. */
export const HELPER_ERRORS = {
  ACCESS_DENIED: E(401, 'X-Sandbox-Key missing or wrong'),
  BAD_REQUEST: E(400, 'a body or parameter the helper cannot use'),
  NOT_FOUND: E(404, 'no such user, client or ad'),
} as const;

/**
 * The notification endpoints (4.6): the spec shows neither their statuses nor their error bodies.
 * These are the embedded sandbox's reasons, `{reason, message}`; the suite accepts any non-2xx. No
 * status here: the spec fixes none, the sandbox picks it (sandbox/http/error-status.ts).
 */
export const NOTIFICATION_ERRORS = {
  BAD_REQUEST: E(null, 'a field missing or invalid'),
  ACCESS_DENIED: E(null, 'token missing or invalid'),
  ACCESS_SCOPE_DENIED: E(null, 'the token lacks autoservice'),
  NOT_FOUND: E(null, 'no such configuration of this user'),
} as const;

/** Basic user info (4.3): the spec shows no error; the sandbox's reasons, its statuses its own. */
export const BASIC_INFO_ERRORS = {
  ACCESS_DENIED: E(null, 'access_token missing or invalid, or its user gone'),
  ACCESS_SCOPE_DENIED: E(null, 'the token lacks basic_user_info'),
} as const;

/** The catalogs (4.5): the spec shows no error; the sandbox's reasons, its statuses its own. */
export const CATALOG_ERRORS = {
  ACCESS_DENIED: E(null, 'access_token missing or invalid'),
  BAD_REQUEST: E(null, 'an id that is not a positive integer'),
  NOT_FOUND: E(null, 'no such brand or model'),
} as const;

/** Every family with the format its answers take. */
export const ERROR_FAMILIES = {
  authorization: { section: '7.1', format: 'redirect', errors: AUTHORIZATION_ERRORS },
  token: { section: '7.2', format: 'oauth-json', errors: TOKEN_ERRORS },
  listing: { section: '7.3', format: 'reasoned-json', errors: LISTING_ERROR_DECLARATIONS },
  helper: { section: 'contract 2', format: 'reasoned-json', errors: HELPER_ERRORS },
  notification: { section: '4.6 (not shown)', format: 'reasoned-json', errors: NOTIFICATION_ERRORS },
  basicInfo: { section: '4.3 (not shown)', format: 'reasoned-json', errors: BASIC_INFO_ERRORS },
  catalog: { section: '4.5 (not shown)', format: 'catalog-json', errors: CATALOG_ERRORS },
} as const satisfies Record<
  string,
  { section: string; format: ErrorFormat; errors: Record<string, ErrorDeclaration> }
>;

export type AuthorizationErrorCode = keyof typeof AUTHORIZATION_ERRORS;
export type TokenErrorCode = keyof typeof TOKEN_ERRORS;
export type ListingErrorReason = keyof typeof LISTING_ERROR_DECLARATIONS;
export type HelperErrorReason = keyof typeof HELPER_ERRORS;
export type NotificationErrorReason = keyof typeof NOTIFICATION_ERRORS;
export type BasicInfoErrorReason = keyof typeof BASIC_INFO_ERRORS;
export type CatalogErrorReason = keyof typeof CATALOG_ERRORS;
export type ErrorFamily = keyof typeof ERROR_FAMILIES;
/** The codes of a family (of each family of a union). */
export type CodeOf<Family extends ErrorFamily> = Family extends ErrorFamily
  ? keyof (typeof ERROR_FAMILIES)[Family]['errors'] & string
  : never;

const codesOf = <Code extends string>(errors: Readonly<Record<Code, ErrorDeclaration>>): readonly Code[] =>
  Object.keys(errors) as Code[];

export const AUTHORIZATION_ERROR_CODES = codesOf(AUTHORIZATION_ERRORS);
export const TOKEN_ERROR_CODES = codesOf(TOKEN_ERRORS);

/** 7.3's exact message of each listing reason. */
export const LISTING_ERRORS = Object.fromEntries(
  codesOf(LISTING_ERROR_DECLARATIONS).map((reason) => [reason, LISTING_ERROR_DECLARATIONS[reason].message]),
) as { readonly [Reason in ListingErrorReason]: (typeof LISTING_ERROR_DECLARATIONS)[Reason]['message'] };

export interface TokenErrorBody {
  error: TokenErrorCode;
  error_description?: string;
}

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

export interface ReasonedErrorBody<R extends string = string> {
  reason: R;
  message: string;
}

/**
 * The one error base (fastify's lib/errors.js: every error a row of one table): the family, which
 * fixes the answer's format; the code, a row of that family; the status the spec or the contract
 * fixes for the row (null: the spec fixes none, the server chooses); the body in the family's format.
 */
export abstract class ApiError<Family extends ErrorFamily = ErrorFamily> extends Error {
  constructor(
    readonly family: Family,
    readonly code: CodeOf<Family>,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }

  /** The status of this row in ERROR_FAMILIES; null where the spec leaves it to the server. */
  get status(): number | null {
    const errors: Readonly<Record<string, ErrorDeclaration>> = ERROR_FAMILIES[this.family].errors;
    return errors[this.code]?.status ?? null;
  }

  get format(): ErrorFormat {
    return ERROR_FAMILIES[this.family].format;
  }

  abstract toBody(): object;
}

/** Whether an error is one of these families' (a route answers only its own families' errors). */
export function isApiError<Family extends ErrorFamily>(
  error: unknown,
  ...families: readonly Family[]
): error is ApiError<Family> {
  if (!(error instanceof ApiError)) return false;
  const { family } = error as ApiError;
  return (families as readonly ErrorFamily[]).includes(family);
}

/** An error the authorization endpoint reports by redirecting back to the client. */
export class AuthorizationError extends ApiError<'authorization'> {
  constructor(
    code: AuthorizationErrorCode,
    readonly description?: string,
  ) {
    super('authorization', code, description ?? code);
  }

  toBody(): { error: AuthorizationErrorCode; error_description?: string } {
    return this.description === undefined
      ? { error: this.code }
      : { error: this.code, error_description: this.description };
  }
}

/** An error of the token endpoint: HTTP 400 with `{error}`. */
export class TokenError extends ApiError<'token'> {
  constructor(
    code: TokenErrorCode,
    readonly description?: string,
  ) {
    super('token', code, description ?? code);
  }

  override get status(): number {
    return TOKEN_ERRORS[this.code].status;
  }

  toBody(): TokenErrorBody {
    return this.description === undefined
      ? { error: this.code }
      : { error: this.code, error_description: this.description };
  }
}

/** An error whose body is `{reason, message}`: the test helpers, the listing, notifications, basic info. */
abstract class ReasonedError<Family extends ErrorFamily> extends ApiError<Family> {
  get reason(): CodeOf<Family> {
    return this.code;
  }

  toBody(): ReasonedErrorBody<CodeOf<Family>> {
    return { reason: this.code, message: this.message };
  }
}

/** An error of the test-helper protocol (contract section 2), with the contract's status. */
export class HelperError extends ReasonedError<'helper'> {
  constructor(reason: HelperErrorReason, message: string) {
    super('helper', reason, message);
  }

  override get status(): number {
    return HELPER_ERRORS[this.code].status;
  }
}

/** An error of the ad listing (7.3): a status above 200 (the server's choice) and `{reason, message}`. */
export class ListingError extends ReasonedError<'listing'> {
  constructor(reason: ListingErrorReason, message: string = LISTING_ERRORS[reason]) {
    super('listing', reason, message);
  }
}

/** An error of the notification configuration endpoints, in the sandbox's chosen format (4.6). */
export class NotificationError extends ReasonedError<'notification'> {
  constructor(reason: NotificationErrorReason, message: string) {
    super('notification', reason, message);
  }
}

/** A refusal of basic user info (4.3 shows none): `{reason, message}`. */
export class BasicInfoError extends ReasonedError<'basicInfo'> {
  constructor(reason: BasicInfoErrorReason, message: string) {
    super('basicInfo', reason, message);
  }
}

/** A refusal of a catalog lookup (4.5 shows none): `{status: "error", reason, message}`. */
export class CatalogError extends ApiError<'catalog'> {
  constructor(reason: CatalogErrorReason, message: string) {
    super('catalog', reason, message);
  }

  toBody(): { status: 'error'; reason: CatalogErrorReason; message: string } {
    return { status: 'error', reason: this.code, message: this.message };
  }
}
