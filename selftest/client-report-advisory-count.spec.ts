import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { writeAllureResults } from '../report-card/allure.js';
import { cardLines } from '../report-card/card-lines.js';
import { gradeClient } from '../report-card/grade.js';
import { junitCard } from '../report-card/junit.js';
import { fp, JournalBuilder } from './broken-clients/journal-builder.js';

/**
 * The card counts as the suite does (docs/report.md, "One count everywhere"): an advisory
 * requirement that does not hold is a passed test with its warning, in JUnit and in Allure alike;
 * only a failed requirement is a failure.
 */
function cycleFollower(): JournalBuilder {
  const j = new JournalBuilder('client-advisory-count');
  // Every page names t-1 next: page t-1 names itself, and the follower fetches it again.
  for (const pageToken of [null, fp('t-1'), fp('t-1')])
    j.wait(300).listing(
      { bearer: fp('token-a'), page_token: pageToken },
      { page: { items: 3, next_token: fp('t-1') } },
    );
  return j;
}

test('an advisory warning on the card is a passed test with its warning in JUnit and Allure (C4.4-04)', () => {
  const j = cycleFollower();
  const card = gradeClient(j.clientId, j.records);
  const lines = cardLines(card);
  const advisory = lines.find((line) => line.id === 'C4.4-04');
  expect(advisory?.standing).toBe('advisory');

  const junit = junitCard(card, lines, false);
  const failed = lines.filter((line) => line.standing === 'failed').length;
  expect(junit).toMatch(new RegExp(`<testsuites [^>]*failures="${failed}"`));
  const testcase = junit.split('\n').find((line) => line.includes(advisory?.title ?? '?')) ?? '';
  expect(testcase).not.toMatch(/<skipped|<failure/);
  expect(testcase).toMatch(/<property name="advisory-warning" value="ADVISORY: [^"]+"\/>/);

  const dir = mkdtempSync(join(tmpdir(), 'card-allure-'));
  try {
    writeAllureResults(dir, card, lines, false);
    const results = readdirSync(dir)
      .filter((name) => name.endsWith('-result.json'))
      .map(
        (name) =>
          JSON.parse(readFileSync(join(dir, name), 'utf8')) as {
            status: string;
            statusDetails?: { message?: string };
            labels: Array<{ name: string; value: string }>;
          },
      );
    const result = results.find((found) =>
      found.labels.some((label) => label.name === 'requirement' && label.value === 'C4.4-04'),
    );
    expect(result?.status).toBe('passed');
    expect(result?.statusDetails?.message).toMatch(/^ADVISORY: /);
    expect(result?.labels).toContainEqual({ name: 'kind', value: 'advisory' });
    expect(results.filter((found) => found.status === 'failed')).toHaveLength(failed);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
