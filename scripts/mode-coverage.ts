// The coverage of each mode, as measured by `npm run requirements -- --measure` (scripts/mode-measure.ts)
// and kept in scripts/mode-coverage.json: which requirements a run of each mode checked, and why
// the tests of the others were skipped. Read, never written by hand.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { REQUIREMENTS } from '../spec/requirements/catalogue.js';
import { lastMessage, preflightCauseOf, specsOf, type JsonReport, type JsonTest } from './lib.js';

export const MODES = ['helpers', 'account'] as const;
export type Mode = (typeof MODES)[number];
export const COVERAGE_FILE = resolve(__dirname, 'mode-coverage.json');

/** One test of a measured run: what it checks and how it ended. */
export interface TestRecord {
  project: string;
  title: string;
  requirements: string[];
  status: 'passed' | 'failed' | 'skipped';
  /** The skip's reason, or the failure's first line. */
  reason?: string;
}

export interface ModeRecord {
  /** What the run was told: the control key, or the account's variables (names only). */
  told: string;
  slow: boolean;
  tests: TestRecord[];
}

export interface CoverageFile {
  measured: string;
  commit: string;
  modes: Record<Mode, ModeRecord>;
}

/** The tests of a Playwright JSON report (results.json of a measured run). */
export function testRecords(report: JsonReport): TestRecord[] {
  return (report.suites ?? []).flatMap(specsOf).flatMap((spec) =>
    spec.tests.map((test) => ({
      project: test.projectName,
      title: spec.title,
      requirements: (spec.tags ?? []).map((tag) => tag.replace(/^@/, '')).filter((tag) => /^R\d/.test(tag)),
      ...verdictOf(test),
    })),
  );
}

function verdictOf(test: JsonTest): Pick<TestRecord, 'status' | 'reason'> {
  const last = test.results.at(-1);
  const broken = preflightCauseOf(test);
  if (broken !== undefined) return { status: 'failed', reason: `broken environment: ${broken}` };
  if (last?.status === 'passed') return { status: 'passed' };
  if (last?.status === 'skipped') {
    const skip = [...(last.annotations ?? []), ...(test.annotations ?? [])].find(
      ({ type }) => type === 'skip',
    );
    return { status: 'skipped', reason: skip?.description ?? '(no reason given)' };
  }
  return { status: 'failed', reason: lastMessage(test).split('\n')[0] ?? '' };
}

export function readCoverage(): CoverageFile | null {
  return existsSync(COVERAGE_FILE) ? (JSON.parse(readFileSync(COVERAGE_FILE, 'utf8')) as CoverageFile) : null;
}

export function counts(record: ModeRecord): Record<TestRecord['status'] | 'total', number> {
  const of = (status: TestRecord['status']) => record.tests.filter((test) => test.status === status).length;
  return { passed: of('passed'), failed: of('failed'), skipped: of('skipped'), total: record.tests.length };
}

/** Each distinct skip reason of a mode, with how many tests it skipped, most first. */
export function skipReasons(record: ModeRecord): Array<[string, number]> {
  const found = new Map<string, number>();
  for (const test of record.tests)
    if (test.status === 'skipped') found.set(test.reason ?? '', (found.get(test.reason ?? '') ?? 0) + 1);
  return [...found].sort((a, b) => b[1] - a[1]);
}

/** How a requirement fared in a mode: checked (a test of it passed), failed, or the skips' reasons. */
export function standing(record: ModeRecord, id: string): string {
  const tests = record.tests.filter((test) => test.requirements.includes(id));
  if (tests.length === 0) return '';
  if (tests.some((test) => test.status === 'failed')) return 'FAILED';
  const passed = tests.filter((test) => test.status === 'passed').length;
  if (passed > 0) return passed === tests.length ? 'yes' : `yes (${passed} of ${tests.length} tests)`;
  return 'no';
}

/** Why a requirement's tests did not run in a mode: their distinct skip reasons. */
export function whyNot(record: ModeRecord, id: string): string[] {
  const skipped = record.tests.filter((test) => test.requirements.includes(id) && test.status === 'skipped');
  return [...new Set(skipped.map((test) => test.reason ?? ''))];
}

/** The requirements some test of either mode checks, in the catalogue's order. */
export function testedRequirements(file: CoverageFile): string[] {
  const ids = new Set(MODES.flatMap((mode) => file.modes[mode].tests.flatMap((test) => test.requirements)));
  return REQUIREMENTS.filter((found) => ids.has(found.id)).map((found) => found.id);
}
