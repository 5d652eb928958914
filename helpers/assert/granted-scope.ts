import { test } from '@playwright/test';
import { parseJsonBody, type HttpExchange } from '../record/exchange.js';

/**
 * The scope values a token answer grants: its `scope` when it names one, else the scope asked for
 * (RFC 6749 5.1: the server names the granted scope when it differs from the request).
 */
export function grantedScope(exchange: HttpExchange, requested: string): string[] {
  const body = parseJsonBody(exchange) as { scope?: unknown } | undefined;
  return (typeof body?.scope === 'string' ? body.scope : requested)
    .split(' ')
    .filter((value) => value !== '');
}

/**
 * 5 rule 2 (RFC 6749 3.3): the server may grant more than was asked, by its policy, and say so in
 * the token answer. A check that needs a token lacking one of `withheld` cannot be made when the
 * answer grants it: the test is skipped, naming the granted scope and `consequence` (why it stops
 * the check), rather than failing a correct server or passing unchecked.
 */
export function skipWhenGranted(
  exchange: HttpExchange,
  requested: string,
  withheld: readonly string[],
  consequence: string,
): void {
  const granted = grantedScope(exchange, requested).filter((value) => withheld.includes(value));
  test.skip(
    granted.length > 0,
    `the token asked for "${requested}" was granted ${granted.join(' and ')} (5 rule 2), ${consequence}`,
  );
}
