// Tonight's verdict per requirement, from the Playwright JSON reports of the run (one, or one per
// shard: they merge here, the worst verdict of a requirement's tests winning).
import { REQUIREMENTS } from '../../spec/requirements/catalogue.js';
import { advisoryWarningOf } from '../../helpers/report/advisory-warning.js';
import {
  lastMessage,
  preflightCauseOf,
  readJsonReport,
  specsOf,
  type JsonSpec,
  type JsonTest,
} from '../lib.js';
import {
  BROKEN_ENVIRONMENT_PATTERN,
  SET_UP_FAILED_PATTERN,
} from '../../helpers/target/broken-environment.js';

/** A requirement's verdict in one night; `not run` when no test of the run covered it. */
export type Verdict = 'passed' | 'failed' | 'broken' | 'advisory' | 'skipped' | 'not run';

/** Worst first: a requirement takes the first of these any of its tests had (and a shard merge too). */
export const VERDICT_ORDER: readonly Verdict[] = [
  'failed',
  'broken',
  'advisory',
  'passed',
  'skipped',
  'not run',
];

/** One test of the run, as the triage reads it. */
export interface TestOutcome {
  title: string;
  /** `file:line`, as the rerun command and the job summary name it. */
  where: string;
  /** The requirement ids the test covers (its @R… tags). */
  covers: string[];
  verdict: Exclude<Verdict, 'not run'>;
  /** The ids its failure names (`[R7.2-06 §7.2]`), else every id it covers. */
  failedIds: string[];
  /** Failed first, then passed on Playwright's immediate retry. */
  flaky: boolean;
  /** The first line of its last message (a failure's headline). */
  line: string;
}

const REQUIREMENT_IN_MESSAGE = /\[(R[\d.]+-\d+) §/g;
// eslint-disable-next-line no-control-regex -- the escape character starts every ANSI colour code
const ANSI = /\u001b\[[0-9;]*m/g;

function testVerdict(test: JsonTest, message: string): TestOutcome['verdict'] {
  if (preflightCauseOf(test) !== undefined) return 'broken';
  if (test.status === 'skipped') return 'skipped';
  // An advisory point that did not hold: a passed test with a warning (helpers/assert/advise.ts).
  if (advisoryWarningOf(test) !== undefined) return 'advisory';
  if (test.status === 'expected' || test.status === 'flaky') return 'passed';
  if (BROKEN_ENVIRONMENT_PATTERN.test(message) || SET_UP_FAILED_PATTERN.test(message)) return 'broken';
  return 'failed';
}

export function outcomeOf(spec: JsonSpec, test: JsonTest): TestOutcome {
  const message = lastMessage(test).replace(ANSI, '');
  const covers = (spec.tags ?? []).map((tag) => tag.replace(/^@/, '')).filter((tag) => /^R\d/.test(tag));
  const named = [...message.matchAll(REQUIREMENT_IN_MESSAGE)].map((match) => match[1] ?? '');
  return {
    title: spec.title,
    where: `${spec.file ?? ''}:${spec.line ?? 0}`,
    covers,
    verdict: testVerdict(test, message),
    failedIds: [...new Set(named.length > 0 ? named : covers)],
    flaky: test.status === 'flaky',
    line: message.split('\n').find((text) => text.trim() !== '') ?? '',
  };
}

/** Every test of the reports given (a missing file is the caller's to report). */
export function readOutcomes(files: readonly string[]): TestOutcome[] {
  return files.flatMap((file) =>
    (readJsonReport(file).suites ?? [])
      .flatMap(specsOf)
      .flatMap((spec) => spec.tests.map((test) => outcomeOf(spec, test))),
  );
}

export function worse(a: Verdict, b: Verdict): Verdict {
  return VERDICT_ORDER.indexOf(a) <= VERDICT_ORDER.indexOf(b) ? a : b;
}

/**
 * What a test says of one requirement it covers. A failed test whose failure names other ids says
 * nothing of this one (it stopped before, or checked it fine): it neither fails nor passes it.
 */
function verdictFor(outcome: TestOutcome, id: string): Verdict {
  if (outcome.verdict !== 'failed' && outcome.verdict !== 'advisory') return outcome.verdict;
  return outcome.failedIds.includes(id) ? outcome.verdict : 'not run';
}

/** Every requirement of the catalogue with tonight's verdict, in the catalogue's order. */
export function requirementVerdicts(outcomes: readonly TestOutcome[]): Record<string, Verdict> {
  const verdicts: Record<string, Verdict> = Object.fromEntries(
    REQUIREMENTS.map((found) => [found.id, 'not run']),
  );
  for (const outcome of outcomes)
    for (const id of outcome.covers)
      if (id in verdicts) verdicts[id] = worse(verdicts[id] ?? 'not run', verdictFor(outcome, id));
  return verdicts;
}

/** The requirements covered by a test that passed only on its retry. */
export function flakyRequirements(outcomes: readonly TestOutcome[]): string[] {
  return [...new Set(outcomes.filter((outcome) => outcome.flaky).flatMap((outcome) => outcome.covers))];
}
