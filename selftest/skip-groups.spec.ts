import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { NEEDS_HELPERS, NEEDS_SECOND_CLIENT, NEEDS_STATUS_CHANGE } from '../fixtures/actors.js';
import { skipGroupLines, unlockOf } from '../scripts/skip-groups.js';
import { isSkip } from '../helpers/report/allure-reporter.js';

function skipped(reason: string) {
  return {
    projectName: 'conformance',
    status: 'skipped',
    annotations: [{ type: 'skip', description: reason }],
    results: [],
  };
}

test.describe('skips counted by what would unlock them', () => {
  test('a reason is cut to what would unlock the test', () => {
    expect(unlockOf(NEEDS_HELPERS)).toBe('needs the test helpers (SANDBOX_CONTROL_KEY)');
    expect(unlockOf(NEEDS_SECOND_CLIENT)).toBe('needs a second client');
    expect(unlockOf('')).toBe('no reason given');
  });

  test('the console lines: one a group, with its count, largest first; a broken test is not a skip', () => {
    const dir = mkdtempSync(join(tmpdir(), 'conformance-skips-'));
    try {
      const tests = [
        skipped(NEEDS_HELPERS),
        skipped(NEEDS_STATUS_CHANGE),
        skipped(NEEDS_HELPERS),
        skipped(NEEDS_SECOND_CLIENT),
        {
          ...skipped('Broken environment: down'),
          annotations: [{ type: 'broken-environment', description: 'down' }],
        },
        { projectName: 'conformance', status: 'expected', results: [{ status: 'passed' }] },
      ];
      const file = join(dir, 'results.json');
      writeFileSync(
        file,
        JSON.stringify({ suites: [{ specs: tests.map((one) => ({ title: 't', tests: [one] })) }] }),
      );
      expect(skipGroupLines(file)).toEqual([
        '2 × needs the test helpers (SANDBOX_CONTROL_KEY)',
        '1 × needs a second client',
        "1 × needs a way to change an ad's status, and no call of the API does",
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a skip taken in a fixture is not a global error of the Allure report; a hook that threw still is', () => {
    expect(isSkip({ error: { message: `Test is skipped: ${NEEDS_HELPERS}` } })).toBe(true);
    // A skip in a beforeEach hook (suites/token/code-lifecycle.spec.ts) carries the error's name first.
    expect(isSkip({ error: { message: `Error: Test is skipped: ${NEEDS_HELPERS}` } })).toBe(true);
    expect(isSkip({ error: { message: 'Error: connect ECONNREFUSED' } })).toBe(false);
    expect(isSkip({})).toBe(false);
  });
});
