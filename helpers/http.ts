import { readFileSync } from 'node:fs';
import { Agent, request, type Dispatcher } from 'undici';
import type { HttpExchange } from './exchange.js';
import { reportExchange } from './report.js';

/** Every request has a bounded timeout: a silent target must fail a test, not hang the run. */
const REQUEST_TIMEOUT_MS = 15_000;

export interface HttpRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'HEAD' | 'OPTIONS';
  url: string;
  headers?: Record<string, string>;
  body?: string;
  /** Leaves the exchange out of the report: crawls make hundreds, and a failure shows its own. */
  quiet?: boolean;
}

/** A connection-level failure (refused, reset, timed out): the environment, not the API. */
export class TargetUnreachableError extends Error {
  constructor(
    readonly url: string,
    cause: unknown,
  ) {
    super(`Could not reach ${url}: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'TargetUnreachableError';
  }
}

/** HTTP client for the target: never follows redirects, trusts TLS_CA_FILE, records every exchange. */
export class HttpClient {
  private readonly dispatcher: Dispatcher;

  constructor(options: { caFile?: string | undefined }) {
    const ca = options.caFile === undefined ? undefined : readFileSync(options.caFile, 'utf8');
    this.dispatcher = new Agent({
      connect: ca === undefined ? {} : { ca },
      headersTimeout: REQUEST_TIMEOUT_MS,
      bodyTimeout: REQUEST_TIMEOUT_MS,
    });
  }

  async send(req: HttpRequest): Promise<HttpExchange> {
    const headers = lowerCaseKeys(req.headers ?? {});
    const started = performance.now();
    let response: Dispatcher.ResponseData;
    try {
      response = await request(req.url, {
        method: req.method,
        headers,
        body: req.body ?? null,
        dispatcher: this.dispatcher,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new TargetUnreachableError(req.url, error);
    }
    const body = await response.body.text();
    const exchange: HttpExchange = {
      request: {
        method: req.method,
        url: req.url,
        headers,
        ...(req.body === undefined ? {} : { body: req.body }),
      },
      response: { status: response.statusCode, headers: response.headers, body },
      durationMs: performance.now() - started,
    };
    if (req.quiet !== true) await reportExchange(exchange);
    return exchange;
  }

  async close(): Promise<void> {
    await this.dispatcher.close();
  }
}

function lowerCaseKeys(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}
