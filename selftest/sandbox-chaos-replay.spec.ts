import { expect, test } from '@playwright/test';
import type { JournalRecord } from '../spec/journal.js';
import { CHAOS_TEST_SEED, decisionsOfRecord, repeat } from './support/chaos-checks.js';
import {
  deliveriesOf,
  eventually,
  requestsOf,
  startChaosSandbox,
  TokenCheckingReceiver,
} from './support/chaos-sandbox.js';
import { patient } from '../helpers/target/patience.js';

/**
 * Seed and replay (docs/sandbox-chaos.md): the same seed and the same sequence of requests and
 * changes give the same decisions, in two sandboxes one after the other; another seed gives
 * others. The client has the same id in each (a seed file would give it so), since decisions are
 * drawn from the seed, the client id and the request's place in that client's sequence.
 */

const SEED = CHAOS_TEST_SEED;
const NOTIFICATION_TOKEN = 'ntk-replay-selftest-0123456789';
const CLIENT = { clientId: 'cl_replay_selftest_client', secret: 'replay-selftest-client-secret-0123456789' };

interface Run {
  requests: string[];
  deliveries: string[];
  seeds: number[];
}

const describe = (record: JournalRecord): string => JSON.stringify(decisionsOfRecord(record));

/** The decisions of a run: each chaotic request's in order, each event's deliveries by ad. */
function decisionsOfRun(records: readonly JournalRecord[]): Run {
  const byEvent = new Map<string, string[]>();
  for (const record of deliveriesOf(records))
    byEvent.set(record.ad_id, [
      ...(byEvent.get(record.ad_id) ?? []),
      `${record.attempt}:${describe(record)}`,
    ]);
  return {
    requests: requestsOf(records)
      .filter((record) => record.chaos !== undefined)
      .map(describe),
    deliveries: [...byEvent.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([ad, seen]) => `${ad} ${seen.sort().join(' ')}`),
    seeds: [...new Set(records.flatMap((record) => (record.chaos === undefined ? [] : [record.chaos.seed])))],
  };
}

/** One run: 150 listing calls, a crawl and 30 status changes under four profiles, one at a time. */
async function run(seed: number): Promise<Run> {
  const box = await startChaosSandbox();
  const receiver = new TokenCheckingReceiver(NOTIFICATION_TOKEN);
  try {
    const actor = box.actor(40, CLIENT);
    const token = await box.signIn(actor);
    expect((await actor.client.subscribe(token, await receiver.start(), NOTIFICATION_TOKEN)).status).toBe(
      201,
    );
    const profiles = ['edge', 'pages', 'statuses', 'deliveries'];
    await box.setChaos({
      profiles,
      clients: [CLIENT.clientId],
      seed,
      timeout_ms: 50,
      latency_ms: 1,
      delay_ms: 100,
    });
    const listing = `${box.sandbox.appsUrl}/autoupload/v1/published?fetch_size=7`;
    await repeat(150, 1, () => actor.client.call(listing, { headers: { authorization: `Bearer ${token}` } }));
    await actor.client.crawl(token, 6);
    for (let index = 0; index < 30; index += 1) await box.changeStatus(actor.login, `ad-${index}`, 'deleted');
    await eventually(
      'the deliveries made',
      async () => deliveriesOf((await box.journal({ client_id: CLIENT.clientId })).records),
      (records) =>
        new Set(records.filter((record) => record.outcome === 'delivered').map((record) => record.ad_id))
          .size === 30,
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    return decisionsOfRun((await box.journal({ client_id: CLIENT.clientId })).records);
  } finally {
    await receiver.close();
    await box.close();
  }
}

test.describe('seed and replay', () => {
  test('the same seed and requests give the same decisions; another seed others; the seed is in every record', async () => {
    test.setTimeout(patient(120_000));
    console.log(`chaos seed ${SEED} (CHAOS_SEED replays it)`);
    const first = await run(SEED);
    const again = await run(SEED);
    const other = await run(SEED + 1);
    expect(first.requests.length).toBeGreaterThan(150);
    expect(first.requests.filter((decisions) => decisions !== '[]').length).toBeGreaterThan(20);
    expect(again.requests).toEqual(first.requests);
    expect(again.deliveries).toEqual(first.deliveries);
    expect(other.requests).not.toEqual(first.requests);
    expect(other.deliveries).not.toEqual(first.deliveries);
    expect([first.seeds, other.seeds]).toEqual([[SEED], [SEED + 1]]);
  });
});
