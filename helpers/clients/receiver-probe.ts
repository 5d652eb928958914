import { randomUUID } from 'node:crypto';
import { describeExchange } from '../report/describe-exchange.js';
import { HttpClient } from './http.js';
import type { Receiver } from './receiver.js';

/**
 * Whether WEBHOOK_PUBLIC_URL leads to this worker's own receiver: a request carrying a nonce, sent
 * to the public URL as the target would send a delivery, must arrive at the listener. A tunnel that
 * is down, a URL that leads to another host or another port, or a firewall turns every delivery test
 * into one WEBHOOK_WAIT_MS timeout after another; checked once, before the first, they end at once
 * with what came back instead.
 */

/** How long the probe waits for its own request: a tunnel's round trip, never a delivery's. */
export const PROBE_WAIT_MS = 10_000;

/** null when the probe arrived; otherwise one line saying what happened, then what came back. */
export async function probeReceiver(
  receiver: Receiver,
  caFile: string | undefined,
  waitMs = PROBE_WAIT_MS,
): Promise<string | null> {
  const nonce = randomUUID();
  const endpoint = receiver.endpoint('reach-check');
  const arrived = (): boolean => endpoint.deliveries.some((delivery) => delivery.body.includes(nonce));
  // The suite's own receiver, not the target: not an origin of the run's API requests.
  const http = new HttpClient({ caFile, timeoutMs: waitMs, recordsOrigins: false });
  let answer: string;
  try {
    const exchange = await http.send({
      method: 'POST',
      url: endpoint.url,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ conformance_reach_check: nonce }),
      quiet: true,
    });
    answer = `it answered HTTP ${exchange.response.status}:\n${describeExchange(exchange)}`;
  } catch (error) {
    answer = error instanceof Error ? error.message : String(error);
  } finally {
    await http.close();
  }
  // The listener files a request before it answers it: once answered, it has arrived or never will.
  if (await receiver.until(arrived, arrived() ? 0 : 1_000)) return null;
  return `WEBHOOK_PUBLIC_URL (${receiver.publicUrl}) does not lead to the suite's receiver (listening on port ${receiver.port}): a request with a nonce sent to ${endpoint.url} did not arrive there; ${answer}`;
}
