import { expect, test } from '../fixtures/index.js';
import type { ControlClient } from '../helpers/clients/control-client.js';
import { parseJsonBody } from '../helpers/record/exchange.js';

/** The test-helper protocol (contract section 2) as the target implements it. */
test.describe('test-helper protocol', () => {
  test.beforeEach(({ control }) => {
    test.skip(control === null, 'the target offers no test helpers');
  });
  const helpers = (control: ControlClient | null): ControlClient => control as ControlClient;

  test('a missing or wrong key is a 401 ACCESS_DENIED', async ({ control }) => {
    for (const key of [null, 'wrong-key-value']) {
      const exchange = await helpers(control).call('POST', '/users', {}, key);
      expect(exchange.response.status).toBe(401);
      expect(parseJsonBody(exchange)).toMatchObject({
        reason: 'ACCESS_DENIED',
        message: expect.any(String),
      });
    }
  });

  test('an invalid body is a 400 BAD_REQUEST', async ({ control }) => {
    for (const body of [
      { redirect_uris: 'http://127.0.0.1:9/cb' },
      { redirect_uris: ['relative/path'] },
      { redirect_uris: ['http://127.0.0.1:9/a', 'http://127.0.0.1:9/a'] },
    ]) {
      const exchange = await helpers(control).call('POST', '/clients', body);
      expect(exchange.response.status, JSON.stringify(body)).toBe(400);
      expect(parseJsonBody(exchange)).toMatchObject({ reason: 'BAD_REQUEST' });
    }
  });

  test('an unknown client is a 404 NOT_FOUND', async ({ control }) => {
    const exchange = await helpers(control).call('POST', '/clients/no-such-client/clock', {
      advance_seconds: 1,
    });
    expect(exchange.response.status).toBe(404);
    expect(parseJsonBody(exchange)).toMatchObject({ reason: 'NOT_FOUND' });
  });

  test('users are generated, clocks advance per client, limits and failures are echoed', async ({
    control,
    newClient,
  }) => {
    const user = await helpers(control).createUser();
    expect(user.login.length * user.password.length * user.name.length * user.email.length).toBeGreaterThan(
      0,
    );
    const client = await newClient(1);
    const other = await newClient(1);
    const before = Date.parse(await helpers(control).advanceClock(other.clientId, 1));
    const after = Date.parse(await helpers(control).advanceClock(client.clientId, 3600));
    expect(after - before).toBeGreaterThan(3_500_000);
    const limit = await helpers(control).call('PUT', `/clients/${client.clientId}/rate_limit`, {
      requests: 5,
      seconds: 2,
    });
    expect([limit.response.status, parseJsonBody(limit)]).toEqual([200, { requests: 5, seconds: 2 }]);
    const failures = await helpers(control).call('POST', `/clients/${client.clientId}/failures`, {
      endpoint: 'authorize',
      count: 2,
    });
    expect([failures.response.status, parseJsonBody(failures)]).toEqual([
      201,
      { endpoint: 'authorize', count: 2, error: 'temporarily_unavailable' },
    ]);
  });
});
