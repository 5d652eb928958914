import { randomUUID } from 'node:crypto';
import { copyFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import type { Comparison } from './collect.js';

interface Files {
  observed: string;
  driftJson: string;
  driftMd: string;
}

/**
 * An entry of its own in the Allure report, "Drift since <date>", with drift.md, drift.json and
 * observed.json attached: failed when the drift fails the run, skipped when the baseline could not be
 * compared (its message says why), passed otherwise. Only with a CONFORMANCE_BASELINE: without one
 * an entry would be a test the run did not have, in the report's counts and beside a dead target's
 * broken tests.
 */
export function attachToAllure(
  resultsDir: string,
  files: Files,
  comparison: Comparison | null,
  fails: boolean,
): void {
  if (!existsSync(resultsDir) || comparison === null) return;
  const attachments = [
    { name: 'drift.md', file: files.driftMd, type: 'text/markdown', ext: 'md' },
    { name: 'drift.json', file: files.driftJson, type: 'application/json', ext: 'json' },
    { name: 'observed.json', file: files.observed, type: 'application/json', ext: 'json' },
  ]
    .filter(({ file }) => existsSync(file))
    .map(({ name, file, type, ext }) => {
      const source = `${randomUUID()}-attachment.${ext}`;
      copyFileSync(file, join(resultsDir, source));
      return { name, source, type };
    });
  const now = Date.now();
  // A baseline that could not be compared has no date: the entry says why instead.
  const name =
    comparison.baselineDate === null ? 'Observed profile' : `Drift since ${comparison.baselineDate}`;
  const status = fails ? 'failed' : comparison.changes === null ? 'skipped' : 'passed';
  const uuid = randomUUID();
  const result = {
    uuid,
    historyId: 'observed-profile',
    testCaseId: 'observed-profile',
    name,
    fullName: 'observed profile',
    status,
    statusDetails: {
      message: comparison.line,
    },
    stage: 'finished',
    start: now,
    stop: now,
    labels: [
      { name: 'suite', value: 'Observed profile' },
      { name: 'feature', value: 'What changed since the baseline' },
    ],
    attachments,
    steps: [],
    parameters: [],
    links: [],
  };
  writeFileSync(join(resultsDir, `${uuid}-result.json`), JSON.stringify(result));
}
