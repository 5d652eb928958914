import type { TokenErrorCode } from '../../spec/errors.js';
import { headerValue, parseJsonBody, type HttpExchange } from '../record/exchange.js';
import { schemaViolations } from './schemas.js';
import { idsOrCovered, type RequirementIds } from './covered.js';
import { verify } from './verify.js';

/** `application/json;charset=UTF-8`, compared as HTTP compares media types (RFC 9110 8.3.1). */
export function isJsonUtf8(contentType: string | undefined): boolean {
  if (!isJsonMediaType(contentType)) return false;
  const parameters = (contentType ?? '').split(';').map((part) => part.trim().toLowerCase());
  const charset = parameters.find((parameter) => parameter.startsWith('charset='))?.slice('charset='.length);
  return charset?.replace(/"/g, '') === 'utf-8';
}

/**
 * The media type application/json, whatever its parameters: the requirement. RFC 8259 gives the
 * charset parameter no meaning (JSON is UTF-8), so the exact header of 4.2/7.2 is advisory.
 */
export function isJsonMediaType(contentType: string | undefined): boolean {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() === 'application/json';
}

function directives(value: string | undefined): string[] {
  return (value ?? '').split(',').map((part) => part.trim().toLowerCase());
}

const HEADER_IDS = {
  success: { contentType: 'R4.2-07', cacheControl: 'R4.2-08', pragma: 'R4.2-09' },
  failure: { contentType: 'R7.2-02', cacheControl: 'R7.2-03', pragma: 'R7.2-04' },
} as const;

/**
 * The three headers 4.2 and 7.2 demand on every token response. Checked by the tests of those
 * headers only (one deviation, one red test): the status and body helpers below leave them alone.
 */
export function expectTokenHeaders(exchange: HttpExchange, outcome: 'success' | 'failure'): void {
  const ids = HEADER_IDS[outcome];
  const { headers } = exchange.response;
  const contentType = headerValue(headers, 'content-type');
  verify(
    isJsonMediaType(contentType),
    ids.contentType,
    'Content-Type: application/json (the charset=UTF-8 parameter is checked by the advisory project)',
    `Content-Type: ${contentType ?? '(absent)'}`,
    exchange,
  );
  const cacheControl = headerValue(headers, 'cache-control');
  verify(
    directives(cacheControl).includes('no-store'),
    ids.cacheControl,
    'Cache-Control with the no-store directive',
    `Cache-Control: ${cacheControl ?? '(absent)'}`,
    exchange,
  );
  const pragma = headerValue(headers, 'pragma');
  verify(
    directives(pragma).includes('no-cache'),
    ids.pragma,
    'Pragma: no-cache',
    `Pragma: ${pragma ?? '(absent)'}`,
    exchange,
  );
}

export interface IssuedToken {
  accessToken: string;
  tokenType: string;
}

/**
 * A successful exchange per 4.2 and 2.3: 200, the schema (the headers: expectTokenHeaders). Returns the token.
 * `extraIds` name what the caller relies on the token for: they join the status and body checks.
 */
export function expectTokenSuccess(exchange: HttpExchange, extraIds: readonly string[] = []): IssuedToken {
  const { status } = exchange.response;
  verify(
    status === 200,
    ['R4.2-06', ...extraIds],
    'HTTP 200 with an access token',
    `HTTP ${status}`,
    exchange,
  );
  const body = parseJsonBody(exchange);
  verify(body !== undefined, ['R4.2-06', ...extraIds], 'a JSON body', 'a body that is not JSON', exchange);
  const violations = schemaViolations('token-response', body);
  const schemaId = violations.some((line) => line.includes('token_type')) ? 'R2.3-02' : 'R2.3-01';
  verify(
    violations.length === 0,
    [schemaId, ...extraIds],
    'a body valid against schemas/openapi.yaml#/components/schemas/token-response',
    violations.join('; '),
    exchange,
  );
  const token = body as { access_token: string; token_type: string };
  return { accessToken: token.access_token, tokenType: token.token_type };
}

/**
 * A failed exchange per 7.2: HTTP 400, JSON `{error}` with one of the expected codes (the headers:
 * expectTokenHeaders).
 * `expected` lists every code a correct server may choose for this condition.
 */
export function expectTokenError(
  exchange: HttpExchange,
  expected: TokenErrorCode | readonly TokenErrorCode[],
  ids?: RequirementIds,
): TokenErrorCode {
  const codes: readonly TokenErrorCode[] = typeof expected === 'string' ? [expected] : expected;
  const idList = idsOrCovered(ids);
  const wanted = codes.join(' or ');
  const { status } = exchange.response;
  verify(
    status !== 200 || parseJsonBody(exchange) === undefined || !hasAccessToken(exchange),
    idList,
    `a refusal with error ${wanted}`,
    'an access token was issued',
    exchange,
  );
  // RFC 6749 5.2: a client that authenticated with the Authorization header gets 401 instead.
  const sentAuthorization = Object.keys(exchange.request.headers).some(
    (name) => name.toLowerCase() === 'authorization',
  );
  verify(
    status === 400 || (status === 401 && sentAuthorization),
    ['R4.2-10', 'R7.2-01', ...idList],
    `HTTP 400 with error ${wanted}${sentAuthorization ? ' (or 401 invalid_client with WWW-Authenticate: the request carried an Authorization header, RFC 6749 5.2)' : ''}`,
    `HTTP ${status}`,
    exchange,
  );
  const body = parseJsonBody(exchange);
  const violations = schemaViolations('token-error', body);
  verify(
    body !== undefined && violations.length === 0,
    ['R7.2-01', ...idList],
    'a JSON body {error} valid against schemas/openapi.yaml#/components/schemas/token-error',
    body === undefined ? 'a body that is not JSON' : violations.join('; '),
    exchange,
  );
  const code = (body as { error: TokenErrorCode }).error;
  verify(codes.includes(code), idList, `error ${wanted}`, `error ${code}`, exchange);
  if (status === 401) expectBasicChallenge(exchange, code);
  return code;
}

/** RFC 6749 5.2: the 401 of a failed header authentication is invalid_client with WWW-Authenticate. */
function expectBasicChallenge(exchange: HttpExchange, code: TokenErrorCode): void {
  const challenge = headerValue(exchange.response.headers, 'www-authenticate');
  verify(
    code === 'invalid_client' && challenge !== undefined && challenge.trim() !== '',
    ['R4.2-10', 'R7.2-01'],
    'HTTP 401 only for invalid_client, with a WWW-Authenticate challenge (RFC 6749 5.2)',
    `HTTP 401 error ${code}, WWW-Authenticate: ${challenge ?? '(absent)'}`,
    exchange,
  );
}

/**
 * A refusal that a correct server may also give in another layer than the token endpoint's 7.2
 * JSON (a proxy's 413 for an oversized body, 415 for a JSON body): with one of `otherLayer`'s
 * statuses it is enough that no token came back; any other answer is a 7.2 error as above.
 */
export function expectTokenRefusal(
  exchange: HttpExchange,
  expected: TokenErrorCode | readonly TokenErrorCode[],
  ids: string | readonly string[],
  otherLayer: readonly number[],
): void {
  if (!otherLayer.includes(exchange.response.status)) {
    expectTokenError(exchange, expected, ids);
    return;
  }
  verify(
    !hasAccessToken(exchange),
    typeof ids === 'string' ? [ids] : ids,
    `a refusal (HTTP ${otherLayer.join(' or ')} or a 7.2 error)`,
    'an access token was issued',
    exchange,
  );
}

function hasAccessToken(exchange: HttpExchange): boolean {
  const body = parseJsonBody(exchange);
  return body !== null && typeof body === 'object' && 'access_token' in body;
}
