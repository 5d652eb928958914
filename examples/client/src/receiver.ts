import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { field, text, type Http } from './http.js';

/**
 * AD_STATUS (spec 4.6, 6): a notification configuration, and the receiver it points at. The
 * receiver answers at once: 401 without the configured token, 403 with another one, 2xx to every
 * authentic delivery, a duplicate (the same event id again), a late or out-of-order one, and a
 * status it does not know ("the set of values can grow") included. Which header carries the token
 * is not specified: `Authorization`, as `Bearer <token>` or the token alone.
 */

export interface Event {
  eventId: string;
  adId: string;
  status: string;
}

const MAX_BODY = 64 * 1024;

function presented(request: IncomingMessage): string | undefined {
  const header = request.headers.authorization;
  return header?.replace(/^Bearer\s+/i, '');
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The event's id, ad id and status, wherever the body's shape puts them (6: "not shown"). */
function eventOf(body: unknown): Event | undefined {
  const ad = field(field(body, 'data'), 'ad') ?? body;
  const eventId = text(field(body, 'id') ?? field(body, 'event'));
  const adId = text(field(ad, 'id') ?? field(ad, 'ad_identifier'));
  const status = text(field(ad, 'status') ?? field(ad, 'new_state'));
  if (eventId === '' || adId === '' || status === '') return undefined;
  return { eventId, adId, status };
}

export class Receiver {
  readonly token = randomBytes(24).toString('base64url');
  /** Events received once each (duplicates dropped by event id), in order of arrival. */
  readonly events: Event[] = [];
  private readonly seen = new Set<string>();
  private waiters: Array<() => void> = [];
  private readonly server: Server;

  constructor() {
    this.server = createServer((request, response) => {
      const token = presented(request);
      if (token === undefined) return void response.writeHead(401).end();
      if (!sameSecret(token, this.token)) return void response.writeHead(403).end();
      const chunks: Buffer[] = [];
      let size = 0;
      request.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= MAX_BODY) chunks.push(chunk);
      });
      request.on('end', () => {
        // Answered first: the marketplace waits for nobody.
        response.writeHead(204).end();
        this.record(Buffer.concat(chunks).toString('utf8'));
      });
    });
  }

  private record(text: string): void {
    let event: Event | undefined;
    try {
      event = eventOf(JSON.parse(text) as unknown);
    } catch {
      event = undefined;
    }
    if (event === undefined || this.seen.has(event.eventId)) return;
    this.seen.add(event.eventId);
    this.events.push(event);
    for (const wake of this.waiters) wake();
  }

  async listen(host = '127.0.0.1', port = 0): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(port, host, resolve));
    return `http://${host}:${(this.server.address() as AddressInfo).port}/ad-status`;
  }

  /** Resolves when every ad named has had an event, or after `ms` (deliveries are not promised). */
  async waitFor(adIds: readonly string[], ms: number): Promise<boolean> {
    const until = Date.now() + ms;
    const all = (): boolean => adIds.every((id) => this.events.some((event) => event.adId === id));
    while (!all() && Date.now() < until)
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(until - Date.now(), 0));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    this.waiters = [];
    return all();
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) =>
      this.server.close(() => {
        resolve();
      }),
    );
  }
}

const PATH = '/autoservice/v1/notification';

/** Creates the configuration (4.6); its id. */
export async function configureNotification(
  http: Http,
  appsUrl: string,
  token: string,
  url: string,
  secret: string,
) {
  const answer = await http.send(`${appsUrl}${PATH}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ method: 'POST', url, media_type: 'application/json', token: secret }),
    token,
  });
  const id = field(answer.json, 'id');
  if (answer.status >= 300 || typeof id !== 'string')
    throw new Error(`the notification configuration answered ${answer.status}`);
  return id;
}

/** Deletes it (4.6): the end of the client's subscription. */
export async function deleteNotification(
  http: Http,
  appsUrl: string,
  token: string,
  id: string,
): Promise<void> {
  await http.send(`${appsUrl}${PATH}/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${token}` },
    token,
  });
}
