import { test, uniqueRedirectUri } from '../fixtures/index.js';
import { covers } from '../helpers/assert/covers.js';
import type { ControlClient } from '../helpers/clients/control-client.js';
import { parseJsonBody, type HttpExchange } from '../helpers/record/exchange.js';
import { verify } from '../helpers/assert/verify.js';

/**
 * Registration happens outside the API (2.1); on a sandbox the test helpers stand in for it, so
 * these tests run only where helpers exist and check the limits of 2.1 and 8 through them.
 */
/** Registers a client with `count` fresh redirect URIs through the helpers; skipped where there are none. */
async function register(control: ControlClient | null, count: number): Promise<HttpExchange> {
  test.skip(
    control === null,
    'registration is outside the API: needs the test helpers (SANDBOX_CONTROL_KEY)',
  );
  const uris = Array.from({ length: count }, () => uniqueRedirectUri());
  return (control as ControlClient).call('POST', '/clients', { redirect_uris: uris });
}

test.describe('2.1 / 8 Application registration', () => {
  for (const count of [1, 3]) {
    test(
      `a client with ${count} redirect URI(s) is registered and issued an id and a secret`,
      covers('R2.1-01', 'R8-01', 'R2.1-02'),
      async ({ control }) => {
        const exchange = await register(control, count);
        const body = parseJsonBody(exchange) as Record<string, unknown> | undefined;
        verify(
          exchange.response.status === 201,
          ['R2.1-01', 'R8-01'],
          `registration of ${count} redirect URI(s) to succeed (201)`,
          `HTTP ${exchange.response.status}`,
          exchange,
        );
        verify(
          typeof body?.client_id === 'string' &&
            body.client_id !== '' &&
            typeof body.client_secret === 'string' &&
            body.client_secret !== '',
          'R2.1-02',
          'a client_id and a client_secret',
          'a body without them',
          exchange,
        );
      },
    );
  }

  for (const count of [0, 4]) {
    test(
      `a client with ${count} redirect URIs is refused`,
      covers('R2.1-01', 'R8-01'),
      async ({ control }) => {
        const exchange = await register(control, count);
        verify(exchange.response.status === 400, {
          expected: `registration of ${count} redirect URIs to be refused with 400`,
          observed: `HTTP ${exchange.response.status}`,
          evidence: exchange,
        });
      },
    );
  }
});
