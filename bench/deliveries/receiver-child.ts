// The suite's receiver in a process of its own, so that receiving never competes with the
// load generator for one event loop. Commands on stdin, one reply line each:
//   endpoint <label>      -> {url, path}: a fresh path on the receiver
//   wait <path> <count>   -> [[adId, receivedAt], ...] once `count` deliveries reached that path
import { Receiver, type ReceiverEndpoint } from '../../helpers/clients/receiver.js';
import { announceReady, answerCommands, closeOnSignal } from '../throughput/ready.js';

/** Receipt times are epoch milliseconds (time origin plus the monotonic clock), comparable across processes. */
export type Receipt = [adId: string, receivedAtMs: number];

async function main(): Promise<void> {
  const receiver = await Receiver.start({
    port: undefined,
    publicUrl: undefined,
    timing: { waitMs: 60_000, quietMs: 500 },
  });
  const endpoints = new Map<string, ReceiverEndpoint>();

  async function receipts(path: string, count: number): Promise<Receipt[]> {
    const endpoint = endpoints.get(path);
    if (endpoint === undefined) throw new Error(`unknown path ${path}`);
    const deliveries = await endpoint.waitFor(count);
    return deliveries.map((delivery) => {
      const adId = (JSON.parse(delivery.body) as { data: { ad: { id: string } } }).data.ad.id;
      return [adId, delivery.receivedAt];
    });
  }

  answerCommands(async (line) => {
    const [verb, argument, count] = line.split(' ');
    if (verb === 'endpoint') {
      const endpoint = receiver.endpoint(argument);
      endpoints.set(endpoint.path, endpoint);
      return JSON.stringify({ url: endpoint.url, path: endpoint.path });
    }
    if (verb === 'wait' && argument !== undefined)
      return JSON.stringify(await receipts(argument, Number(count)));
    throw new Error(`unknown command ${line}`);
  });
  announceReady({ url: receiver.publicUrl });
  closeOnSignal(() => receiver.stop());
}

void main();
