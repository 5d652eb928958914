import { createServer } from 'node:http';
import { expect, test } from '@playwright/test';
import { request } from 'undici';
import { createOverEdge } from '../fixtures/create-over-edge.js';
import { settingsFor } from '../fixtures/notification-settings.js';
import { HttpClient } from '../helpers/clients/http.js';
import { NotificationClient } from '../helpers/clients/notification-client.js';
import { Receiver } from '../helpers/clients/receiver.js';
import { listenOnLoopback, type ListeningServer } from './support/listen.js';

/**
 * A create that met an edge is sent again as a new configuration (fixtures/create-over-edge.ts).
 * Here the worst case: an API behind a gateway that passes the first create on, the API makes the
 * configuration, and the gateway answers its HTML 503 anyway. The second create carries a fresh
 * token, written into the settings the test holds; a delivery from the first configuration (its
 * token) reaches the receiver's path and is answered, but filed nowhere; one with the fresh token is.
 */
interface FakeApi extends ListeningServer {
  creates: Array<Record<string, unknown>>;
}

async function apiBehindFlakyGateway(): Promise<FakeApi> {
  const creates: Array<Record<string, unknown>> = [];
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      creates.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>);
      if (creates.length === 1) {
        outgoing.writeHead(503, { 'content-type': 'text/html' }).end('<html><h1>503</h1></html>');
        return;
      }
      const body = { ...creates.at(-1), id: `cfg-${creates.length}`, type: 'AD_STATUS' };
      outgoing.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  return { ...(await listenOnLoopback(server)), creates };
}

test('a create that met the edge is sent again with a fresh token; deliveries of the first are filed nowhere', async () => {
  const api = await apiBehindFlakyGateway();
  const http = new HttpClient({ quiet: true });
  const receiver = await Receiver.start({
    port: undefined,
    publicUrl: undefined,
    timing: { waitMs: 1_000, quietMs: 200 },
  });
  try {
    const hook = receiver.endpoint();
    const settings = settingsFor(hook.url);
    const firstToken = settings.token;
    const exchange = await createOverEdge(
      new NotificationClient(http, api.url),
      receiver,
      'access-token',
      settings,
      {},
    );
    expect(exchange.response.status).toBe(200);
    expect(api.creates.map((one) => one.token)).toEqual([firstToken, settings.token]);
    expect(settings.token).not.toBe(firstToken);
    expect(api.creates[1]?.url).toBe(hook.url);
    for (const token of [firstToken, settings.token]) {
      const answer = await request(hook.url, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(answer.statusCode).toBe(200);
      await answer.body.text();
    }
    expect(hook.deliveries.map((one) => one.headers.authorization)).toEqual([`Bearer ${settings.token}`]);
    expect(receiver.orphans).toBe(1);
  } finally {
    await receiver.stop();
    await http.close();
    await api.close();
  }
});

test('a create the test expects refused is sent again as it was', async () => {
  const api = await apiBehindFlakyGateway();
  const http = new HttpClient({ quiet: true });
  const receiver = await Receiver.start({
    port: undefined,
    publicUrl: undefined,
    timing: { waitMs: 1_000, quietMs: 200 },
  });
  try {
    const settings = settingsFor(receiver.endpoint().url);
    await createOverEdge(new NotificationClient(http, api.url), receiver, 'access-token', settings, {
      refusalExpected: true,
    });
    expect(api.creates.map((one) => one.token)).toEqual([settings.token, settings.token]);
    expect(api.creates.length).toBe(2);
  } finally {
    await receiver.stop();
    await http.close();
    await api.close();
  }
});
