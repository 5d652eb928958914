import { createServer, type IncomingMessage } from 'node:http';
import { listenOnLoopback } from './listen.js';
import { patient } from '../../helpers/target/patience.js';

/**
 * An integrator's client of the ad import, written from the field notes alone ("The ad import and
 * the ad status queries"), with plain fetch and none of the suite's helpers: what a dealer system
 * would write against the marketplace, run against the sandbox.
 */

export interface ImportAnswer {
  token: string | null;
  statusCode: number;
  statusMessage: string;
  errors: Array<{ id: string | null; status: string; messages: Array<Record<string, string>> }>;
}

export interface ImportStatus {
  autoupload_status: 'pending' | 'done';
  ads: Record<
    string,
    { status: string; operation: string; list_id?: string; message: unknown[]; url?: string }
  >;
}

export interface Answer<Body> {
  status: number;
  body: Body;
}

/** An ad to insert, as the field notes list its fields. */
export interface AdToInsert {
  id: string;
  operation: 'insert';
  category: string;
  subject: string;
  body: string;
  phone: string;
  type: 's' | 'u';
  price?: number;
  zipcode: string;
  params?: Record<string, string | number>;
  images?: string[];
}

export class FieldNotesClient {
  constructor(
    private readonly appsUrl: string,
    private readonly accessToken: string,
  ) {}

  private async call<Body>(method: string, path: string, body?: unknown): Promise<Answer<Body>> {
    const response = await fetch(`${this.appsUrl}${path}`, {
      method,
      headers: {
        ...(body === undefined ? { authorization: `Bearer ${this.accessToken}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as Body };
  }

  /** PUT {apps_url}/autoupload/import with {access_token, ad_list}. */
  import(adList: readonly unknown[]): Promise<Answer<ImportAnswer>> {
    return this.call('PUT', '/autoupload/import', { access_token: this.accessToken, ad_list: adList });
  }

  /** POST {apps_url}/autoupload/import/{token} with {access_token}. */
  importStatus(token: string): Promise<Answer<ImportStatus>> {
    return this.call('POST', `/autoupload/import/${encodeURIComponent(token)}`, {
      access_token: this.accessToken,
    });
  }

  /** Polls the import's status until it is done. */
  async importDone(token: string, limitMs = 15_000): Promise<ImportStatus> {
    const until = Date.now() + patient(limitMs);
    for (;;) {
      const { status, body } = await this.importStatus(token);
      if (status === 200 && body.autoupload_status === 'done') return body;
      if (Date.now() > until) throw new Error(`import ${token} not done: ${status} ${JSON.stringify(body)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** GET {apps_url}/autoupload/ads/{list_id} with the Bearer header. */
  adStatus(listId: string): Promise<Answer<Record<string, unknown>>> {
    return this.call('GET', `/autoupload/ads/${encodeURIComponent(listId)}`);
  }

  /** The listing's first page (GET /autoupload/v1/published). */
  async listed(): Promise<Map<string, { status: string; list_id?: string }>> {
    const { body } = await this.call<{ data: Array<{ id: string; status: string; list_id?: string }> }>(
      'GET',
      '/autoupload/v1/published?fetch_size=200',
    );
    return new Map(body.data.map((ad) => [ad.id, ad]));
  }

  /** A catalog lookup (POST with {access_token}): the name-to-id map, or the HTTP status alone. */
  async catalog(path: string): Promise<Answer<{ status: string; data?: Record<string, number> }>> {
    return this.call('POST', `/autoupload/${path}`, { access_token: this.accessToken });
  }

  /** POST /autoservice/v1/notification: deliveries of AD_STATUS to `url`. */
  async subscribe(url: string, token: string): Promise<number> {
    const response = await fetch(`${this.appsUrl}/autoservice/v1/notification`, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ method: 'POST', url, media_type: 'application/json', token }),
    });
    return response.status;
  }
}

/** A receiver of AD_STATUS deliveries on a free loopback port: every body it got, parsed. */
export interface DeliveryReceiver {
  url: string;
  bodies: unknown[];
  /** Waits until a delivery says this ad has this status. */
  waitFor: (adId: string, status: string, limitMs?: number) => Promise<Record<string, unknown>>;
  close: () => Promise<void>;
}

function read(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      resolve(Buffer.concat(chunks).toString('utf8'));
    });
  });
}

/** The delivered ad, wherever the body puts it (the documented event nests it under data.ad). */
function adOf(body: unknown): Record<string, unknown> | undefined {
  const ad = (body as { data?: { ad?: unknown } } | null)?.data?.ad;
  return ad !== null && typeof ad === 'object' ? (ad as Record<string, unknown>) : undefined;
}

export async function startReceiver(): Promise<DeliveryReceiver> {
  const bodies: unknown[] = [];
  const server = createServer((request, response) => {
    void read(request).then((text) => {
      bodies.push(JSON.parse(text) as unknown);
      response.writeHead(200).end();
    });
  });
  const { url, close } = await listenOnLoopback(server);
  const find = (adId: string, status: string): Record<string, unknown> | undefined =>
    bodies.map(adOf).find((ad) => ad?.id === adId && ad.status === status);
  return {
    url: `${url}/hook`,
    bodies,
    waitFor: async (adId, status, limitMs = 15_000) => {
      const until = Date.now() + patient(limitMs);
      for (;;) {
        const found = find(adId, status);
        if (found !== undefined) return found;
        if (Date.now() > until)
          throw new Error(`no delivery of ${adId} becoming ${status}: ${JSON.stringify(bodies)}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close,
  };
}
