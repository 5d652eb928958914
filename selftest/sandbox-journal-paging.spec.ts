import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { cardLines } from '../report-card/card-lines.js';
import { gradeClient } from '../report-card/grade.js';
import { fetchJournal, readJournalFile } from '../report-card/source.js';
import { JOURNAL_PAGE_BYTES } from '../sandbox/journal/journal-page.js';
import { Journal, type JournalFilter } from '../sandbox/journal/journal.js';
import {
  JOURNAL_PAGE_RECORDS,
  type JournalAnswer,
  type JournalRecord,
  type RequestRecord,
} from '../spec/journal.js';
import { referenceJournal } from './broken-clients/reference-client.js';
import { CONTROL_KEY, eventually, startChaosSandbox, type ChaosSandbox } from './support/chaos-sandbox.js';

/**
 * The control API pages the journal (sandbox/journal/journal-page.ts, docs/sandbox-chaos.md):
 * `after` the `next` of the page before, `limit` bounded; pages in the order records were kept,
 * none read twice or skipped while records keep arriving (a flow's pages proven between two
 * reads included), a page bounded in count and bytes, bad values refused in the helpers' format.
 * The card's control-API source follows the pages and grades as from the journal's file.
 */

type NewRequest = Omit<RequestRecord, 'seq' | 'at'>;

function request(clientId: string | null, extra: Partial<NewRequest> = {}): NewRequest {
  return {
    kind: 'request',
    client_id: clientId,
    login: null,
    endpoint: 'listing',
    method: 'GET',
    path: '/autoupload/v1/published',
    scheme: 'http',
    query: {},
    credentials: {},
    status: 200,
    duration_ms: 1,
    ...extra,
  };
}

/** A flow's page naming a client it has not proven yet (the claimed pages' ring). */
const claimedPage = (clientId: string): NewRequest =>
  request(null, { endpoint: 'authorize', path: '/oauth/authorize', claimed_client_id: clientId });

/** Every page from the first, `between` run after each page (records arriving meanwhile). */
function allPages(
  journal: Journal,
  filter: JournalFilter,
  limit: number,
  between: (index: number) => void = () => undefined,
): JournalAnswer[] {
  const pages: JournalAnswer[] = [];
  let after: string | undefined;
  for (;;) {
    const page = journal.page(filter, after, limit);
    if (typeof page === 'string') throw new Error(page);
    pages.push(page);
    if (page.more !== true) return pages;
    after = page.next;
    between(pages.length);
  }
}

/** A record as the journal takes it, to number and time anew. */
function unnumbered(record: JournalRecord): Parameters<Journal['add']>[0] {
  const copy: Partial<JournalRecord> = { ...record };
  delete copy.seq;
  delete copy.at;
  return copy as Parameters<Journal['add']>[0];
}

const seqsOf = (records: readonly JournalRecord[]): number[] => records.map((record) => record.seq);
const sorted = (values: readonly number[]): number[] => [...values].sort((a, b) => a - b);

