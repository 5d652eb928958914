import { readFileSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import { Agent, fetch } from 'undici';
import { patient } from '../../helpers/target/patience.js';

/**
 * A correct client written as integrators write them: several workers at once sharing one token
 * per dealer, the way the spec and the field notes ask a client to behave, and no more:
 * - RATE_LIMIT read by any worker pauses every worker of the client 1.5 s, then a paced resume
 *   (a request every 150 ms, for 20 s);
 * - an edge's answer (an HTML 403/502/503, no answer) is retried at most 5 times (the card's bound
 *   of 6 attempts), 400 ms and doubling apart; a request unanswered for 3 s (the machine's patience
 *   over it) counts as no answer;
 * - ACCESS_DENIED on a token: every worker waits on one new consent (single flight), and goes on
 *   with the new token; the refused token is never sent again;
 * - a crawl whose server answers a next_token naming a page the crawl already fetched ends there
 *   (it would go round for ever);
 * - an import's status is polled every half second until it is done.
 * The consent itself is the caller's (`consent`), as a browser's.
 */
export interface Answer {
  status: number;
  body: string;
  html: boolean;
}

// Six attempts at 12% edge faults each leave a page unread about 3 times in a million: a run of
// a hundred pages never meets it, where five attempts met it once in a few hundred runs.
const EDGE_TRIES = 6;
// A request the sandbox holds (the timeout fault) is given up; a loaded machine's slow answer is not.
const ANSWER_WAIT_MS = patient(3000);
const EDGE_FIRST_WAIT_MS = 400;
const BLOCK_PAUSE_MS = 1500;
const PACED_GAP_MS = 150;
const PACED_SPAN_MS = 20_000;
const IMPORT_POLL_MS = 500;

/** What the workers of one client share: the pause after a block, and its pace. */
export class ClientPace {
  private pauseUntil = 0;
  private pacedUntil = 0;
  private nextSlot = 0;

  blocked(): void {
    this.pauseUntil = Math.max(this.pauseUntil, Date.now() + BLOCK_PAUSE_MS);
    this.pacedUntil = this.pauseUntil + PACED_SPAN_MS;
  }

  async turn(): Promise<void> {
    for (;;) {
      const now = Date.now();
      if (now < this.pauseUntil) await delay(this.pauseUntil - now);
      else if (now < this.pacedUntil) {
        const slot = Math.max(now, this.nextSlot);
        this.nextSlot = slot + PACED_GAP_MS;
        if (slot > now) await delay(slot - now);
        if (Date.now() >= this.pauseUntil) return;
      } else return;
    }
  }
}

/** One dealer's token, shared by its workers, renewed once when refused. */
export class SharedToken {
  private renewal: Promise<string> | undefined;

  constructor(
    public token: string,
    private readonly consent: () => Promise<string>,
  ) {}

  /** The token to send: while a new consent is under way, the one it gives (never the refused one). */
  async live(): Promise<string> {
    if (this.renewal !== undefined) await this.renewal;
    return this.token;
  }

  /** A new token after `refused` was denied: one consent, whichever worker reads the refusal first. */
  async renew(refused: string): Promise<void> {
    if (this.token === refused)
      this.renewal ??= this.consent().then((fresh) => {
        this.token = fresh;
        this.renewal = undefined;
        return fresh;
      });
    await this.live();
  }
}

export class ConcurrentClient {
  readonly agent: Agent;

  constructor(
    readonly appsUrl: string,
    caFile: string,
    readonly pace: ClientPace = new ClientPace(),
  ) {
    this.agent = new Agent({ connect: { ca: readFileSync(caFile, 'utf8') } });
  }

  /** One call with its retries: `init` is built again for each attempt with the live token. */
  async call(
    path: string,
    dealer: SharedToken,
    init: (token: string) => { method?: string; headers?: Record<string, string>; body?: string },
  ): Promise<Answer> {
    let edgeTries = 0;
    for (;;) {
      await this.pace.turn();
      const token = await dealer.live();
      const answer = await this.once(path, init(token));
      if (answer.status === 429 || answer.body.includes('"RATE_LIMIT"')) {
        this.pace.blocked();
        continue;
      }
      const edge = answer.status === 0 || (answer.html && answer.status >= 400 && answer.status !== 401);
      if (edge) {
        edgeTries += 1;
        if (edgeTries >= EDGE_TRIES) return answer;
        await delay(EDGE_FIRST_WAIT_MS * 2 ** (edgeTries - 1));
        continue;
      }
      if (answer.status === 401 && /ACCESS_DENIED|ACCESS_TOKEN_NOT_FOUND/.test(answer.body)) {
        await dealer.renew(token);
        continue;
      }
      return answer;
    }
  }

  private async once(
    path: string,
    init: { method?: string; headers?: Record<string, string>; body?: string },
  ): Promise<Answer> {
    try {
      const response = await fetch(`${this.appsUrl}${path}`, {
        ...init,
        dispatcher: this.agent,
        signal: AbortSignal.timeout(ANSWER_WAIT_MS),
      });
      const body = await response.text();
      return {
        status: response.status,
        body,
        html: (response.headers.get('content-type') ?? '').includes('html'),
      };
    } catch {
      return { status: 0, body: '', html: false };
    }
  }

  /**
   * A whole crawl of one status filter: every page, next_token to page_token, stop at null or at
   * a next_token naming a page already fetched. `onPage` is told of each page read.
   */
  async crawl(
    dealer: SharedToken,
    status: string | null,
    fetchSize: number,
    onPage: () => void = () => undefined,
  ): Promise<number> {
    let pageToken: string | null = null;
    const fetched = new Set<string>();
    let pages = 0;
    do {
      if (pageToken !== null) fetched.add(pageToken);
      const query = new URLSearchParams({
        fetch_size: String(fetchSize),
        ...(status === null ? {} : { ads_status: status }),
        ...(pageToken === null ? {} : { page_token: pageToken }),
      });
      const answer = await this.call(`/autoupload/v1/published?${query.toString()}`, dealer, (token) => ({
        headers: { authorization: `Bearer ${token}` },
      }));
      if (answer.status !== 200) throw new Error(`the listing answered ${answer.status} after its retries`);
      pages += 1;
      onPage();
      const next = (JSON.parse(answer.body) as { next_token?: string | null }).next_token ?? null;
      pageToken = next === '' || (next !== null && fetched.has(next)) ? null : next;
    } while (pageToken !== null);
    return pages;
  }

  /** PUT /autoupload/import, the token in the body: the import's token, or the answer when refused. */
  async importAds(dealer: SharedToken, adList: readonly unknown[]): Promise<string | Answer> {
    const answer = await this.call('/autoupload/import', dealer, (token) => ({
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ access_token: token, ad_list: adList }),
    }));
    const importToken =
      answer.status === 200 ? (JSON.parse(answer.body) as { token?: unknown }).token : undefined;
    return typeof importToken === 'string' ? importToken : answer;
  }

  /** The import's status (POST /autoupload/import/{token}), polled every half second until done. */
  async importDone(dealer: SharedToken, importToken: string): Promise<Record<string, unknown>> {
    for (;;) {
      const answer = await this.call(
        `/autoupload/import/${encodeURIComponent(importToken)}`,
        dealer,
        (token) => ({
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ access_token: token }),
        }),
      );
      if (answer.status !== 200)
        throw new Error(`the import's status answered ${answer.status} after its retries`);
      const body = JSON.parse(answer.body) as Record<string, unknown>;
      if (body.autoupload_status === 'done') return body;
      await delay(IMPORT_POLL_MS);
    }
  }

  async close(): Promise<void> {
    await this.agent.close();
  }
}

