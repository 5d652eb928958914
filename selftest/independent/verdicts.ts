import { readFileSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';
import type { Verdict } from './expected.js';

interface JsonResult {
  status: string;
  error?: { message?: string };
}
interface JsonSpec {
  title: string;
  file: string;
  tests: Array<{ results: JsonResult[] }>;
}
interface JsonSuite {
  title: string;
  specs?: JsonSpec[];
  suites?: JsonSuite[];
}

/**
 * Each test of a Playwright JSON report, named `<file> › <describe> › <title>`: the name an
 * expected-deviations entry uses (titles alone repeat across files).
 */
export function readVerdicts(resultsFile: string): Verdict[] {
  const report = JSON.parse(readFileSync(resultsFile, 'utf8')) as { suites?: JsonSuite[] };
  return (report.suites ?? []).flatMap((suite) => fromSuite(suite, []));
}

function fromSuite(suite: JsonSuite, describes: readonly string[]): Verdict[] {
  // The top suite of a file is titled with the file itself, which the spec already carries.
  const path = suite.title.endsWith('.ts') ? describes : [...describes, suite.title];
  return [
    ...(suite.specs ?? []).map((spec) => fromSpec(spec, path)),
    ...(suite.suites ?? []).flatMap((child) => fromSuite(child, path)),
  ];
}

function fromSpec(spec: JsonSpec, describes: readonly string[]): Verdict {
  const result = spec.tests[0]?.results.at(-1);
  const status =
    result === undefined || result.status === 'skipped'
      ? 'skipped'
      : result.status === 'passed'
        ? 'passed'
        : 'failed';
  return {
    test: [spec.file, ...describes, spec.title].join(' › '),
    status,
    message: firstLine(result?.error?.message ?? ''),
  };
}

function firstLine(message: string): string {
  // Playwright colours its messages; the comparison prints plain text.
  const plain = stripVTControlCharacters(message);
  return plain.split('\n').find((line) => line.trim() !== '') ?? '';
}
