import { headerValue, type HttpExchange } from '../record/exchange.js';
import { redactBody, redactHeaderValue, redactUrl } from './redact.js';

const MAX_BODY_SHOWN = 4000;

/** The exchange as text, with every secret redacted: safe for reports and error messages. */
export function describeExchange(exchange: HttpExchange): string {
  const { request, response } = exchange;
  const requestHeaders = Object.entries(request.headers).map(
    ([name, value]) => `${name}: ${redactHeaderValue(name, value)}`,
  );
  const responseHeaders = Object.entries(response.headers).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value ?? '']).map((one) => `${name}: ${redactHeaderValue(name, one)}`),
  );
  const requestBody =
    request.body === undefined ? [] : ['', redactBody(request.body, request.headers['content-type'])];
  const responseBody = truncate(redactBody(response.body, headerValue(response.headers, 'content-type')));
  return [
    '--- request ---',
    `${request.method} ${redactUrl(request.url)}`,
    ...requestHeaders,
    ...requestBody,
    '--- response ---',
    `HTTP ${response.status} (${Math.round(exchange.durationMs)} ms)`,
    ...responseHeaders,
    '',
    responseBody,
  ].join('\n');
}

function truncate(text: string): string {
  return text.length > MAX_BODY_SHOWN
    ? `${text.slice(0, MAX_BODY_SHOWN)}\n... (${text.length - MAX_BODY_SHOWN} more characters)`
    : text;
}
