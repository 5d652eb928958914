import type { TokenErrorCode } from './errors.js';
import { headerValue, parseJsonBody, type HttpExchange } from './exchange.js';
import { schemaViolations } from './schemas.js';
import { verify } from './verify.js';

/** `application/json;charset=UTF-8`, compared as HTTP compares media types (RFC 9110 8.3.1). */
export function isJsonUtf8(contentType: string | undefined): boolean {
  if (contentType === undefined) return false;
  const [mediaType = '', ...parameters] = contentType.split(';').map((part) => part.trim().toLowerCase());
  const charset = parameters.find((parameter) => parameter.startsWith('charset='))?.slice('charset='.length);
  return mediaType === 'application/json' && charset?.replace(/"/g, '') === 'utf-8';
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
    isJsonUtf8(contentType),
    ids.contentType,
    'Content-Type: application/json;charset=UTF-8',
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
  ids: string | readonly string[],
): TokenErrorCode {
  const codes: readonly TokenErrorCode[] = typeof expected === 'string' ? [expected] : expected;
  const idList = typeof ids === 'string' ? [ids] : ids;
  const wanted = codes.join(' or ');
  const { status } = exchange.response;
  verify(
    status !== 200 || parseJsonBody(exchange) === undefined || !hasAccessToken(exchange),
    idList,
    `a refusal with error ${wanted}`,
    'an access token was issued',
    exchange,
  );
  verify(
    status === 400,
    ['R4.2-10', 'R7.2-01', ...idList],
    `HTTP 400 with error ${wanted}`,
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
  return code;
}

function hasAccessToken(exchange: HttpExchange): boolean {
  const body = parseJsonBody(exchange);
  return body !== null && typeof body === 'object' && 'access_token' in body;
}
