// The record of one HTTP exchange with the target and the plain readers of it: the lowest floor of
// helpers/, imported by the clients that make exchanges, the report that shows them and the
// assertions that read them. Its redacted description is in ../report/describe-exchange.ts.

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
  /**
   * How many attempts of this request met an edge before it (helpers/clients/edge-retry.ts):
   * a write one of them passed on may already have been applied. Unset: the first attempt.
   */
  afterEdgeAttempts?: number;
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
