import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { gradeClient, idsStanding } from '../report-card/grade.js';
import { readJournalFile } from '../report-card/source.js';
import { IntegratorClient } from './support/integrator-client.js';
import { REDIRECT_URI, startChaosSandbox, type ChaosSandbox } from './support/chaos-sandbox.js';
import { patient } from '../helpers/target/patience.js';

/**
 * A record belongs to a client by proof (docs/sandbox-chaos.md, "Whose a record is"): its token,
 * its secret, or the code it exchanged (which ties the authorization request, sign-in and consent
 * that issued it). A neighbour holding only a team's client id (public: it is in every
 * authorization URL), sending thousands of requests while the team works, changes neither the
 * team's card nor what its ring keeps; the card says how many records named it without proof.
 */

const FLOOD = 6000;
const PARALLEL = 8;

/** Requests of every kind naming `clientId`, none with a credential of that client. */
function neighbourRequests(box: ChaosSandbox, clientId: string): Array<{ url: string; init: RequestInit }> {
  const apps = box.sandbox.appsUrl;
  const auth = box.sandbox.authUrl;
  const json = { 'content-type': 'application/json' };
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  const basic = `Basic ${Buffer.from(`${clientId}:not-its-secret`).toString('base64')}`;
  const authorize = new URLSearchParams({
    client_id: clientId,
    redirect_uri: REDIRECT_URI,
    response_type: 'code',
    scope: 'autoupload',
  });
  return [
    { url: `${apps}/autoupload/v1/published?client_id=${clientId}`, init: {} },
    { url: `${apps}/autoupload/v1/published?access_token=forged&client_id=${clientId}`, init: {} },
    {
      url: `${apps}/autoupload/import`,
      init: {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ client_id: clientId, ad_list: [{ id: 'x' }] }),
      },
    },
    { url: `${apps}/autoupload/v1/basic_user_info`, init: { headers: { authorization: basic } } },
    { url: `${auth}/oauth/authorize?${authorize.toString()}`, init: {} },
    {
      url: `${auth}/oauth/token`,
      init: {
        method: 'POST',
        headers: form,
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          client_id: clientId,
          code: 'guessed',
          redirect_uri: REDIRECT_URI,
        }).toString(),
      },
    },
    {
      url: `${auth}/oauth/token`,
      init: {
        method: 'POST',
        headers: { ...form, authorization: basic },
        body: 'grant_type=authorization_code&code=guessed',
      },
    },
  ];
}

async function flood(box: ChaosSandbox, clientId: string, client: IntegratorClient): Promise<number> {
  const kinds = neighbourRequests(box, clientId);
  let sent = 0;
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (sent < FLOOD) {
        const one = kinds[sent % kinds.length];
        sent += 1;
        if (one === undefined) continue;
        await client.call(
          one.url,
          one.init as { method?: string; headers?: Record<string, string>; body?: string },
        );
      }
    }),
  );
  return sent;
}

test.describe('a card only its client can write', () => {
  test(`a neighbour with only the team's client id, ${FLOOD} requests during its day, changes neither its card nor its ring`, async () => {
    test.setTimeout(patient(300_000));
    const folder = mkdtempSync(join(tmpdir(), 'journal-proof-'));
    const journalFile = join(folder, 'journal.jsonl');
    const box = await startChaosSandbox({ journalFile });
    const { sandbox } = box;
    const neighbour = new IntegratorClient(sandbox.authUrl, sandbox.appsUrl, sandbox.caFile, 5000);
    try {
      const team = box.actor(25);
      const flooding = flood(box, team.clientId, neighbour);
      const token = await box.signIn(team);
      expect((await team.client.userInfo(token)).status).toBe(200);
      const crawl = await team.client.crawl(token, 10);
      expect(crawl.pages).toEqual([10, 10, 5]);
      expect(await flooding).toBe(FLOOD);
      const api = await box.journal({ client_id: team.clientId });
      await box.close();
      const file = await readJournalFile(journalFile, team.clientId, {});
      // The team's ring keeps every record of its own: the same as the file's, its whole day.
      // (The file has the flow's pages again, with their client, once the code was exchanged.)
      const fileSeqs = file.records.map((record) => record.seq).sort((a, b) => a - b);
      expect(api.records.map((record) => record.seq)).toEqual(fileSeqs);
      expect(api.records.map((record) => record.kind === 'request' && record.endpoint)).toEqual([
        ...['authorize', 'login', 'consent', 'token', 'basic_user_info'],
        ...['listing', 'listing', 'listing'],
      ]);
      expect(api.dropped).toBe(0);
      // Its card: clean, as a quiet day's, graded from the file and from the control API alike.
      for (const read of [api, file]) {
        const card = gradeClient(team.clientId, read.records, { dropped: read.dropped });
        expect(idsStanding(card, 'failed')).toEqual([]);
        expect(idsStanding(card, 'passed')).toEqual(expect.arrayContaining(['C2.2-01', 'C4.4-01']));
      }
      // What the neighbour sent is kept apart and counted, never graded.
      expect(file.claimed).toBe(FLOOD);
      expect(api.claimed).toBe(FLOOD);
    } finally {
      await neighbour.close();
      await box.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });

  test('a credential wherever it travels ties its request to its client: a token in the query or the path, a secret at a resource endpoint', async () => {
    const box = await startChaosSandbox();
    try {
      const team = box.actor(5);
      const token = await box.signIn(team);
      const apps = box.sandbox.appsUrl;
      const bearer = { authorization: `Bearer ${token}` };
      const listing = `${apps}/autoupload/v1/published`;
      await team.client.call(`${listing}?access_token=${token}&fetch_size=2`);
      await team.client.call(`${listing}?access_token=${token}&fetch_size=2`, { headers: bearer });
      await team.client.call(`${listing}/${token}`);
      await team.client.call(`${listing}?fetch_size=2&key=${encodeURIComponent(team.secret)}`, {
        headers: bearer,
      });
      const { records } = await box.journal({ client_id: team.clientId });
      const text = JSON.stringify(records);
      for (const secret of [token, team.secret]) expect(text.includes(secret)).toBe(false);
      const fp = box.sandbox.state.journal.fingerprints.fp(token);
      const listings = records.filter(
        (record) =>
          record.kind === 'request' &&
          record.endpoint !== 'token' &&
          record.endpoint !== 'authorize' &&
          record.endpoint !== 'login' &&
          record.endpoint !== 'consent',
      );
      // All four are the team's records, each credential where it travelled, as a fingerprint.
      expect(listings.map((record) => record.kind === 'request' && record.credentials)).toEqual([
        { query_token: fp },
        { bearer: fp, query_token: fp },
        { path_token: fp },
        { bearer: fp, secret_in: ['query'] },
      ]);
      const card = gradeClient(team.clientId, records);
      const line = (id: string) => card.lines.find((one) => one.requirement.id === id);
      // The token in the URL beside the header: C4-02 (advisory); the token only in the URL of
      // the listing: C4-01's; the secret at the listing: C5-01's.
      expect(idsStanding(card, 'advisory')).toContain('C4-02');
      const c402 = line('C4-02')?.verdict;
      expect(c402?.outcome === 'failed' ? c402.evidence.map((record) => record.seq) : []).toEqual([
        listings[1]?.seq,
      ]);
      expect(idsStanding(card, 'failed')).toEqual(expect.arrayContaining(['C4-01', 'C5-01']));
    } finally {
      await box.close();
    }
  });
});
