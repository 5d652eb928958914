import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { parseJournalLines, readJournalFile, selectRecords } from '../report-card/source.js';
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
});
