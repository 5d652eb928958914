// The triage of a finished run (one machine's, or a nightly's shards together): reads the
// Playwright JSON reports and the requirement history, adds tonight to the history, and writes the
// triage everywhere a reader looks: triage.md (the job summary), requirements.html, the Allure
// results (before the report is generated) and the JUnit files.
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { markResults, removeTriageFiles, writeTriageGlobals } from './allure.js';
import { historyFileBeside, readHistory, writeHistory } from './history.js';
import { rewriteJunit } from './junit.js';
import type { KnownDeviation } from './known.js';
import { readOutcomes } from './night.js';
import { requirementsPage, REQUIREMENTS_PAGE } from './page.js';
import { triageMarkdown, triageSections, triageText } from './render.js';
import { triage, type Triage } from './triage.js';

export const TRIAGE_MARKDOWN = 'triage.md';

export interface TriageRequest {
  /** Playwright JSON reports: one, or one per shard. */
  resultsFiles: readonly string[];
  /** Allure's history file: the requirement history is kept beside it. */
  allureHistoryPath: string;
  known: readonly KnownDeviation[];
  night: string;
  today: Date;
  /** Where triage.md and requirements.html are written. */
  reportsDir: string;
  /** The Allure results to mark; the triage's global attachments go into the first. */
  allureResultsDirs: readonly string[];
  junitFiles: readonly string[];
  /** The drift line of the run, or '' without a baseline. */
  driftLine: string;
}

export interface TriageDone {
  result: Triage;
  /** The console's triage, printed before the final counts line. */
  lines: string[];
  historyFile: string;
}

export function runTriage(request: TriageRequest): TriageDone {
  const historyFile = historyFileBeside(request.allureHistoryPath);
  const result = triage({
    outcomes: readOutcomes(request.resultsFiles),
    history: readHistory(historyFile),
    night: request.night,
    known: request.known,
    today: request.today,
  });
  writeHistory(historyFile, result.nights);
  const sections = triageSections(result, request.driftLine);
  const page = requirementsPage(result, sections);
  writeFileSync(join(request.reportsDir, TRIAGE_MARKDOWN), triageMarkdown(result, sections));
  writeFileSync(join(request.reportsDir, REQUIREMENTS_PAGE), page);
  for (const dir of request.allureResultsDirs) {
    markResults(dir, result);
    if (existsSync(dir)) removeTriageFiles(dir);
  }
  const [first] = request.allureResultsDirs;
  if (first !== undefined) writeTriageGlobals(first, result, sections, page);
  for (const file of request.junitFiles) rewriteJunit(file, result);
  return { result, lines: triageText(result, sections), historyFile };
}
