import { createServer } from 'node:http';
import { expect, test } from '@playwright/test';
import { request } from 'undici';
import { createOverEdge } from '../helpers/clients/create-over-edge.js';
import { settingsFor } from '../helpers/clients/notification-settings.js';
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

interface Harness {
  api: FakeApi;
  receiver: Receiver;
  notifications: NotificationClient;
}

/** The fake API behind its gateway, a receiver, and a notification client of the suite's, closed after. */
async function withFlakyCreate(run: (harness: Harness) => Promise<void>): Promise<void> {
  const api = await apiBehindFlakyGateway();
  const http = new HttpClient({ quiet: true });
  const receiver = await Receiver.start({
    port: undefined,
    publicUrl: undefined,
    timing: { waitMs: 1_000, quietMs: 200 },
  });
  try {
    await run({ api, receiver, notifications: new NotificationClient(http, api.url) });
  } finally {
    await receiver.stop();
    await http.close();
    await api.close();
  }
}

async function deliverWith(url: string, token: string): Promise<number> {
  const answer = await request(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: '{}',
  });
  await answer.body.text();
  return answer.statusCode;
}

test('a create that met the edge is sent again with a fresh token; deliveries of the first are filed nowhere', async () => {
  await withFlakyCreate(async ({ api, receiver, notifications }) => {
    const hook = receiver.endpoint();
    const settings = settingsFor(hook.url);
    const firstToken = settings.token;
    const exchange = await createOverEdge(notifications, receiver, 'access-token', settings, {});
    expect(exchange.response.status).toBe(200);
    expect(api.creates.map((one) => one.token)).toEqual([firstToken, settings.token]);
    expect(settings.token).not.toBe(firstToken);
    expect(api.creates[1]?.url).toBe(hook.url);
    expect(await deliverWith(hook.url, firstToken)).toBe(200);
    expect(await deliverWith(hook.url, settings.token)).toBe(200);
    expect(hook.deliveries.map((one) => one.headers.authorization)).toEqual([`Bearer ${settings.token}`]);
    expect(receiver.orphans).toBe(1);
  });
});

test('a create the test expects refused is sent again as it was', async () => {
  await withFlakyCreate(async ({ api, receiver, notifications }) => {
    const settings = settingsFor(receiver.endpoint().url);
    await createOverEdge(notifications, receiver, 'access-token', settings, { refusalExpected: true });
    expect(api.creates.map((one) => one.token)).toEqual([settings.token, settings.token]);
  });
});
