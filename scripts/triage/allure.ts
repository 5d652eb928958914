// The triage in the Allure results, before the report is generated: tonight's triage and the
// requirements page as the report's global attachments (the overview shows them first), never as a
// test result, which Allure would count among the tests; flaky tests flagged flaky, accepted
// deviations labelled known.
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestOutcome } from './night.js';
import { triageHtml } from './page.js';
import type { TriageSection } from './render.js';
import type { Triage } from './triage.js';

/** The label an accepted deviation's test carries (allurerc.mjs files it under "Known deviations"). */
export const KNOWN_LABEL = { name: 'kind', value: 'known-deviation' } as const;
/**
 * The triage's own files, by fixed names: a later triage of the same results (the nightly's report
 * job after its shards' runs) replaces them, never adds a second. The entry file is an earlier
 * version's test result for the triage, removed where it is found.
 */
const ENTRY_FILE = 'tonights-triage-result.json';
const GLOBALS_FILE = 'tonights-triage-globals.json';

/** Removes an earlier triage's global attachments (and entry) from a results folder. */
export function removeTriageFiles(resultsDir: string): void {
  for (const name of [ENTRY_FILE, GLOBALS_FILE]) rmSync(join(resultsDir, name), { force: true });
}

interface AllureLabel {
  name: string;
  value?: string;
}
interface AllureResult {
  name?: string;
  fullName?: string;
  flaky?: boolean;
  labels?: AllureLabel[];
  statusDetails?: { message?: string; trace?: string };
}

/** The outcome an Allure result belongs to: same file, same title (the fullName ends with it). */
function outcomeFor(result: AllureResult, outcomes: readonly TestOutcome[]): TestOutcome | undefined {
  const fullName = result.fullName ?? '';
  return outcomes.find((outcome) => {
    const file = outcome.where.replace(/:\d+$/, '');
    return (
      fullName.startsWith(file) && (fullName.endsWith(` › ${outcome.title}`) || result.name === outcome.title)
    );
  });
}

function knownNote(result: Triage, outcome: TestOutcome): string {
  const entries = result.known.filter((entry) => outcome.failedIds.includes(entry.deviation.requirement));
  return entries
    .map(
      ({ deviation, days }) =>
        `Known deviation ${deviation.requirement} (accepted until ${deviation.expires}, ${days} days left): ${deviation.reason} ${deviation.link}`,
    )
    .join('\n');
}

/** Flags the results of flaky tests and of accepted deviations; returns how many it changed. */
export function markResults(resultsDir: string, result: Triage): number {
  if (!existsSync(resultsDir)) return 0;
  let changed = 0;
  for (const name of readdirSync(resultsDir).filter((file) => file.endsWith('-result.json'))) {
    const path = join(resultsDir, name);
    const allure = JSON.parse(readFileSync(path, 'utf8')) as AllureResult;
    const outcome = outcomeFor(allure, result.outcomes);
    if (outcome === undefined) continue;
    const labels = allure.labels ?? [];
    // Marked by an earlier triage of the same results already (a shard's, then the report job's).
    const known =
      result.excused.includes(outcome) &&
      !labels.some((label) => label.name === KNOWN_LABEL.name && label.value === KNOWN_LABEL.value);
    if (!(outcome.flaky && allure.flaky !== true) && !known) continue;
    if (outcome.flaky) allure.flaky = true;
    if (known) {
      allure.labels = [...(allure.labels ?? []), { ...KNOWN_LABEL }];
      const message = allure.statusDetails?.message ?? '';
      allure.statusDetails = {
        ...allure.statusDetails,
        message: `${knownNote(result, outcome)}\n${message}`,
      };
    }
    writeFileSync(path, JSON.stringify(allure));
    changed += 1;
  }
  return changed;
}

function attachment(
  resultsDir: string,
  name: string,
  html: string,
): { name: string; source: string; type: string } {
  const source = `${randomUUID()}-attachment.html`;
  writeFileSync(join(resultsDir, source), html);
  return { name, source, type: 'text/html' };
}

/**
 * The triage and the requirements page as the report's global attachments. Not a test result: the
 * report's counts are the run's tests alone, as everywhere else (docs/report.md).
 */
export function writeTriageGlobals(
  resultsDir: string,
  result: Triage,
  sections: readonly TriageSection[],
  page: string,
): void {
  if (!existsSync(resultsDir)) return;
  const triage = `<!doctype html><html lang="en"><head><meta charset="utf-8"></head><body>${triageHtml(result, sections)}<p><a href="requirements.html" target="_blank">Every requirement, with its last nights</a></p></body></html>`;
  const attachments = [
    attachment(resultsDir, 'triage.html', triage),
    attachment(resultsDir, 'requirements.html', page),
  ];
  writeFileSync(join(resultsDir, GLOBALS_FILE), JSON.stringify({ attachments, errors: [] }));
}
