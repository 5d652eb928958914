import { appendFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { gradeClient } from '../report-card/grade.js';
import { MAX_LINE_BYTES } from '../report-card/journal-lines.js';
import { parseJournalLines, readJournalFile, selectRecords } from '../report-card/source.js';
import { fp, JournalBuilder, publishedPage } from './broken-clients/journal-builder.js';
import { referenceJournal } from './broken-clients/reference-client.js';

/**
 * The card streams a journal file (report-card/source.ts): line by line, never read whole, every
 * line checked, only the client's records of the window kept, at most a bound of them (the
 * latest), the rest counted. Its cost at 10 million records: bench/card-stream.ts.
 */
function journalFile(lines: readonly string[]): string {
  const file = join(mkdtempSync(join(tmpdir(), 'card-stream-')), 'journal.jsonl');
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

const mine = referenceJournal(undefined, 'client-mine').records;
const other = referenceJournal(undefined, 'client-other').records;
const mixed = mine.flatMap((record, index) => [
  record,
  ...(other[index] === undefined ? [] : [other[index]]),
]);

test.describe('the report card streams a journal file', () => {
  test("the streamed records are the client's own of the window, as reading the file whole gives them", async () => {
    const file = journalFile(mixed.map((record) => JSON.stringify(record)));
    const window = { since: mine[5]?.at ?? '', until: mine[30]?.at ?? '' };
    const whole = selectRecords(
      parseJournalLines(mixed.map((record) => JSON.stringify(record)).join('\n'), file),
      'client-mine',
      window,
    );
    const streamed = await readJournalFile(file, 'client-mine', window);
    expect(streamed.records).toEqual(whole);
    expect(streamed.records.length).toBeGreaterThan(10);
    expect(streamed.leftOut).toBeUndefined();
  });

  test('past the bound, the latest records are kept and the oldest counted as left out', async () => {
    const file = journalFile(mixed.map((record) => JSON.stringify(record)));
    const read = await readJournalFile(file, 'client-mine', {}, 10);
    expect(read.records.map((record) => record.seq)).toEqual(mine.slice(-10).map((record) => record.seq));
    expect(read.leftOut).toBe(mine.length - 10);
  });

  test("a line that is not a record stops the read, naming its line, another client's line too", async () => {
    const lines = mixed.map((record) => JSON.stringify(record));
    lines.splice(7, 0, '{"kind":"request","seq":');
    const file = journalFile(lines);
    await expect(readJournalFile(file, 'client-mine', {})).rejects.toThrow(`${file}:8: not JSON`);
  });

  test('a line longer than any record stops the read naming its line and size, its bytes never held', async () => {
    const lines = mixed.map((record) => JSON.stringify(record));
    const file = journalFile(lines.slice(0, 3));
    appendFileSync(file, `${'x'.repeat(MAX_LINE_BYTES + 10)}\n`);
    appendFileSync(file, `${lines.slice(3).join('\n')}\n`);
    await expect(readJournalFile(file, 'client-mine', {})).rejects.toThrow(
      `${file}:4: a line of ${MAX_LINE_BYTES + 10} bytes, no journal record`,
    );
  });

  test("the newest file's last line cut short (no newline, no record) is skipped and named; a record there without its newline is read", async () => {
    const lines = mixed.map((record) => JSON.stringify(record));
    const torn = journalFile(lines);
    appendFileSync(torn, '{"kind":"request","seq":99');
    const read = await readJournalFile(torn, 'client-mine', {});
    expect(read.unfinished).toBe(`${torn}:${lines.length + 1}`);
    expect(read.records).toHaveLength(mine.length);
    const whole = journalFile(lines.slice(0, -1));
    appendFileSync(whole, lines.at(-1) ?? '');
    expect((await readJournalFile(whole, 'client-mine', {})).unfinished).toBeUndefined();
  });

  test('a crawl the bound splits is no made-up page_token (C4.4-01): the tokens answered by the records left out count', async () => {
    const j = new JournalBuilder('client-long-crawl');
    const token = fp('dealer-token');
    for (let page = 0; page < 30; page += 1)
      j.wait(300).listing(
        { bearer: token, page_token: page === 0 ? null : fp(`page-${page}`) },
        publishedPage(10, page === 29 ? null : fp(`page-${page + 1}`)),
      );
    const file = journalFile(j.records.map((record) => JSON.stringify(record)));
    const read = await readJournalFile(file, j.clientId, {}, 10);
    expect(read.leftOut).toBe(20);
    const card = gradeClient(j.clientId, read.records, {
      leftOut: read.leftOut ?? 0,
      answeredBefore: read.answeredBefore ?? [],
    });
    expect(card.lines.find((line) => line.requirement.id === 'C4.4-01')?.verdict.outcome).toBe('passed');
    const blind = gradeClient(j.clientId, read.records, { leftOut: read.leftOut ?? 0 });
    expect(
      blind.lines.find((line) => line.requirement.id === 'C4.4-01')?.verdict.outcome,
      'without them',
    ).toBe('failed');
  });
});
