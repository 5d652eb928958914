import { test } from '@playwright/test';
import { BrokenEnvironmentError, whereOf } from '../target/broken-environment.js';
import { headerValue, type HttpExchange } from '../record/exchange.js';
import { describeExchange } from '../report/describe-exchange.js';
import { insideTest, testLocation } from '../report/report.js';

/**
 * "The edge is not a verdict": between the suite and the API there can be a CDN, a proxy
 * or a firewall (field notes), which answers now and then with its own page, resets a connection or
 * lets a request time out. Such an answer says nothing about the API. A request that is safe to send
 * again (a read or a lookup: the listing, the catalogs, basic user info, reading a notification
 * configuration, and its update and delete, idempotent by RFC 9110 9.2.2; never a code exchange,
 * whose code is single-use, nor a create) is
 * sent again after a short pause; what survives the retries ends the test as broken, as any single
 * exchange does.
 *
 * Why not undici's RetryAgent: it decides on the status and headers before the body is read (a JSON
 * 503 of the API and an HTML 503 of a gateway look alike there), it would retry the API's own JSON
 * 500 and 429 that tests must see, and its attempts never reach the report. Each attempt here is a
 * step of the report with its redacted exchange, quiet requests (crawl pages) included.
 */

/** Pauses before the second, third and fourth attempt: a hiccup passes, a dead edge costs ~5 s. */
export const EDGE_BACKOFF_MS: readonly number[] = [300, 1_000, 3_000];
/** No attempt starts after this long in all: a timeout takes 15 s per attempt. */
export const EDGE_RETRY_BUDGET_MS = 20_000;

/** An edge's error page stands where the API answers: statuses of firewalls and gateways (field notes). */
const EDGE_PAGE_STATUSES = [403, 404, 429, 502, 503, 504];
const GATEWAY_STATUSES = [502, 503, 504];

/** Whether a body is JSON: the API answers every read and lookup with JSON (spec 4). */
function isJson(body: string): boolean {
  try {
    JSON.parse(body);
    return true;
  } catch {
    return false;
  }
}

/**
 * Why an answer is the edge's, not the API's, or null when it may be the API's: a 502, 503 or 504
 * whose body is not JSON (a gateway), or a 403, 404 or 429 with an HTML page (a firewall, a CDN).
 */
export function edgeAnswerCause(exchange: HttpExchange): string | null {
  const { status, body, headers } = exchange.response;
  if (!EDGE_PAGE_STATUSES.includes(status)) return null;
  const html = /text\/html/i.test(headerValue(headers, 'content-type') ?? '');
  if (GATEWAY_STATUSES.includes(status) && !isJson(body))
    return `HTTP ${status} with ${html ? 'an HTML page' : 'a body that is not JSON'}`;
  return html && !isJson(body) ? `HTTP ${status} with an HTML page` : null;
}

/** What one attempt gave: an answer, or the broken-environment error a send threw. */
type Attempt = { exchange: HttpExchange } | { error: BrokenEnvironmentError & { exchange?: HttpExchange } };

async function attempt(send: () => Promise<HttpExchange>): Promise<Attempt> {
  try {
    return { exchange: await send() };
  } catch (error) {
    if (error instanceof BrokenEnvironmentError) return { error };
    throw error;
  }
}

/**
 * Sends a request that is safe to repeat until an answer may be the API's, at most
 * 1 + EDGE_BACKOFF_MS.length times within EDGE_RETRY_BUDGET_MS. The last attempt's outcome is
 * returned or thrown as it is: a gateway's page or an unreachable target is then broken (http.ts),
 * a firewall's 403 or 404 page goes to the test (an endpoint that is missing is reported so, plainly).
 */
export async function sendRepeatable(send: () => Promise<HttpExchange>, url: string): Promise<HttpExchange> {
  const started = Date.now();
  for (let index = 0; ; index += 1) {
    const outcome = await attempt(send);
    const cause =
      'error' in outcome ? outcome.error.message.split('\n')[0] : edgeAnswerCause(outcome.exchange);
    const pause = EDGE_BACKOFF_MS[index];
    if (cause === null || pause === undefined || Date.now() - started + pause > EDGE_RETRY_BUDGET_MS) {
      if ('error' in outcome) throw outcome.error;
      return index === 0 ? outcome.exchange : { ...outcome.exchange, afterEdgeAttempts: index };
    }
    const exchange = 'error' in outcome ? outcome.error.exchange : outcome.exchange;
    await reportEdgeAttempt(`${whereOf(url)}, attempt ${index + 1}: ${cause ?? ''}`, pause, exchange);
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}

/** Counted per worker, for the run's summary line of retries (see edgeRetries). */
let retries = 0;

/** How many edge answers this worker has sent again (the self-test reads it through the report). */
export function edgeRetries(): number {
  return retries;
}

/** One retried attempt as a step of the report, with its exchange (redacted) when there was one. */
async function reportEdgeAttempt(what: string, pauseMs: number, exchange?: HttpExchange): Promise<void> {
  retries += 1;
  if (!insideTest()) return;
  const title = `not the API's answer (${what}): sent again in ${pauseMs} ms`;
  await test.step(
    title,
    async () => {
      const body = exchange === undefined ? 'no answer (see the title)' : describeExchange(exchange);
      await test.info().attach(title, { body, contentType: 'text/plain' });
    },
    { location: testLocation() },
  );
  test.info().annotations.push({ type: 'edge retry', description: what });
}
