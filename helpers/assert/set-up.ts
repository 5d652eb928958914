import { parseJsonBody, type HttpExchange } from '../record/exchange.js';
import { describeExchange } from '../report/describe-exchange.js';
import { redactText } from '../report/redact.js';
import { SET_UP_FAILED } from '../target/broken-environment.js';

/**
 * "One deviation, one red test": a step that only prepares a test (getting a code or a token,
 * seeding, registering) checks nothing that another test checks. When it truly cannot go on (no
 * code came back, no token in the answer), the test ends as broken, naming the step: the test's
 * own requirement was never reached, so it is not reported as failed. Playwright prefixes the
 * error's name to its message, so the headline reads "Set-up could not proceed: <step>", which
 * the Allure category, the results post-processing and the run summary recognise (its name and
 * pattern are in ../target/broken-environment.ts, beside the broken environment's, for the reporters).
 */
export class SetUpError extends Error {
  /** `step` says what was being prepared; `details` what came back instead (redacted). */
  constructor(
    readonly step: string,
    details?: string,
  ) {
    super(details === undefined ? step : `${step}\n${redactText(details)}`);
    this.name = SET_UP_FAILED;
  }
}

/**
 * The access token of a token answer used as set-up: any answer that carries a string
 * `access_token` will do. Its status, headers and other fields are what the token tests check.
 */
export function setUpToken(exchange: HttpExchange, step: string): string {
  const token = fieldOf(parseJsonBody(exchange), 'access_token');
  if (typeof token === 'string' && token !== '') return token;
  throw new SetUpError(
    step,
    `the token endpoint answered HTTP ${exchange.response.status} without a string access_token\n${describeExchange(exchange)}`,
  );
}

/**
 * The id of a notification configuration created as set-up: any 2xx answer with a string `id`
 * will do. Its fields and their schema are what the configuration tests check (2.7, 4.6).
 */
export function setUpConfiguration(
  exchange: HttpExchange,
  step = 'creating a notification configuration',
): {
  id: string;
} {
  const { status } = exchange.response;
  const id = fieldOf(parseJsonBody(exchange), 'id');
  if (status >= 200 && status < 300 && typeof id === 'string' && id !== '') return { id };
  throw new SetUpError(
    step,
    `the create answered HTTP ${status} without a string id\n${describeExchange(exchange)}`,
  );
}

function fieldOf(body: unknown, name: string): unknown {
  return body !== null && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
}