test.describe('the journal read a page at a time', () => {
  test('a client’s pages: in order, each within its limit, none twice or skipped while records arrive and pages are proven', () => {
    const journal = new Journal(true, null);
    for (let index = 0; index < 10; index += 1) journal.add(request('mine'));
    const flow = new Set<number>();
    for (let index = 0; index < 3; index += 1) flow.add(journal.add(claimedPage('mine'), null).seq);
    for (let index = 0; index < 5; index += 1) journal.add(request('other'));
    const pages = allPages(journal, { clientId: 'mine' }, 4, (index) => {
      journal.add(request('mine'));
      journal.add(request('other'));
      // The flow proven after the reader passed its pages' seqs: a cursor on seq would skip them.
      if (index === 2) journal.prove('mine', flow);
    });
    const read = pages.flatMap((page) => page.records);
    expect(pages.length).toBeGreaterThan(3);
    for (const page of pages) expect(page.records.length).toBeLessThanOrEqual(4);
    expect(read.every((record) => record.client_id === 'mine')).toBe(true);
    const seqs = seqsOf(read);
    expect(new Set(seqs).size, 'no record read twice').toBe(seqs.length);
    expect(sorted(seqs), 'none skipped').toEqual(seqsOf(journal.read({ clientId: 'mine' }).records));
    for (const seq of flow) expect(seqs).toContain(seq);
    expect(pages.at(-1)?.claimed).toBe(0);
  });

  test('every client’s pages: each record kept read once, a proven page again with its client, as the file has it', () => {
    const journal = new Journal(true, null);
    const flow = new Set<number>();
    for (let index = 0; index < 4; index += 1) flow.add(journal.add(claimedPage('mine'), null).seq);
    for (let index = 0; index < 12; index += 1) journal.add(request(index % 2 === 0 ? 'mine' : 'other'));
    const pages = allPages(journal, {}, 5, (index) => {
      journal.add(request('third'));
      if (index === 1) journal.prove('mine', flow);
    });
    const read = pages.flatMap((page) => page.records);
    const keys = read.map((record) => `${record.seq}/${record.client_id ?? 'claimed'}`);
    expect(new Set(keys).size, 'no record read twice').toBe(keys.length);
    for (const record of journal.read().records) expect(keys).toContain(`${record.seq}/${record.client_id}`);
    // Read before their proof as claimed, and after it again with their client.
    for (const seq of flow) expect(keys).toContain(`${seq}/mine`);
  });

  test('the last page’s cursor reads what came after it, and nothing before', () => {
    const journal = new Journal(true, null);
    for (let index = 0; index < 3; index += 1) journal.add(request('mine'));
    const first = journal.page({ clientId: 'mine' }, undefined, JOURNAL_PAGE_RECORDS);
    if (typeof first === 'string') throw new Error(first);
    expect(first.more).toBe(false);
    const empty = journal.page({ clientId: 'mine' }, first.next, 10);
    expect(empty).toMatchObject({ records: [], more: false, next: first.next });
    const later = journal.add(request('mine'));
    journal.add(request('other'));
    const next = journal.page({ clientId: 'mine' }, first.next, 10);
    if (typeof next === 'string') throw new Error(next);
    expect(seqsOf(next.records)).toEqual([later.seq]);
  });

  test(`a page holds at most ${JOURNAL_PAGE_BYTES / 1024 / 1024} MB of records, whatever its limit`, () => {
    const journal = new Journal(true, null);
    const blob = 'x'.repeat(15_000);
    for (let index = 0; index < 400; index += 1)
      journal.add(request(index % 2 === 0 ? 'one' : 'two', { params: { blob } }));
    const pages = allPages(journal, {}, JOURNAL_PAGE_RECORDS);
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages)
      expect(
        page.records.reduce((sum, record) => sum + JSON.stringify(record).length + 1, 0),
      ).toBeLessThanOrEqual(JOURNAL_PAGE_BYTES);
    expect(pages.flatMap((page) => page.records).length).toBe(400);
  });

  test('a cursor of another run, or past the journal’s end, is refused', () => {
    const journal = new Journal(true, null);
    journal.add(request('mine'));
    const page = journal.page({}, undefined, 10);
    if (typeof page === 'string' || page.next === undefined) throw new Error('set-up: a page and its cursor');
    expect(new Journal(true, null).page({}, page.next, 10)).toContain('earlier run');
    const [run] = page.next.split('.');
    expect(journal.page({}, `${run}.99`, 10)).toContain('not reached');
    expect(journal.page({}, 'seq-12', 10)).toContain('`next` of an earlier answer');
  });
});

