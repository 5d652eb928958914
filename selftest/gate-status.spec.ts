import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { gateStatus, summarise } from '../scripts/lib.js';
import { ADVISORY_WARNING } from '../helpers/report/advisory-warning.js';

/**
 * A Playwright JSON report with one test per given outcome, and `errors` outside the tests. A
 * `warned` test is an advisory point that did not hold (helpers/assert/advise.ts): expected to
 * fail, it passed, with the warning's annotation.
 */
function report(tests: Array<{ project: string; status: string }>, errors: number): string {
  const file = join(mkdtempSync(join(tmpdir(), 'gate-status-')), 'results.json');
  const specs = tests.map((one, index) => ({
    title: `t${index}`,
    tests: [
      {
        projectName: one.project,
        status: one.status === 'warned' ? 'expected' : one.status,
        annotations:
          one.status === 'warned' ? [{ type: ADVISORY_WARNING, description: 'ADVISORY (x): y' }] : [],
        results: [{ error: { message: 'x' } }],
      },
    ],
  }));
  writeFileSync(
    file,
    JSON.stringify({ suites: [{ specs }], errors: Array.from({ length: errors }, () => ({})) }),
  );
  return file;
}

test.describe('the gate: conformance failures fail it, advisory warnings alone do not', () => {
  test('advisory warnings alone pass the gate: passed tests, each with its warning', () => {
    const counts = summarise(report([{ project: 'advisory', status: 'warned' }], 0));
    expect(counts.warnings).toBe(1);
    expect(counts.passed).toBe(1);
    expect(counts.failed).toBe(0);
    expect(gateStatus(0, counts)).toBe(0);
  });

  test('an advisory test that fails otherwise than by its advisory point (a timeout) is a failure', () => {
    const counts = summarise(report([{ project: 'advisory', status: 'unexpected' }], 0));
    expect(counts.warnings).toBe(0);
    expect(counts.failed).toBe(1);
    expect(gateStatus(1, counts)).toBe(1);
  });

  test('a conformance failure fails the gate, warnings or not', () => {
    const counts = summarise(
      report(
        [
          { project: 'conformance', status: 'unexpected' },
          { project: 'advisory', status: 'warned' },
        ],
        0,
      ),
    );
    expect(counts.failed).toBe(1);
    expect(gateStatus(1, counts)).toBe(1);
  });

  test('an error outside the tests fails the gate even when only advisory checks failed', () => {
    const counts = summarise(report([{ project: 'advisory', status: 'warned' }], 1));
    expect(counts.errors).toBe(1);
    expect(gateStatus(1, counts)).toBe(1);
  });

  test('a crash or a bad configuration keeps its own exit status', () => {
    expect(gateStatus(2, summarise(report([], 0)))).toBe(2);
  });
});
