import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

/** A request as the listener hands it over: the body read whole and decoded. */
export interface ReceivedRequest {
  method: string;
  /** The request target's path, without its query. */
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** How the listener answers one request: with a status, or by dropping the connection unanswered. */
export type ListenerAnswer = { status: number } | 'drop';

const ACCEPTED: ListenerAnswer = { status: 200 };

/**
 * The largest body kept; a larger one is read to its end and kept as empty, as mockttp (the
 * receiver's server before) kept it. Decoded bodies are held to the same size: a small gzip
 * body may unpack to gigabytes.
 */
export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * The receiver's HTTP server: answers every request, whatever its method and path, 200 with
 * `{"received":true}` once its body has arrived. Plain node:http: mockttp, which the receiver
 * used before, cost each worker that runs a notification test a second of CPU to load, for a
 * server that only ever answers 200. Like mockttp's, it listens on every interface, for targets
 * that reach it through WEBHOOK_PUBLIC_URL.
 */
export class WebhookListener {
  /** Called with each request once its body has arrived (before it is answered). */
  onRequest: (request: ReceivedRequest) => void = () => undefined;
  /** How each request is answered, once onRequest has seen it: 200, unless a test asks otherwise. */
  answer: (request: ReceivedRequest) => ListenerAnswer | Promise<ListenerAnswer> = () => ACCEPTED;
  private readonly server = createServer((request, response) => {
    readBody(request).then(
      async (body) => {
        const received = {
          method: request.method ?? 'GET',
          path: new URL(request.url ?? '/', 'http://receiver.invalid').pathname,
          headers: request.headers,
          body,
        };
        this.onRequest(received);
        const answer = await this.answer(received);
        if (answer === 'drop') response.destroy();
        else
          response
            .writeHead(answer.status, { 'content-type': 'application/json' })
            .end(`{"received":${answer.status < 300}}`);
      },
      () => {
        // The sender went away halfway: there is no one to answer.
        response.destroy();
      },
    );
  });

  private constructor() {}

  static async start(port: number): Promise<WebhookListener> {
    const listener = new WebhookListener();
    await new Promise<void>((resolve, reject) => {
      listener.server.once('error', reject);
      listener.server.listen(port, () => {
        listener.server.off('error', reject);
        resolve();
      });
    });
    return listener;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  /** Stops at once: kept-alive connections of the target are closed, not waited for. */
  async stop(): Promise<void> {
    const closed = new Promise<void>((resolve) => {
      this.server.close(() => {
        resolve();
      });
    });
    this.server.closeAllConnections();
    await closed;
  }
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= MAX_BODY_BYTES) chunks.push(chunk);
  }
  return size > MAX_BODY_BYTES ? '' : decoded(Buffer.concat(chunks), request.headers['content-encoding']);
}

/** The body undone of its Content-Encoding, as mockttp's getText did; empty when it cannot be. */
function decoded(body: Buffer, contentEncoding: string | undefined): string {
  const codings = (contentEncoding ?? '')
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity')
    .reverse();
  try {
    return codings.reduce(undo, body).toString('utf8');
  } catch {
    return '';
  }
}

function undo(bytes: Buffer, coding: string): Buffer {
  const limit = { maxOutputLength: MAX_BODY_BYTES };
  if (coding === 'gzip' || coding === 'x-gzip') return gunzipSync(bytes, limit);
  if (coding === 'deflate') return inflateSync(bytes, limit);
  if (coding === 'br') return brotliDecompressSync(bytes, limit);
  throw new Error(`content coding ${coding} is not one the receiver reads`);
}
