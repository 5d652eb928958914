import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent, request } from 'undici';
import { percentile } from '../lib/stats.js';
import type { Actor, Target } from './attacks.js';

/** What the hostile benchmark watches besides memory: the seeded ads, and how long others wait. */
export interface ListedAd {
  id: string;
  status: string;
}

/** Every ad of the actor's user, through the listing (4.4), page after page. */
export async function adsOf(target: Target, actor: Actor): Promise<ListedAd[]> {
  const ads: ListedAd[] = [];
  let token: string | null = null;
  for (let page = 0; page < 1000; page += 1) {
    const query: string =
      token === null ? 'fetch_size=200' : `fetch_size=200&page_token=${encodeURIComponent(token)}`;
    const response = await request(`${target.appsUrl}/autoupload/v1/published?${query}`, {
      headers: { authorization: `Bearer ${actor.token}` },
      dispatcher: target.apps,
    });
    if (response.statusCode !== 200) throw new Error(`listing answered ${response.statusCode}`);
    const body = (await response.body.json()) as { data: ListedAd[]; next_token: string | null };
    ads.push(...body.data.map(({ id, status }) => ({ id, status })));
    token = body.next_token;
    if (token === null) return ads;
  }
  throw new Error('the listing did not end within 1000 pages');
}

export interface ProbeResult {
  count: number;
  p50: number;
  p99: number;
  max: number;
  failed: number;
}

/**
 * A first-page listing request every 100 ms on a connection of its own: its latency is how long any
 * other user of the sandbox waits while the load runs.
 */
export function startProbe(target: Target, actor: Actor | undefined): { stop(): Promise<ProbeResult> } {
  const dispatcher = new Agent({ connections: 1 });
  const latencies: number[] = [];
  let failed = 0;
  const state = { running: true };
  const loop = (async (): Promise<void> => {
    while (state.running) {
      const started = performance.now();
      try {
        const response = await request(`${target.appsUrl}/autoupload/v1/published?fetch_size=1`, {
          headers: { authorization: `Bearer ${actor?.token ?? ''}` },
          dispatcher,
        });
        await response.body.dump();
        latencies.push(performance.now() - started);
      } catch {
        failed += 1;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return {
    async stop() {
      state.running = false;
      await loop;
      await dispatcher.close();
      const sorted = [...latencies].sort((a, b) => a - b);
      return {
        count: sorted.length,
        p50: percentile(sorted, 50),
        p99: percentile(sorted, 99),
        max: sorted.at(-1) ?? Number.NaN,
        failed,
      };
    },
  };
}

/** A delivery receiver on loopback that answers 200 after `delayMs`. */
export async function holdingReceiver(delayMs: number): Promise<{ url: string; stop(): Promise<void> }> {
  const server = createServer((incoming, outgoing) => {
    incoming.resume();
    setTimeout(() => outgoing.writeHead(200).end(), delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      });
    },
  };
}
