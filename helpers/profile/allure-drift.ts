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
 * An entry of its own in the Allure report, "Observed profile", with observed.json and, after a
 * comparison, drift.md and drift.json attached: failed when the drift fails the run, skipped when
 * the baseline could not be compared (its message says why), passed otherwise.
 */
export function attachToAllure(
  resultsDir: string,
  files: Files,
  comparison: Comparison | null,
  fails: boolean,
): void {
  if (!existsSync(resultsDir)) return;
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
  const name =
    comparison?.baselineDate == null ? 'Observed profile' : `Drift since ${comparison.baselineDate}`;
  const status = fails ? 'failed' : comparison !== null && comparison.changes === null ? 'skipped' : 'passed';
  const uuid = randomUUID();
  const result = {
    uuid,
    historyId: 'observed-profile',
    testCaseId: 'observed-profile',
    name,
    fullName: 'observed profile',
    status,
    statusDetails: {
      message: comparison?.line ?? 'no CONFORMANCE_BASELINE: the profile was written, not compared',
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
