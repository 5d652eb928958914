// @ts-check
// The counts a report's name carries: the overview's centre percentage is passed
// out of the tests not skipped, so a run with a quarter of its tests skipped looked whole. The name,
// shown at the top of every page of the report, says how many were skipped beside the rest.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The last result of each test in the Allure results folders (a retried test writes one result a
 * try, under one historyId), counted as the run's last line counts (scripts/lib.ts, lastLine) and
 * as the overview does: `failed` holds the broken too, a failure of an accepted deviation is a
 * known deviation, and `warnings` counts the passed tests that carry an advisory warning (they are
 * in `passed` as well). A failed result labelled advisory (as earlier versions of the report card
 * wrote them) is `advisory`, a warning outside the passed. The triage's entry (earlier versions)
 * and the nightly's facts are no test at all.
 * @param {readonly string[]} folders
 * @returns {Record<string, number>}
 */
export function statusCounts(folders) {
  /** @type {Map<string, { status: string, warned: boolean, stop: number }>} */
  const latest = new Map();
  for (const folder of folders)
    for (const file of readdirSync(folder).filter((name) => name.endsWith('-result.json'))) {
      const result = JSON.parse(readFileSync(join(folder, file), 'utf8'));
      const kind = (result.labels ?? []).find((label) => label.name === 'kind')?.value;
      // An earlier version's triage entry is the night's verdict, not a test; the double's
      // fidelity and the reliance contracts are facts (report-card/reliance/allure.ts), not tests
      // of the target.
      if (kind === 'triage' || kind === 'fidelity' || kind === 'reliance') continue;
      const key = String(result.historyId ?? result.uuid);
      const stop = Number(result.stop ?? 0);
      if ((latest.get(key)?.stop ?? -1) <= stop)
        latest.set(key, { status: countedAs(result.status, kind), warned: warned(result, kind), stop });
    }
  /** @type {Record<string, number>} */
  const counts = {};
  for (const { status, warned } of latest.values()) {
    counts[status] = (counts[status] ?? 0) + 1;
    if (warned) counts.warnings = (counts.warnings ?? 0) + 1;
  }
  return counts;
}

/**
 * A passed advisory test with a message: its advisory point did not hold (helpers/assert/advise.ts
 * marks the test expected to fail, which allure-playwright writes passed with the warning).
 * @param {{ status?: unknown, statusDetails?: { message?: unknown } }} result
 * @param {unknown} kind
 */
function warned(result, kind) {
  return (
    kind === 'advisory' &&
    result.status === 'passed' &&
    /ADVISORY/.test(String(result.statusDetails?.message ?? ''))
  );
}

/**
 * @param {unknown} status
 * @param {unknown} kind
 */
function countedAs(status, kind) {
  if (status === 'passed' || status === 'skipped') return status;
  if (kind === 'known-deviation') return 'known';
  if (kind === 'advisory') return 'advisory';
  return 'failed';
}

/**
 * "Classifieds API conformance: 123 passed, 0 failed, 23 skipped, 2 advisory warnings (of 148
 * tests)": the run's last line, word for word, and its total (known deviations when there are some).
 * @param {string} name
 * @param {Record<string, number>} counts
 */
export function nameWithCounts(name, counts) {
  // The tests: a passed test with an advisory warning is in `passed`, counted once.
  const total = Object.entries(counts)
    .filter(([status]) => status !== 'warnings')
    .reduce((sum, [, count]) => sum + count, 0);
  const warnings = (counts.warnings ?? 0) + (counts.advisory ?? 0);
  const line = `${counts.passed ?? 0} passed, ${counts.failed ?? 0} failed, ${counts.skipped ?? 0} skipped, ${warnings} advisory warnings`;
  const known = (counts.known ?? 0) > 0 ? `, ${counts.known} known deviations` : '';
  return `${name}: ${line}${known} (of ${total} tests)`;
}
