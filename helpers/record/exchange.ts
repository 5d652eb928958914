import { redactBody, redactHeaderValue, redactUrl } from '../report/redact.js';

export type HeaderMap = Record<string, string | string[] | undefined>;

export interface HttpRequestRecord {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

export interface HttpResponseRecord {
  status: number;
  headers: HeaderMap;
  body: string;
}

/** One HTTP request and what came back: the unit every assertion shows when it fails. */
export interface HttpExchange {
  request: HttpRequestRecord;
  response: HttpResponseRecord;
  durationMs: number;
}

export function headerValue(headers: HeaderMap, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** A 2xx: where the spec shows no status, any success status will do (openapi.yaml says 2XX). */
export function isSuccess(status: number): boolean {
  return status >= 200 && status <= 299;
}

export function parseJsonBody(exchange: HttpExchange): unknown {
  try {
    return JSON.parse(exchange.response.body) as unknown;
  } catch {
    return undefined;
  }
}

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
