import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from '@playwright/test';
import { workerTest } from '../../../fixtures/worker.js';

/**
 * The target the run names is the embedded sandbox its global set-up started; the one its tests
 * resolve is a server of their own, which answers every request with an empty JSON object. The
 * test passes: the run must still end broken, naming both origins.
 */
const test = workerTest.extend<object, { elsewhere: string }>({
  elsewhere: [
    async ({}, use) => {
      const server = createServer((_request, response) => {
        response.setHeader('content-type', 'application/json');
        response.end('{}');
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      await use(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      await new Promise((resolve) => server.close(resolve));
    },
    { scope: 'worker' },
  ],
  target: [
    async ({ target, elsewhere }, use) => {
      await use({ ...target, appsUrl: elsewhere });
    },
    { scope: 'worker' },
  ],
});

test('a request to the resolved target, which is not the configured one', async ({ http, target }) => {
  const exchange = await http.send({ method: 'GET', url: `${target.appsUrl}/autoservice/v1/ads` });
  expect(exchange.response.status).toBe(200);
});
