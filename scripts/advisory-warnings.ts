// The console's account of the advisory warnings: Playwright's list marks such a test ✘ and counts
// it passed (an advisory point that did not hold ends its test as expected to fail) without printing
// why, so the run says each warning once, before its last line.
import { existsSync } from 'node:fs';
import { advisoryWarningOf } from '../helpers/report/advisory-warning.js';
import { readJsonReport, specsOf } from './lib.js';

/** Each warned test (`file:line title`) with its warning's lines beneath, indented. */
export function advisoryWarningLines(resultsFile: string): string[] {
  if (!existsSync(resultsFile)) return [];
  return (readJsonReport(resultsFile).suites ?? []).flatMap(specsOf).flatMap((spec) =>
    spec.tests.flatMap((test) => {
      const warning = advisoryWarningOf(test);
      if (warning === undefined) return [];
      const where = `${spec.file ?? ''}:${spec.line ?? 0}`;
      return [`${where} ${spec.title}`, ...warning.split('\n').map((line) => `  ${line}`)];
    }),
  );
}

/** Prints them under a heading, or nothing when every advisory point held. */
export function printAdvisoryWarnings(resultsFile: string): void {
  const lines = advisoryWarningLines(resultsFile);
  if (lines.length === 0) return;
  console.log(
    `Advisory warnings (passed tests; never a failure of the gate):\n${lines.map((line) => `  ${line}`).join('\n')}`,
  );
}
