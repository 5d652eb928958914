import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { request } from 'undici';
import {
  MAX_BODY_BYTES,
  WebhookListener,
  type ReceivedRequest,
} from '../helpers/clients/webhook-listener.js';

test.describe("the notification receiver's server (helpers/clients/webhook-listener.ts)", () => {
  let listener: WebhookListener;
  const received: ReceivedRequest[] = [];

  test.beforeEach(async () => {
    received.length = 0;
    listener = await WebhookListener.start(0);
    listener.onRequest = (one) => {
      received.push(one);
    };
  });

  test.afterEach(async () => {
    await listener.stop();
  });

  async function send(method: 'POST' | 'PUT', path: string, headers: Record<string, string>, body: Buffer) {
    const answer = await request(`http://127.0.0.1:${listener.port}${path}`, { method, headers, body });
    return { status: answer.statusCode, body: await answer.body.text() };
  }

  test('every request is answered 200 and handed over with its path, headers and body', async () => {
    const answer = await send('PUT', '/run/abc/hook?x=1', { 'X-Hook': 'yes' }, Buffer.from('{"ad":1}'));
    expect(answer).toEqual({ status: 200, body: '{"received":true}' });
    expect(received).toEqual([
      expect.objectContaining({ method: 'PUT', path: '/run/abc/hook', body: '{"ad":1}' }),
    ]);
    expect(received[0]?.headers['x-hook']).toBe('yes');
  });

  test('a gzip body is read decoded, as the integration would read it', async () => {
    await send('POST', '/h', { 'Content-Encoding': 'gzip' }, gzipSync('{"ad":2}'));
    expect(received[0]?.body).toBe('{"ad":2}');
  });

  test('a body past the limit, sent or unpacked, is answered and kept empty', async () => {
    const big = Buffer.alloc(MAX_BODY_BYTES + 1, 'a');
    expect((await send('POST', '/big', {}, big)).status).toBe(200);
    expect((await send('POST', '/bomb', { 'Content-Encoding': 'gzip' }, gzipSync(big))).status).toBe(200);
    expect(received.map((one) => [one.path, one.body])).toEqual([
      ['/big', ''],
      ['/bomb', ''],
    ]);
  });
});
