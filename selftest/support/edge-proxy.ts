import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { request, type Dispatcher } from 'undici';
import { NOTIFICATION_PATH, PUBLISHED_PATH } from '../../spec/paths.js';
import { listenOnLoopback, type ListeningServer } from './listen.js';

/**
 * A marketplace's edge in front of the embedded sandbox's resource server: a CDN that
 * answers now and then with its own HTML 503, and a firewall that blocks every listing request
 * once the address has met RATE_LIMIT, answering 429 as production does (field notes: no
 * Retry-After, every request refused), until clients have waited it out a number of times. A
 * block of so many seconds could end, on a loaded host, before any test met it; or all its refusals
 * could go to a burst that wants them (the rate-limit tests): a block lifted by waits is met by a
 * client that waits, whatever the machine's speed. A plain node:http proxy: what it does is the point, in a
 * few lines (mockttp would hide the counting behind its rule engine).
 */
export interface EdgeOptions {
  /** Every n-th request gets the edge's HTML 503 instead of the API's answer (0: none). */
  every: number;
  /**
   * How many times a block must be waited out before it lets go (0: no block): a wait is a refused
   * listing request sent again a second or more later, as the suite's pacing does.
   */
  blockWaits: number;
  /**
   * The n-th listing request starts a block too, as if another client on the same address had
   * passed the limit: the suite's own listing tests meet it (0: never).
   */
  blockAtListing?: number;
  /** Paths (prefixes) that always get the HTML 503: a persistent edge answer. */
  alwaysDown?: readonly string[];
  /**
   * The page comes after the request was passed on and answered, as from a gateway whose wait for
   * the upstream ran out: a create then makes a configuration its client never learns of.
   */
  pageAfterPassing?: boolean;
}

export interface EdgeProxy extends ListeningServer {
  /** What the edge did instead of passing the request on. */
  served: { pages: number; blocked: number; passed: number; creates: number; createPages: number };
}

const EDGE_PAGE =
  '<html><head><title>503 Service Temporarily Unavailable</title></head><body><h1>503 Service Temporarily Unavailable</h1><hr>edge</body></html>';
const BLOCKED = JSON.stringify({
  reason: 'RATE_LIMIT',
  // Production's own refusal, numbers and all: the address's limit, not the client's.
  message: 'You have exceeded the 5000 requests in 1 seconds limit!',
});

async function readBody(incoming: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function passOn(
  upstream: string,
  path: string,
  incoming: IncomingMessage,
): Promise<{ answer: Dispatcher.ResponseData; text: string }> {
  const body = await readBody(incoming);
  const answer = await request(`${upstream}${path}`, {
    method: incoming.method as 'GET',
    headers: { ...incoming.headers, host: new URL(upstream).host },
    body: body.length === 0 ? null : body,
  });
  return { answer, text: await answer.body.text() };
}

/** The least pause after its refusal that makes a request sent again a wait (the pacing's is 1 s). */
const WAITED_MS = 900;

/** The firewall's block of listing requests, lifted once clients have waited it out `waits` times. */
class ListingBlock {
  private waitsLeft = 0;
  /** When each request (method, path and query, authorization) was last refused. */
  private readonly refusedAt = new Map<string, number>();

  constructor(private readonly waits: number) {}

  start(): void {
    this.waitsLeft = this.waits;
    this.refusedAt.clear();
  }

  /** Whether the request is refused; one sent again a while after its refusal is a wait. */
  refuses(request: string): boolean {
    if (this.waitsLeft === 0) return false;
    const refused = this.refusedAt.get(request);
    if (refused !== undefined && Date.now() - refused >= WAITED_MS) {
      this.waitsLeft -= 1;
      if (this.waitsLeft === 0) return false;
    }
    this.refusedAt.set(request, Date.now());
    return true;
  }
}

export async function startEdge(upstream: string, options: EdgeOptions): Promise<EdgeProxy> {
  // createPages: creates of a notification configuration answered with the page.
  const served = { pages: 0, blocked: 0, passed: 0, creates: 0, createPages: 0 };
  let count = 0;
  const block = new ListingBlock(options.blockWaits);
  let listings = 0;
  const handle = async (incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> => {
    count += 1;
    const path = incoming.url ?? '/';
    const listing = path.startsWith(PUBLISHED_PATH);
    if (listing && (listings += 1) === options.blockAtListing) block.start();
    const down = options.alwaysDown?.some((prefix) => path.startsWith(prefix)) === true;
    const create = incoming.method === 'POST' && path.startsWith(NOTIFICATION_PATH);
    if (create) served.creates += 1;
    if (down || (options.every > 0 && count % options.every === 0)) {
      served.pages += 1;
      if (create) served.createPages += 1;
      if (options.pageAfterPassing === true) await passOn(upstream, path, incoming);
      outgoing.writeHead(503, { 'content-type': 'text/html' }).end(EDGE_PAGE);
      return;
    }
    if (listing && block.refuses(`${incoming.method} ${path} ${incoming.headers.authorization ?? ''}`)) {
      served.blocked += 1;
      outgoing.writeHead(429, { 'content-type': 'application/json' }).end(BLOCKED);
      return;
    }
    const { answer, text } = await passOn(upstream, path, incoming);
    if (listing && answer.statusCode === 429) block.start();
    served.passed += 1;
    const headers = Object.fromEntries(
      Object.entries(answer.headers).filter(([name]) => !['transfer-encoding', 'connection'].includes(name)),
    );
    outgoing.writeHead(answer.statusCode, headers).end(text);
  };
  const server = createServer((incoming, outgoing) => {
    handle(incoming, outgoing).catch(() => outgoing.destroy());
  });
  return { ...(await listenOnLoopback(server)), served };
}
