import { headerValue, parseJsonBody, type HttpExchange } from '../record/exchange.js';
import { verify } from './verify.js';

/** A JSON media type (RFC 8259 11, RFC 6839 3.1): application/json or a +json suffix; parameters aside. */
export function isJsonMediaType(contentType: string | undefined): boolean {
  const mediaType = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return mediaType === 'application/json' || /^application\/[\w.+-]+\+json$/.test(mediaType);
}

/**
 * Section 4: "all bodies are JSON unless stated". An answer with a body carries JSON under a JSON
 * media type; an empty body (a 204, an update or delete whose body is not shown) has nothing to check.
 */
export function expectJsonBody(exchange: HttpExchange, ids: readonly string[], what: string): void {
  if (exchange.response.body === '') return;
  const contentType = headerValue(exchange.response.headers, 'content-type');
  verify(
    parseJsonBody(exchange) !== undefined,
    ['R4-01', ...ids],
    `a JSON body from ${what}`,
    'a body that is not JSON',
    exchange,
  );
  verify(
    isJsonMediaType(contentType),
    ['R4-01', ...ids],
    `a JSON media type (application/json) on the answer of ${what}`,
    `Content-Type: ${contentType ?? '(absent)'}`,
    exchange,
  );
}
