import { readFileSync } from 'node:fs';
import { Agent, request, type Dispatcher } from 'undici';
import {
  BrokenEnvironmentError,
  describeNetworkError,
  isGatewayPage,
  whereOf,
} from '../target/broken-environment.js';
import { headerValue, type HttpExchange } from '../record/exchange.js';
import { conformanceUserAgent } from '../target/user-agent.js';
import { edgeAnswerCause, sendRepeatable } from './edge-retry.js';
import { reportExchange } from '../report/report.js';
import { apiKindOf, recordOrigin } from '../report/origins.js';
import { observeExchange } from '../profile/exchange-observer.js';
import { registerRequestSecrets, registerResponseSecrets } from '../report/secret-harvest.js';
import { chargeRequest } from './request-meter.js';

/** Every request has a bounded timeout: a silent target must fail a test, not hang the run. */
export const REQUEST_TIMEOUT_MS = 15_000;

export interface HttpRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'HEAD' | 'OPTIONS';
  url: string;
  headers?: Record<string, string>;
  body?: string;
  /** Leaves the exchange out of the report: crawls make hundreds, and a failure shows its own. */
  quiet?: boolean;
  /** Safe to send again (a read, a lookup): an answer that is not the API's is retried (edge-retry.ts). */
  repeatable?: boolean;
  /** The caller sends it again itself after an edge's answer (a create, as a new configuration). */
  repeatedByCaller?: boolean;
  /**
   * A page of the login and consent flow, loaded as the browser would (the form flow): its origin
   * is listed with the browser's, as a login page may live on another host than the API.
   */
  page?: boolean;
}

/** A connection-level failure (refused, reset, timed out, TLS): the environment, not the API. */
export class TargetUnreachableError extends BrokenEnvironmentError {
  constructor(
    readonly url: string,
    cause: unknown,
  ) {
    // The query is left out: a test may put a secret there on purpose.
    super(`could not reach ${whereOf(url)}: ${describeNetworkError(cause)}`);
  }
}

/** A proxy's or gateway's HTML error page where the API should have answered. */
export class GatewayPageError extends BrokenEnvironmentError {
  constructor(
    readonly exchange: HttpExchange,
    /** Why the request was not sent again (a create: not idempotent); unset when it was repeatable. */
    notRepeated?: string,
  ) {
    const html = /text\/html/i.test(headerValue(exchange.response.headers, 'content-type') ?? '');
    super(
      `${whereOf(exchange.request.url)} answered ${exchange.response.status} with ${html ? 'an HTML page' : 'a body that is not JSON'} (a proxy or gateway, not the API)${notRepeated === undefined ? '' : `; ${notRepeated}`}`,
    );
  }
}

/** HTTP client for the target: never follows redirects, trusts TLS_CA_FILE, records every exchange. */
export class HttpClient {
  private readonly dispatcher: Dispatcher;
  private readonly timeoutMs: number;
  private readonly userAgent = conformanceUserAgent();
  /** Never a step of the running test: a client that works outside any test (a worker's own). */
  private readonly quiet: boolean;

  /** False for a client that reaches the suite's own servers (the receiver), never the target's. */
  private readonly recordsOrigins: boolean;

  constructor(options: {
    caFile?: string | undefined;
    timeoutMs?: number;
    quiet?: boolean;
    recordsOrigins?: boolean;
  }) {
    this.recordsOrigins = options.recordsOrigins ?? true;
    const ca = options.caFile === undefined ? undefined : readFileSync(options.caFile, 'utf8');
    this.timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
    this.quiet = options.quiet ?? false;
    this.dispatcher = new Agent({
      connect: { ...(ca === undefined ? {} : { ca }), timeout: this.timeoutMs },
      headersTimeout: this.timeoutMs,
      bodyTimeout: this.timeoutMs,
    });
  }

  send(req: HttpRequest): Promise<HttpExchange> {
    return req.repeatable === true ? sendRepeatable(() => this.sendOnce(req), req.url) : this.sendOnce(req);
  }

  private async sendOnce(req: HttpRequest): Promise<HttpExchange> {
    // Counted for a property that is sending it, or refused when its shrink budget is spent.
    chargeRequest();
    // A test's own User-Agent header wins over the suite's (helpers/target/user-agent.ts).
    const headers = lowerCaseKeys({ 'user-agent': this.userAgent, ...req.headers });
    // Before it is sent: a request that never reached a stray origin still proves where it went.
    if (this.recordsOrigins) recordOrigin(req.page === true ? 'browser' : apiKindOf(req.url), req.url);
    const started = performance.now();
    let response: Dispatcher.ResponseData;
    let body: string;
    try {
      response = await request(req.url, {
        method: req.method,
        headers,
        body: req.body ?? null,
        dispatcher: this.dispatcher,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      body = await response.body.text();
    } catch (error) {
      throw new TargetUnreachableError(req.url, error);
    }
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
    registerRequestSecrets(exchange.request);
    registerResponseSecrets(exchange.response);
    observeExchange(exchange);
    if (req.quiet !== true && !this.quiet) await reportExchange(exchange);
    if (isGatewayAnswer(exchange))
      throw new GatewayPageError(
        exchange,
        req.repeatable === true || req.repeatedByCaller === true ? undefined : notRepeatedWhy(req.method),
      );
    return exchange;
  }

  async close(): Promise<void> {
    await this.dispatcher.close();
  }
}

/** A gateway's answer (502, 503 or 504 with an HTML page, or a body that is not JSON) where the API should answer. */
function isGatewayAnswer(exchange: HttpExchange): boolean {
  const { status, headers } = exchange.response;
  return (
    isGatewayPage(status, headerValue(headers, 'content-type')) ||
    (status >= 502 && status <= 504 && edgeAnswerCause(exchange) !== null)
  );
}

/** Why a request that met an edge was not sent again (RFC 9110 9.2.2: only idempotent methods are). */
function notRepeatedWhy(method: HttpRequest['method']): string {
  return method === 'POST' || method === 'PATCH'
    ? `not sent again: a ${method} is not idempotent (RFC 9110 9.2.2), and the edge may have passed it on to the API`
    : `not sent again: this ${method} is not marked repeatable`;
}

function lowerCaseKeys(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}
