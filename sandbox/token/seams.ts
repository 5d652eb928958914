import type { TokenError } from '../../spec/errors.js';
import type { ErrorAnswer, Failure } from '../http/error-answer.js';
import type { Scope } from '../../spec/scopes.js';
import type { AuthorizationCode, CodeStore } from '../store/codes.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TokenCheck, TokenMethod, TokenReply } from './exchange.js';
import { tokenExchange } from './pipeline.js';
import type { Issued, TokenResponse } from './responses.js';

/** The reference runs the exchange for a POST. */
const postExchanges: TokenMethod = (call, exchange) => exchange(call);

/** R4.2-11 needs nothing done: the checks after it read only the fields 4.2 defines. */
const unknownParametersIgnored: TokenCheck = () => undefined;

/** The reference leaves the code a failed request carried as it was (R3-02). */
const codeLeftAsItWas: (request: FastifyRequest, codes: CodeStore) => void = () => undefined;

/** RFC 6749 5.1: `scope` is optional when the grant is what was asked; the reference leaves it out. */
const scopeNotNamed: (
  code: AuthorizationCode,
  scopes: readonly Scope[],
) => Readonly<Record<string, unknown>> = () => ({});

/** The reference sends the success response as the rules shaped it. */
const tokenSentAsShaped: (response: TokenResponse, issued: Issued) => TokenResponse = (response) => response;

/** The reference sends the 7.2 answer as the rules shaped it. */
const errorSentAsShaped: (answer: ErrorAnswer, request: FastifyRequest, error: TokenError) => ErrorAnswer = (
  answer,
) => answer;

/** A failure before the endpoint ran (an oversized or unparsable body): the reference answers 7.2. */
const noOtherLayer: (failure: Failure) => ErrorAnswer | undefined = () => undefined;

/**
 * The places of the token endpoint where a fault or a variant bends it. The reference does
 * nothing here: each seam passes its argument on, adds nothing or gives the one value the spec
 * fixes; the spec's checks and shapes are the area's rules (rules.ts). A patch names a seam as it
 * names a rule.
 */
export const TOKEN_SEAMS = {
  answerPost: postExchanges,
  /** 4.2, 7.2: the checks of the exchange in the order pipeline.ts declares them. */
  exchangeOrder: tokenExchange,
  unknownParametersIgnored,
  /** R2.2-03: the reference runs the checks and the use of the code as one synchronous step. */
  redemption: (issue: () => FastifyReply): TokenReply => issue(),
  afterRefusal: codeLeftAsItWas,
  grantedScope: scopeNotNamed,
  /** R4.2-06: success is 200. */
  successStatus: (): number => 200,
  tokenResponse: tokenSentAsShaped,
  errorResponse: errorSentAsShaped,
  otherLayerAnswer: noOtherLayer,
};
