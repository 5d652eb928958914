import { LISTING_ERRORS, RATE_LIMIT_MESSAGE_PATTERN, type ListingErrorReason } from '../../spec/errors.js';
import { parseJsonBody, type HttpExchange } from '../record/exchange.js';
import { schemaViolations } from './schemas.js';
import { idsOrCovered, type RequirementIds } from './covered.js';
import { verify } from './verify.js';

export interface AdItem {
  id: string;
  list_id?: string;
  status: string;
}

export interface ListingPage {
  data: AdItem[];
  current_token?: string | null;
  next_token?: string | null;
}

/** A page per 4.4 and 2.5: HTTP 200, the schema (any status string is tolerated, section 3). */
export function expectListingPage(exchange: HttpExchange, ids: readonly string[] = []): ListingPage {
  const { status } = exchange.response;
  verify(status === 200, ['R4.4-07', ...ids], 'HTTP 200 with a listing page', `HTTP ${status}`, exchange);
  const body = parseJsonBody(exchange);
  const violations = schemaViolations('listing-page', body);
  const tooMany = violations.some((line) => line.includes('/data must NOT have more than'));
  verify(
    !tooMany,
    ['R2.5-01', 'R8-04', ...ids],
    'at most 200 items on a page',
    violations.join('; '),
    exchange,
  );
  const itemIds = violations.some((line) => /\/data\/\d+\/id|required property 'id'/.test(line))
    ? 'R2.5-04'
    : violations.some((line) => /status/.test(line))
      ? 'R2.5-06'
      : violations.some((line) => /list_id/.test(line))
        ? 'R2.5-05'
        : violations.some((line) => /next_token/.test(line))
          ? 'R2.5-03'
          : violations.some((line) => /current_token/.test(line))
            ? 'R2.5-02'
            : violations.some((line) => /\/data |required property 'data'/.test(line))
              ? 'R2.5-01'
              : 'R4.4-07';
  verify(
    violations.length === 0,
    [itemIds, ...ids],
    'a body valid against schemas/openapi.yaml#/components/schemas/listing-page',
    violations.join('; '),
    exchange,
  );
  return body as ListingPage;
}

/**
 * A listing error per 7.3: status above 200, JSON `{reason, message}` with the row's exact text
 * (for RATE_LIMIT, the message with numbers in place of X).
 */
export function expectListingError(
  exchange: HttpExchange,
  reason: ListingErrorReason,
  ids?: RequirementIds,
): void {
  const idList = idsOrCovered(ids);
  const { status } = exchange.response;
  verify(
    status > 200,
    ['R7.3-01', ...idList],
    `a status above 200 with reason ${reason}`,
    `HTTP ${status}`,
    exchange,
  );
  const body = parseJsonBody(exchange);
  const violations = schemaViolations('listing-error', body);
  verify(
    violations.length === 0,
    ['R7.3-01', ...idList],
    'a JSON body with string fields reason and message',
    body === undefined ? 'a body that is not JSON' : violations.join('; '),
    exchange,
  );
  const error = body as { reason: string; message: string };
  verify(error.reason === reason, idList, `reason ${reason}`, `reason ${error.reason}`, exchange);
  const messageHolds =
    reason === 'RATE_LIMIT'
      ? RATE_LIMIT_MESSAGE_PATTERN.test(error.message)
      : error.message === LISTING_ERRORS[reason];
  verify(
    messageHolds,
    idList,
    `message ${JSON.stringify(LISTING_ERRORS[reason])}${reason === 'RATE_LIMIT' ? ' with numbers for X' : ''}`,
    `message ${JSON.stringify(error.message)}`,
    exchange,
  );
}
