import { readFileSync } from 'node:fs';

/**
 * One entry of an expected-deviations file: one behaviour of the independent server, the tests it
 * is known to turn red, and why. Either the server breaks a sentence of the specification
 * (`breaks` quotes it), or the suite wrongly fails behaviour the specification allows
 * (`falseFailure`, with the reason in `note`): those entries go once the suite stops failing it.
 */
export interface ExpectedDeviation {
  /** A short name for the behaviour, unique in the file. */
  id: string;
  requirements: string[];
  /** Each `<file> › <describe> › <title>`, as the comparison prints it. */
  tests: string[];
  /** What the server does. */
  behaviour: string;
  /** The sentence of the specification it breaks, word for word (or why none is broken). */
  breaks: string;
  falseFailure?: boolean;
  note?: string;
}

export interface ExpectedFile {
  server: string;
  deviations: ExpectedDeviation[];
}

export interface Verdict {
  test: string;
  status: 'passed' | 'failed' | 'skipped';
  /** First line of the failure message. */
  message: string;
}

export interface Comparison {
  /** Failed as expected. */
  expected: Verdict[];
  /** Failed, and no entry names it: the command fails. */
  unexpected: Verdict[];
  /** Named by an entry, but did not fail (passed, skipped, or did not run): the command fails. */
  missing: Array<{ entry: ExpectedDeviation; test: string; status: Verdict['status'] | 'not run' }>;
}

export function readExpected(file: string): ExpectedFile {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as ExpectedFile;
  const problems = parsed.deviations.flatMap((entry, index) => entryProblems(entry, index));
  const ids = parsed.deviations.map((entry) => entry.id);
  for (const id of new Set(ids.filter((one, index) => ids.indexOf(one) !== index)))
    problems.push(`  id "${id}" is used by more than one entry`);
  if (problems.length > 0)
    throw new Error(`${file} is not a valid expected-deviations file:\n${problems.join('\n')}`);
  return parsed;
}

/** Each entry names its test, its requirements and its reason: an entry without a reason is refused. */
function entryProblems(entry: ExpectedDeviation, index: number): string[] {
  const where = `  deviations[${index}]`;
  const problems: string[] = [];
  if (!Array.isArray(entry.tests) || entry.tests.length === 0)
    problems.push(`${where}: "tests" must name at least one test`);
  if (!Array.isArray(entry.requirements) || entry.requirements.length === 0)
    problems.push(`${where}: "requirements" must name at least one requirement`);
  for (const field of ['id', 'behaviour', 'breaks'] as const)
    if (typeof entry[field] !== 'string' || entry[field].trim() === '')
      problems.push(`${where}: "${field}" is required`);
  if (entry.falseFailure === true && (entry.note ?? '').trim() === '')
    problems.push(`${where}: a false failure needs a "note" saying why the behaviour is allowed`);
  return problems;
}

export function compare(verdicts: readonly Verdict[], expected: readonly ExpectedDeviation[]): Comparison {
  const byTest = new Map(verdicts.map((verdict) => [verdict.test, verdict]));
  const named = new Set(expected.flatMap((entry) => entry.tests));
  const failed = verdicts.filter((verdict) => verdict.status === 'failed');
  return {
    expected: failed.filter((verdict) => named.has(verdict.test)),
    unexpected: failed.filter((verdict) => !named.has(verdict.test)),
    missing: expected
      .flatMap((entry) =>
        entry.tests.map((test) => ({
          entry,
          test,
          status: byTest.get(test)?.status ?? ('not run' as const),
        })),
      )
      .filter(({ status }) => status !== 'failed'),
  };
}
