import type { TokenError } from '../../spec/errors.js';
import type { Scope } from '../../spec/scopes.js';
import type { AuthorizationCode } from '../store/codes.js';
import { BASIC_CHALLENGE, BasicAuthenticationFailed } from './basic-auth.js';

/** A token response before it is sent: the body still an object, so that rules can reshape it. */
export interface TokenResponse {
  status: number;
  headers: Readonly<Record<string, string>>;
  body: Readonly<Record<string, unknown>>;
}

/** What a successful exchange issued, for the rules that shape its response. */
export interface Issued {
  accessToken: string;
  code: AuthorizationCode;
  scopes: readonly Scope[];
}

/** 2.3, 4.2 and 7.2: how every answer of the endpoint is shaped. */
export const RESPONSE_RULES = {
  /** R4.2-07 to R4.2-09, R7.2-02 to R7.2-04: the three headers of every token response. */
  tokenHeaders: (): Readonly<Record<string, string>> => ({
    'content-type': 'application/json;charset=UTF-8',
    'cache-control': 'no-store',
    pragma: 'no-cache',
  }),
  /** R2.3-01, R2.3-02, R5-03: `access_token`, and `token_type` Bearer. */
  tokenBody: (accessToken: string): Readonly<Record<string, unknown>> => ({
    access_token: accessToken,
    token_type: 'Bearer',
  }),
  /** R7.2-01: `{error}`, with a description. */
  errorBody: (error: TokenError): Readonly<Record<string, unknown>> => ({ ...error.toBody() }),
  /** R4.2-10, R7.2-01: 400; RFC 6749 5.2: 401 for a failed Basic authentication. */
  errorStatus: (error: TokenError, status: number): number =>
    error instanceof BasicAuthenticationFailed ? 401 : status,
  /** RFC 6749 5.2: a failed Basic authentication names the scheme in WWW-Authenticate. */
  errorChallenge: (error: TokenError): Readonly<Record<string, string>> =>
    error instanceof BasicAuthenticationFailed ? { 'www-authenticate': BASIC_CHALLENGE } : {},
};
