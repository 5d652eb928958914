import { expect, test } from '@playwright/test';
import { exitCodeOf, gradeClient, standingOf } from '../report-card/grade.js';
import { selectRecords } from '../report-card/source.js';
import { MISTAKES, type Mistake } from './broken-clients/mistakes.js';
import { referenceJournal } from './broken-clients/reference-client.js';

/** Each requirement's standing for one client's records. */
function standings(records: Parameters<typeof gradeClient>[1]): Record<string, string> {
  const card = gradeClient('client-under-test', records);
  return Object.fromEntries(card.lines.map((line) => [line.requirement.id, standingOf(line)]));
}

test.describe('the report card grades the broken clients', () => {
  test('the reference client: every requirement passed (its journal exercises them all)', () => {
    const card = gradeClient('client-reference', referenceJournal().records);
    for (const line of card.lines)
      expect(standingOf(line), `${line.requirement.id}: ${JSON.stringify(line.verdict)}`).toBe('passed');
    expect(exitCodeOf(card, true)).toBe(0);
  });

  test('a client that made no request: every requirement not exercised, exit 1 only with the flag', () => {
    const card = gradeClient('client-silent', []);
    expect(new Set(card.lines.map(standingOf))).toEqual(new Set(['not exercised']));
    expect(exitCodeOf(card, false)).toBe(0);
    expect(exitCodeOf(card, true)).toBe(1);
  });

  for (const [mistake, id] of Object.entries(MISTAKES) as Array<[Mistake, string]>)
    test(`${id}: the client that ${mistake.replace(/-/g, ' ')} fails ${id} alone, the record of its mistake as evidence`, () => {
      const { records, mistake: culprit } = referenceJournal(mistake);
      expect(culprit, 'the fixture marks the record of its mistake').toBeDefined();
      const card = gradeClient('client-broken', records);
      const wrong = card.lines.filter((line) => line.verdict.outcome === 'failed');
      expect(wrong.map((line) => line.requirement.id)).toEqual([id]);
      const verdict = wrong[0]?.verdict;
      if (verdict?.outcome !== 'failed') throw new Error('unreachable: filtered on failed');
      expect(verdict.evidence.map((record) => record.seq)).toContain(culprit);
      const advisory = wrong[0]?.requirement.advisory !== undefined;
      expect(standings(records)[id]).toBe(advisory ? 'advisory' : 'failed');
      expect(exitCodeOf(card, false), 'an advisory requirement only warns').toBe(advisory ? 0 : 1);
    });

  test('a grade depends on the records only: the same card whatever order they arrive in', () => {
    const { records } = referenceJournal('loops-on-a-repeated-token');
    const shuffled = [...records].sort((a, b) => ((a.seq * 7919) % 31) - ((b.seq * 7919) % 31));
    const verdicts = (card: ReturnType<typeof gradeClient>) => card.lines.map((line) => line.verdict);
    expect(verdicts(gradeClient('c', shuffled))).toEqual(verdicts(gradeClient('c', records)));
  });

  test("the records graded: the client's own, within the window", () => {
    const mine = referenceJournal(undefined, 'client-mine').records;
    const other = referenceJournal(undefined, 'client-other').records;
    const since = mine[10]?.at ?? '';
    const until = mine[20]?.at ?? '';
    const selected = selectRecords([...mine, ...other], 'client-mine', { since, until });
    expect(selected.map((record) => record.seq)).toEqual(mine.slice(10, 21).map((record) => record.seq));
  });
});