async function helper(box: ChaosSandbox, query: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${box.sandbox.controlUrl}/test_helpers/v1/journal?${query}`, {
    headers: { 'x-sandbox-key': CONTROL_KEY },
  });
  return { status: response.status, body: await response.json() };
}

test.describe('the control API pages the journal', () => {
  test('pages while the client’s requests keep arriving: in order, none twice, none skipped', async () => {
    const box = await startChaosSandbox();
    try {
      const actor = box.actor(12);
      const token = await box.signIn(actor);
      await actor.client.crawl(token, 3);
      const { journal } = box.sandbox.state;
      const read: JournalRecord[] = [];
      let after = '';
      let pages = 0;
      /** Pages from `after` until the sandbox says none follow, `between` after each. */
      const readPages = async (between: () => Promise<unknown>): Promise<void> => {
        for (;;) {
          const query = new URLSearchParams({
            client_id: actor.clientId,
            limit: '2',
            ...(after ? { after } : {}),
          });
          const { status, body } = await helper(box, query.toString());
          expect(status).toBe(200);
          const page = body as JournalAnswer;
          pages += 1;
          expect(page.records.length).toBeLessThanOrEqual(2);
          expect(seqsOf(page.records), 'oldest first within a page').toEqual(sorted(seqsOf(page.records)));
          read.push(...page.records);
          after = page.next ?? '';
          if (page.more !== true) return;
          await between();
        }
      };
      // New requests between the reads, journaled while the reader is halfway.
      await readPages(async () => (pages <= 3 ? actor.client.userInfo(token) : undefined));
      expect(pages).toBeGreaterThan(3);
      // A record is made as its answer leaves: once the last ones are in, the last cursor reads them.
      const userInfos = () =>
        journal.read({ clientId: actor.clientId, endpoint: 'basic_user_info' }).records.length;
      await eventually(
        'the three requests journaled',
        () => Promise.resolve(userInfos()),
        (count) => count === 3,
      );
      await readPages(() => Promise.resolve());
      const seqs = seqsOf(read);
      expect(new Set(seqs).size, 'no record read twice').toBe(seqs.length);
      expect(sorted(seqs), 'none skipped').toEqual(
        seqsOf(journal.read({ clientId: actor.clientId }).records),
      );
    } finally {
      await box.close();
    }
  });

  test('without paging parameters, a client’s records whole, as before, and the cursor after them', async () => {
    const box = await startChaosSandbox();
    try {
      const actor = box.actor(3);
      const token = await box.signIn(actor);
      await actor.client.crawl(token, 3);
      await actor.client.userInfo(token);
      // A record is made as its answer leaves: the last request's in, the ones before it are too.
      await eventually(
        'the last request journaled',
        () =>
          Promise.resolve(
            box.sandbox.state.journal.read({ clientId: actor.clientId, endpoint: 'basic_user_info' }).records,
          ),
        (records) => records.length === 1,
      );
      const { status, body } = await helper(box, `client_id=${actor.clientId}`);
      expect(status).toBe(200);
      const answer = body as JournalAnswer;
      expect(seqsOf(answer.records)).toEqual(
        seqsOf(box.sandbox.state.journal.read({ clientId: actor.clientId }).records),
      );
      expect(answer).toMatchObject({ dropped: 0, claimed: 0, more: false });
      expect(typeof answer.next).toBe('string');
    } finally {
      await box.close();
    }
  });

  test('a bad limit or cursor: 400 BAD_REQUEST in the helpers’ format', async () => {
    const box = await startChaosSandbox();
    try {
      box.sandbox.state.journal.add(request('mine'));
      const { body } = await helper(box, 'limit=1');
      const next = (body as JournalAnswer).next ?? '';
      const [run] = next.split('.');
      const otherRun = `${run === 'abcdef01' ? 'abcdef02' : 'abcdef01'}.0`;
      for (const query of [
        'limit=0',
        `limit=${JOURNAL_PAGE_RECORDS + 1}`,
        'limit=-1',
        'limit=1.5',
        'limit=ten',
        'limit=',
        'limit=1&limit=2',
        'after=',
        'after=12',
        `after=${run}.999999`,
        `after=${otherRun}`,
        `after=${encodeURIComponent(next)}&after=${encodeURIComponent(next)}`,
      ]) {
        const refused = await helper(box, query);
        expect(refused.status, query).toBe(400);
        expect(refused.body, query).toMatchObject({ reason: 'BAD_REQUEST', message: expect.any(String) });
      }
      expect(
        (await helper(box, `limit=${JOURNAL_PAGE_RECORDS}&after=${encodeURIComponent(next)}`)).status,
      ).toBe(200);
    } finally {
      await box.close();
    }
  });
});

test.describe('the card over the control API', () => {
  test('followed page by page, the card is the one the journal’s file gives', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'journal-paging-'));
    const journalFile = join(folder, 'journal.jsonl');
    const box = await startChaosSandbox({ journalFile });
    try {
      const { journal } = box.sandbox.state;
      const mine = referenceJournal(undefined, 'client-mine').records;
      const other = referenceJournal(undefined, 'client-other').records;
      for (const [index, record] of mine.entries())
        for (const made of [record, other[index]]) {
          if (made === undefined) continue;
          journal.add(unnumbered(made), made.client_id, new Date(made.at));
        }
      journal.flush();
      const fromFile = await readJournalFile(journalFile, 'client-mine', {});
      const paged = await fetchJournal(
        box.sandbox.controlUrl,
        CONTROL_KEY,
        'client-mine',
        {},
        { pageSize: 7 },
      );
      expect(paged.records.length, 'more records than three pages').toBeGreaterThan(21);
      expect(paged.records).toEqual(fromFile.records);
      const card = (read: typeof paged) => cardLines(gradeClient('client-mine', read.records));
      expect(card(paged)).toEqual(card(fromFile));
      const latest = await fetchJournal(
        box.sandbox.controlUrl,
        CONTROL_KEY,
        'client-mine',
        {},
        {
          pageSize: 7,
          most: 10,
        },
      );
      expect(seqsOf(latest.records)).toEqual(seqsOf(fromFile.records.slice(-10)));
      expect(latest.leftOut).toBe(fromFile.records.length - 10);
    } finally {
      await box.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
