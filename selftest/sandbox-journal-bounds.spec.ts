import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request as httpRequest } from 'node:http';
import { expect, test } from '@playwright/test';
import { JOURNAL_RECORD_BYTES, JOURNAL_RING_BYTES, Journal } from '../sandbox/journal/journal.js';
import { MAX_LIST } from '../sandbox/journal/facts.js';
import { readJournalFile } from '../report-card/source.js';
import type { JournalRecord, RequestRecord } from '../spec/journal.js';
import { startChaosSandbox, requestsOf } from './support/chaos-sandbox.js';
import { patient } from '../helpers/target/patience.js';

/**
 * The journal is bounded whatever anyone sends (docs/sandbox-chaos.md, "Bounded"): a request that
 * proved no client leaves no facts of its body; every fact is cut to its stated size; each ring is
 * bounded in bytes as well as in count; the file rotates at its size and the card reads across
 * the rotations.
 */

const IMPORTS = 1200;
const PARALLEL = 6;

/** An import body of about 0.9 MB: ads whose catalog ids are long strings (never cut before). */
function hugeImport(clientId: string): string {
  const brand = 'b'.repeat(9000);
  const ads = Array.from({ length: 100 }, (_, index) => ({
    id: `ad-${index}`,
    params: { vehicle_brand: brand, vehicle_model: `${index}`, vehicle_version: '7' },
  }));
  return JSON.stringify({ client_id: clientId, ad_list: ads });
}

function post(url: string, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        response.resume();
        response.on('end', () => {
          resolve(response.statusCode ?? 0);
        });
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });
}

function request(clientId: string, seqLabel: string): Omit<RequestRecord, 'seq' | 'at'> {
  return {
    kind: 'request',
    client_id: clientId,
    login: null,
    endpoint: 'listing',
    method: 'GET',
    path: `/autoupload/v1/published/${seqLabel}`,
    scheme: 'http',
    query: {},
    credentials: {},
    status: 200,
    duration_ms: 1,
  };
}

test.describe('the journal is bounded whatever anyone sends', () => {
  test(`${IMPORTS} unauthenticated 0.9 MB imports leave small records, a bounded ring and a bounded file`, async () => {
    test.setTimeout(patient(300_000));
    const folder = mkdtempSync(join(tmpdir(), 'journal-bounds-'));
    const journalFile = join(folder, 'journal.jsonl');
    const box = await startChaosSandbox({ journalFile });
    try {
      const team = box.actor(0);
      const body = hugeImport(team.clientId);
      expect(body.length).toBeGreaterThan(900_000);
      const url = `${box.sandbox.appsUrl}/autoupload/import`;
      const statuses: number[] = [];
      let next = 0;
      await Promise.all(
        Array.from({ length: PARALLEL }, async () => {
          while (next < IMPORTS) {
            next += 1;
            statuses.push(await post(url, body));
          }
        }),
      );
      expect(statuses.length).toBe(IMPORTS);
      expect(statuses.every((status) => status >= 400 && status < 500)).toBe(true);
      const { journal } = box.sandbox.state;
      // In memory: the claimed-only ring, bounded in bytes; the team's own ring untouched.
      expect(journal.bytesHeld).toBeLessThanOrEqual(JOURNAL_RING_BYTES);
      expect(journal.read({ clientId: team.clientId }).records).toEqual([]);
      await box.close();
      const lines = readFileSync(journalFile, 'utf8').trim().split('\n');
      const imports = requestsOf(lines.map((line) => JSON.parse(line) as JournalRecord)).filter(
        (record) => record.endpoint === 'import',
      );
      expect(imports.length).toBe(IMPORTS);
      // No facts of a body whose request proved nothing; the claim kept apart, never the client's.
      expect(imports.every((record) => record.params === undefined && record.client_id === null)).toBe(true);
      expect(imports.every((record) => record.claimed_client_id === team.clientId)).toBe(true);
      const longest = Math.max(...lines.map((line) => Buffer.byteLength(line)));
      expect(longest).toBeLessThan(2048);
      expect(statSync(journalFile).size).toBeLessThan(IMPORTS * 2048);
    } finally {
      await box.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });

  test('a proven import keeps its ids cut to the stated size; no record passes its bound', () => {
    const journal = new Journal(true, null);
    const record = journal.add({
      ...request('team', 'x'),
      endpoint: 'import',
      params: { ad_count: 100, ad_ids: 'i'.repeat(MAX_LIST), catalog_ids: 'c'.repeat(MAX_LIST) },
      query: Object.fromEntries(
        Array.from({ length: 50 }, (_, index) => [`p${index}`.padEnd(64, 'x'), 'v'.repeat(256)]),
      ),
    });
    expect(JSON.stringify(record).length).toBeLessThanOrEqual(JOURNAL_RECORD_BYTES);
    expect(record.kind === 'request' && record.cut).toBe(true);
  });

  test('each ring is bounded in bytes as well as in count; all rings together in bytes', () => {
    const journal = new Journal(true, null, { ringSize: 1000, ringBytes: 4000, memoryBytes: 10_000 });
    for (let index = 0; index < 100; index += 1) journal.add(request('busy', 'p'.repeat(200)));
    const busy = journal.read({ clientId: 'busy' }).records;
    expect(busy.length).toBeLessThan(20);
    expect(busy.reduce((sum, record) => sum + JSON.stringify(record).length + 1, 0)).toBeLessThanOrEqual(
      4000,
    );
    expect(busy.at(-1)?.seq).toBe(100);
    for (let index = 0; index < 3; index += 1)
      for (let count = 0; count < 100; count += 1) journal.add(request(`team-${index}`, 'p'.repeat(200)));
    expect(journal.bytesHeld).toBeLessThanOrEqual(10_000);
    // The total bound takes from the largest ring: every team keeps records.
    for (const id of ['busy', 'team-0', 'team-1', 'team-2'])
      expect(journal.read({ clientId: id }).records.length, id).toBeGreaterThan(0);
  });

  test('the file rotates at its size, keeps its rotations, and the card reads across them', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'journal-rotate-'));
    const file = join(folder, 'journal.jsonl');
    try {
      const journal = new Journal(true, file, { fileBytes: 20_000, filesKept: 3 });
      // Each batch of the file is one write (of the records of 20 ms): written here one by one.
      for (let batch = 0; batch < 20; batch += 1) {
        for (let index = 0; index < 20; index += 1) journal.add(request('team', `${batch}-${index}`));
        journal.flush();
      }
      await journal.close();
      const names = readdirSync(folder).sort();
      expect(names).toEqual(['journal.jsonl', 'journal.jsonl.1', 'journal.jsonl.2', 'journal.jsonl.3']);
      for (const name of names) expect(statSync(join(folder, name)).size).toBeLessThanOrEqual(20_000);
      const read = await readJournalFile(file, 'team', {});
      const seqs = read.records.map((record) => record.seq);
      // Consecutive, newest last, from the oldest rotation kept to the live file.
      expect(seqs.at(-1)).toBe(400);
      expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, index) => 401 - seqs.length + index));
      expect(seqs.length).toBeGreaterThan(100);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
