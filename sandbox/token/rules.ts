import { CODE_LIFETIME_MS } from '../../spec/limits.js';
import type { TokenError } from '../../spec/errors.js';
import type { ErrorAnswer, Failure } from '../http/error-answer.js';
import type { Scope } from '../scopes.js';
import type { AuthorizationCode, CodeStore } from '../store/codes.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CLIENT_AUTHENTICATION_RULES } from './authenticate-client.js';
import { BASIC_CHALLENGE, BasicAuthenticationFailed } from './basic-auth.js';
import { CODE_CHECKS } from './check-code.js';
import { FORM_CHECKS } from './check-form.js';
import { GRANT_TYPE_CHECKS } from './check-grant-type.js';
import { SCOPE_CHECKS } from './check-scope.js';
import type { TokenMethod, TokenReply } from './exchange.js';
import { tokenExchange } from './pipeline.js';
import { usePost, type Issued, type TokenResponse } from './respond.js';

/** R4.2-01: POST is the exchange; another method is a 7.2 invalid_request. */
const postExchanges: TokenMethod = (call, exchange) => exchange(call);
const getRefused: TokenMethod = (call) => usePost(call);

/** R3-02: a failed request leaves the code it carried as it was. */
const codeLeftAsItWas: (request: FastifyRequest, codes: CodeStore) => void = () => undefined;

/** RFC 6749 5.1: `scope` is optional when the grant is what was asked, and the reference leaves it out. */
const scopeNotNamed: (
  code: AuthorizationCode,
  scopes: readonly Scope[],
) => Readonly<Record<string, unknown>> = () => ({});

/** The success response as sent (the reference sends it as its rules shaped it). */
const tokenSentAsShaped: (response: TokenResponse, issued: Issued) => TokenResponse = (response) => response;

/** The error response as sent (the reference sends the 7.2 answer). */
const errorSentAsShaped: (answer: ErrorAnswer, request: FastifyRequest, error: TokenError) => ErrorAnswer = (
  answer,
) => answer;

/** A failure before the endpoint ran (an oversized or unparsable body): the reference answers 7.2. */
const noOtherLayer: (failure: Failure) => ErrorAnswer | undefined = () => undefined;

/** The code and its redemption (2.2). */
const REDEMPTION = {
  /** 4.2, 7.2: the checks of the exchange, in their declared order (pipeline.ts). */
  exchangeOrder: tokenExchange,
  /** R2.2-03: a code is single use; the exchange that gives a token marks it used. */
  markUsed: (code: AuthorizationCode): void => {
    code.used = true;
  },
  /** R2.2-02, R8-02: a code lives ten minutes. */
  codeLifetimeMs: (): number => CODE_LIFETIME_MS,
  /** R2.2-03: the checks and the use of the code are one synchronous step. */
  redemption: (issue: () => FastifyReply): TokenReply => issue(),
  afterRefusal: codeLeftAsItWas,
};

/** 2.3, 4.2 and 7.2: how every answer of the endpoint is shaped. */
const RESPONSES = {
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
  grantedScope: scopeNotNamed,
  /** R4.2-06: success is 200. */
  successStatus: (): number => 200,
  tokenResponse: tokenSentAsShaped,
  /** R7.2-01: `{error}`, with a description. */
  errorBody: (error: TokenError): Readonly<Record<string, unknown>> => ({ ...error.toBody() }),
  /** R4.2-10, R7.2-01: 400; RFC 6749 5.2: 401 for a failed Basic authentication. */
  errorStatus: (error: TokenError, status: number): number =>
    error instanceof BasicAuthenticationFailed ? 401 : status,
  /** RFC 6749 5.2: a failed Basic authentication names the scheme in WWW-Authenticate. */
  errorChallenge: (error: TokenError): Readonly<Record<string, string>> =>
    error instanceof BasicAuthenticationFailed ? { 'www-authenticate': BASIC_CHALLENGE } : {},
  errorResponse: errorSentAsShaped,
  otherLayerAnswer: noOtherLayer,
};

/**
 * The token area's rules (2.2, 2.3, 4.2, 7.2: POST /oauth/token), by name: the reference
 * behaviour, which faults and variants patch (rules/patch.ts).
 */
export const TOKEN_RULES = {
  answerPost: postExchanges,
  answerGet: getRefused,
  ...FORM_CHECKS,
  ...GRANT_TYPE_CHECKS,
  ...CLIENT_AUTHENTICATION_RULES,
  ...CODE_CHECKS,
  ...SCOPE_CHECKS,
  ...REDEMPTION,
  ...RESPONSES,
};
