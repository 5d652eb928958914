// Deliveries in the kill run (kill-run.ts): a delivery tells its receiver that an ad changed, so
// after a kill the receiver must never hold one for a change the restarted sandbox does not have
// (docs/sandbox-service.md). A receiver on loopback takes every AD_STATUS of the demo user's ads;
// after each restart, the last change each ad was announced (its status and `created_at`, the
// change's instant) must be the ad's status now, or a change sent to the ad since.
import { createServer, type Server } from 'node:http';
import { NOTIFICATION_PATH } from '../../spec/paths.js';
import { call, type Running } from './kill-run-sandbox.js';
import { listenOnLoopback, type ListeningServer } from './listen.js';

interface Announced {
  status: string;
  changedAtMs: number;
}

export class KillRunDeliveries {
  /** Per ad, every status sent to it and when (the client's clock, the sandbox's too). */
  private readonly sent = new Map<string, Array<{ status: string; sentAtMs: number }>>();
  /** Per ad, the latest change a delivery announced. */
  private readonly announced = new Map<string, Announced>();
  private readonly server: Server;
  /** Deliveries received. */
  count = 0;
  private listening: ListeningServer | undefined;

  constructor() {
    this.server = createServer((incoming, outgoing) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => {
        this.received(Buffer.concat(chunks).toString('utf8'));
        outgoing.writeHead(204).end();
      });
    });
  }

  /** Starts the receiver and configures it for the token's user (set-up: the configuration must be made). */
  async start(sandbox: Running, token: string): Promise<void> {
    this.listening = await listenOnLoopback(this.server);
    const made = await call(sandbox, `${sandbox.appsUrl}${NOTIFICATION_PATH}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        method: 'POST',
        url: `${this.listening.url}/kill-run`,
        media_type: 'application/json',
        token: 'kill-run-delivery-token',
      }),
    });
    if (made.status !== 201)
      throw new Error(`set-up: the notification configuration answered ${made.status}`);
  }

  /** A status is about to be sent to an ad. */
  sending(adId: string, status: string): void {
    const sent = this.sent.get(adId) ?? [];
    this.sent.set(adId, sent);
    sent.push({ status, sentAtMs: Date.now() });
  }

  /** Each ad announced a change the listing after the restart does not hold, named. */
  unkept(listed: ReadonlyMap<string, string>): string[] {
    const unkept: string[] = [];
    for (const [adId, told] of this.announced) {
      const now = listed.get(adId);
      // A change sent at or after the announced one's instant is a later one (an ad's changes
      // are sent one after the other, each once the one before was answered).
      const since = (this.sent.get(adId) ?? []).filter((sent) => sent.sentAtMs >= told.changedAtMs);
      if (now === undefined || (now !== told.status && !since.some((sent) => sent.status === now)))
        unkept.push(
          `ad ${adId}: a delivery announced ${told.status} at ${new Date(told.changedAtMs).toISOString()}, the restarted sandbox holds ${now ?? 'no such ad'}`,
        );
    }
    return unkept;
  }

  async stop(): Promise<void> {
    await this.listening?.close();
  }

  private received(body: string): void {
    this.count += 1;
    try {
      const parsed = JSON.parse(body) as {
        created_at?: string;
        data?: { ad?: { id?: string; status?: string } };
      };
      const { id, status } = parsed.data?.ad ?? {};
      const changedAtMs = Date.parse(`${parsed.created_at ?? ''}Z`);
      if (id === undefined || status === undefined || Number.isNaN(changedAtMs)) return;
      const before = this.announced.get(id);
      if (before === undefined || before.changedAtMs <= changedAtMs)
        this.announced.set(id, { status, changedAtMs });
    } catch {
      // Not an AD_STATUS of production's body: nothing this check reads.
    }
  }
}
