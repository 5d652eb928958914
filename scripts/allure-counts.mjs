// @ts-check
// The counts a report's name carries: the overview's centre percentage is passed
// out of the tests not skipped, so a run with a quarter of its tests skipped looked whole. The name,
// shown at the top of every page of the report, says how many were skipped beside the rest.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The last result of each test in the Allure results folders (a retried test writes one result a
 * try, under one historyId), counted by status.
 * @param {readonly string[]} folders
 * @returns {Record<string, number>}
 */
export function statusCounts(folders) {
  /** @type {Map<string, { status: string, stop: number }>} */
  const latest = new Map();
  for (const folder of folders)
    for (const file of readdirSync(folder).filter((name) => name.endsWith('-result.json'))) {
      const result = JSON.parse(readFileSync(join(folder, file), 'utf8'));
      // The triage's entry (scripts/triage/allure.ts) is the night's verdict, not a test.
      if ((result.labels ?? []).some((label) => label.name === 'kind' && label.value === 'triage')) continue;
      const key = String(result.historyId ?? result.uuid);
      const stop = Number(result.stop ?? 0);
      // A failure of an accepted deviation (scripts/triage/allure.ts) is counted apart, as the gate does.
      const known = (result.labels ?? []).some(
        (label) => label.name === 'kind' && label.value === 'known-deviation',
      );
      if ((latest.get(key)?.stop ?? -1) <= stop)
        latest.set(key, { status: known ? 'known' : String(result.status ?? 'unknown'), stop });
    }
  /** @type {Record<string, number>} */
  const counts = {};
  for (const { status } of latest.values()) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

/**
 * "Classifieds API conformance: 123 passed, 0 failed, 23 skipped of 146" (broken, unknown and
 * known deviations only when there are some).
 * @param {string} name
 * @param {Record<string, number>} counts
 */
export function nameWithCounts(name, counts) {
  const total = Object.values(counts).reduce((sum, count) => sum + count, 0);
  const parts = [`${counts.passed ?? 0} passed`, `${counts.failed ?? 0} failed`];
  for (const status of ['broken', 'unknown'])
    if ((counts[status] ?? 0) > 0) parts.push(`${counts[status]} ${status}`);
  if ((counts.known ?? 0) > 0) parts.push(`${counts.known} known deviations`);
  parts.push(`${counts.skipped ?? 0} skipped`);
  return `${name}: ${parts.join(', ')} of ${total}`;
}
