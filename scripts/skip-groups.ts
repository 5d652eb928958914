// The console's account of the skipped tests: grouped by what would unlock them, one line a group,
// so a team sees at the end of a run which variable or capability its configuration lacks.
import { existsSync } from 'node:fs';
import { preflightCauseOf, readJsonReport, specsOf, type JsonTest } from './lib.js';

/** A skip's reason without its details: the part that names what would unlock the test. */
export function unlockOf(reason: string): string {
  const trimmed = reason.trim();
  if (trimmed === '') return 'no reason given';
  const closing = trimmed.indexOf(')');
  const stop = /[:;]/.exec(trimmed)?.index ?? -1;
  // "needs the test helpers (SANDBOX_CONTROL_KEY) to ...": up to the variable it names.
  if (closing !== -1 && (stop === -1 || closing < stop)) return trimmed.slice(0, closing + 1);
  // "needs a second client: set TARGET_CLIENT2_ID, ...": up to the details.
  return stop === -1 ? trimmed : trimmed.slice(0, stop);
}

function skipReason(test: JsonTest): string {
  const annotations = [...(test.annotations ?? []), ...(test.results.at(-1)?.annotations ?? [])];
  return annotations.find((annotation) => annotation.type === 'skip')?.description ?? '';
}

/** One line per group of skipped tests, largest first: `4 × needs the test helpers (SANDBOX_CONTROL_KEY)`. */
export function skipGroupLines(resultsFile: string): string[] {
  if (!existsSync(resultsFile)) return [];
  const tests = (readJsonReport(resultsFile).suites ?? []).flatMap(specsOf).flatMap((spec) => spec.tests);
  const counts = new Map<string, number>();
  for (const test of tests) {
    // A test stopped by the preflight is broken, not skipped (scripts/lib.ts summarise()).
    if (test.status !== 'skipped' || preflightCauseOf(test) !== undefined) continue;
    const unlock = unlockOf(skipReason(test));
    counts.set(unlock, (counts.get(unlock) ?? 0) + 1);
  }
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([unlock, count]) => `${count} × ${unlock}`);
}

/** Prints the groups under a heading, or nothing when no test was skipped. */
export function printSkipGroups(resultsFile: string): void {
  const lines = skipGroupLines(resultsFile);
  if (lines.length === 0) return;
  console.log(`Skipped, by what would unlock them:\n${lines.map((line) => `  ${line}`).join('\n')}`);
}