/** The code for a token (4.2), an edge's answer retried as above; the secret in the form body. */
export async function exchangeCode(
  authUrl: string,
  caFile: string,
  form: { clientId: string; secret: string; redirectUri: string; code: string },
): Promise<string> {
  const agent = new Agent({ connect: { ca: readFileSync(caFile, 'utf8') } });
  try {
    for (let attempt = 1; attempt <= EDGE_TRIES; attempt += 1) {
      const response = await fetch(`${authUrl}/oauth/token`, {
        method: 'POST',
        dispatcher: agent,
        signal: AbortSignal.timeout(ANSWER_WAIT_MS),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code: form.code,
          redirect_uri: form.redirectUri,
          client_id: form.clientId,
          client_secret: form.secret,
        }).toString(),
      }).catch(() => undefined);
      const body = response === undefined ? '' : await response.text();
      const token =
        response?.status === 200 ? (JSON.parse(body) as { access_token?: string }).access_token : undefined;
      if (token !== undefined) return token;
      const edge = response === undefined || (response.headers.get('content-type') ?? '').includes('html');
      if (!edge) throw new Error(`the token endpoint answered ${response.status}`);
      await delay(EDGE_FIRST_WAIT_MS * 2 ** (attempt - 1));
    }
    throw new Error('the token endpoint stayed behind the edge');
  } finally {
    await agent.close();
  }
}
