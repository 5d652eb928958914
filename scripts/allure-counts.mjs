// @ts-check
// The counts a report's name carries: the overview's centre percentage is passed
// out of the tests not skipped, so a run with a quarter of its tests skipped looked whole. The name,
// shown at the top of every page of the report, says how many were skipped beside the rest.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The last result of each test in the Allure results folders (a retried test writes one result a
 * try, under one historyId), counted as the run's last line counts (scripts/lib.ts, lastLine):
 * `failed` holds the broken too, a failure of the advisory project is an advisory warning, one of
 * an accepted deviation a known deviation, and the triage's entry and the nightly's facts are no test at all.
 * @param {readonly string[]} folders
 * @returns {Record<string, number>}
 */
export function statusCounts(folders) {
  /** @type {Map<string, { status: string, stop: number }>} */
  const latest = new Map();
  for (const folder of folders)
    for (const file of readdirSync(folder).filter((name) => name.endsWith('-result.json'))) {
      const result = JSON.parse(readFileSync(join(folder, file), 'utf8'));
      const kind = (result.labels ?? []).find((label) => label.name === 'kind')?.value;
      // The triage's entry (scripts/triage/allure.ts) is the night's verdict, not a test; the
      // double's fidelity and the reliance contracts are facts (report-card/reliance/allure.ts),
      // not tests of the target.
      if (kind === 'triage' || kind === 'fidelity' || kind === 'reliance') continue;
      const key = String(result.historyId ?? result.uuid);
      const stop = Number(result.stop ?? 0);
      if ((latest.get(key)?.stop ?? -1) <= stop)
        latest.set(key, { status: countedAs(result.status, kind), stop });
    }
  /** @type {Record<string, number>} */
  const counts = {};
  for (const { status } of latest.values()) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
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
  const total = Object.values(counts).reduce((sum, count) => sum + count, 0);
  const line = `${counts.passed ?? 0} passed, ${counts.failed ?? 0} failed, ${counts.skipped ?? 0} skipped, ${counts.advisory ?? 0} advisory warnings`;
  const known = (counts.known ?? 0) > 0 ? `, ${counts.known} known deviations` : '';
  return `${name}: ${line}${known} (of ${total} tests)`;
}
