import { expect, test } from '@playwright/test';
import { requirementGrep } from '../embedded/requirement-grep.js';
import { runSuite, type SuiteRunResult } from '../embedded/run-suite.js';
import { FAULTS, type FaultName } from '../sandbox/faults.js';
import { VARIANTS, type VariantName } from '../sandbox/variants.js';
import { failsNaming } from '../scripts/kill-matrix.js';
import type { JsonSpec } from '../scripts/lib.js';
import { pathCoverage, pathLines } from '../scripts/path-coverage.js';
import { pathTag, type Path } from '../spec/requirements/paths.js';
import { patient } from '../helpers/target/patience.js';

/**
 * Sentences once checked on one path of several (spec/requirements/paths.ts): for each, a fault
 * that is right on the path the old checks took and wrong on the other. The old checks (the
 * requirement's tests that do not take the path) pass it; the tests that take the path fail it,
 * naming the requirement; and a correct server that takes the other path its own way passes them.
 */
interface PathCase {
  path: Path;
  fault: FaultName;
  /** Where the requirement's tests live (other files carry the same tags for other reasons). */
  files: readonly string[];
  /** A correct server on that path: every test of the path must pass against it, none skipped. */
  variant: VariantName;
}

const CASES: readonly PathCase[] = [
  {
    path: 'client-auth:basic',
    fault: 'token-basic-skips-client-binding',
    files: ['suites/token'],
    variant: 'token-basic-auth',
  },
  {
    path: 'ad-state:changed',
    fault: 'listing-status-as-first-listed',
    files: ['suites/listing'],
    variant: 'listing-changed-ads-last',
  },
  {
    path: 'delivery:retry',
    fault: 'notify-retry-without-token',
    files: ['suites/notifications'],
    variant: 'delivery-retry-later',
  },
];

/** The tests of a requirement that do (or do not) take the path: a lookahead on the tags. */
function grepOf(ids: readonly string[], path: Path, taken: boolean): string {
  return `^(?${taken ? '=' : '!'}.*${pathTag(path)})(?=.*(?:${requirementGrep(ids)}))`;
}

function summary(run: SuiteRunResult): string[] {
  return run.tests.map(
    (one) => `${one.status}: ${one.title}${one.status === 'passed' ? '' : `\n${one.message.slice(0, 600)}`}`,
  );
}

test.describe('paths: a sentence checked on every path a server may take', () => {
  test.describe.configure({ timeout: patient(300_000) });
  for (const { path, fault, files, variant } of CASES) {
    const ids = FAULTS[fault].requirements;

    test(`fault ${fault} passes the old checks of ${ids.join(', ')} and fails those on ${path}`, async () => {
      const old = await runSuite({ faults: [fault], grep: grepOf(ids, path, false), files });
      expect(old.tests.length, `no old check ran:\n${old.output.slice(-2000)}`).toBeGreaterThan(0);
      expect(
        old.tests.filter((one) => one.status === 'failed').map((one) => one.title),
        'the old checks let the fault through',
      ).toEqual([]);
      const taken = await runSuite({ faults: [fault], grep: grepOf(ids, path, true), files });
      expect(
        taken.tests.filter((one) => failsNaming(one, ids)).map((one) => one.title),
        `a test on ${path} fails naming ${ids.join(' or ')}:\n${summary(taken).join('\n')}`,
      ).not.toEqual([]);
    });

    test(`variant ${variant} passes every test on ${path}`, async () => {
      const run = await runSuite({
        variants: [variant],
        env: VARIANTS[variant].env,
        grep: pathTag(path),
        files,
      });
      expect(run.tests.length, `no test ran:\n${run.output.slice(-2000)}`).toBeGreaterThan(0);
      expect(
        run.tests
          .filter((one) => one.status !== 'passed')
          .map((one) => `${one.title}: ${one.message.slice(0, 600)}`),
      ).toEqual([]);
      expect(run.exitCode).toBe(0);
    });
  }

  test('a target that never retries skips the retry tests, naming why, and fails none', async () => {
    const run = await runSuite({
      variants: ['delivery-single-attempt'],
      grep: pathTag('delivery:retry'),
      files: ['suites/notifications'],
    });
    expect(run.tests.length, `no test ran:\n${run.output.slice(-2000)}`).toBeGreaterThan(0);
    for (const one of run.tests) {
      expect(one.status, one.title).toBe('skipped');
      expect(one.message).toMatch(/does not retry/);
    }
  });
});

test.describe('requirement × path coverage (npm test static check)', () => {
  const spec = (title: string, tags: string[]): JsonSpec => ({ title, tags, tests: [] });

  test('a listed path that no test takes is uncovered; a tagged test covers it', () => {
    const withoutBasic = pathCoverage([spec('body only', ['@R7.2-07', '@path:client-auth:body'])]);
    expect(withoutBasic.missing).toContain('R7.2-07 client-auth:basic');
    expect(withoutBasic.missing).not.toContain('R7.2-07 client-auth:body');
    const both = pathCoverage([
      spec('body', ['@R7.2-07', '@path:client-auth:body']),
      spec('basic', ['@R7.2-07', '@path:client-auth:basic']),
    ]);
    expect(both.missing.filter((entry) => entry.startsWith('R7.2-07 '))).toEqual([]);
  });

  test('a path declared unobservable needs no test, and its reason is printed', () => {
    const coverage = pathCoverage([spec('first', ['@R6-01', '@path:delivery:first'])]);
    expect(coverage.missing).not.toContain('R6-01 delivery:retry');
    expect(coverage.missing).not.toContain('R6-01 delivery:first');
    expect(pathLines(coverage, false).join('\n')).toMatch(/delivery:retry: a retry is another attempt/);
  });
});
