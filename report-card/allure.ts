import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Stage, Status, type Label, type TestResult } from 'allure-js-commons';
import { redactText } from '../helpers/report/redact.js';
import { chaosText, evidenceText, type CardLine } from './card-lines.js';
import type { ReportCard } from './grade.js';

/**
 * Allure results, one test a requirement with its id as the `requirement` label (as the suite's
 * tests carry theirs): a failed advisory requirement is failed with the label kind=advisory, which
 * the package's categories file under advisory warnings; one not exercised is skipped (failed with
 * --require-exercised). The evidence is a text attachment.
 */

function statusOf(line: CardLine, requireExercised: boolean): Status {
  if (line.standing === 'passed') return Status.PASSED;
  if (line.standing === 'not exercised') return requireExercised ? Status.FAILED : Status.SKIPPED;
  return Status.FAILED;
}

function labelsOf(line: CardLine, card: ReportCard): Label[] {
  return [
    { name: 'requirement', value: line.id },
    { name: 'epic', value: 'client report' },
    { name: 'feature', value: line.area },
    { name: 'section', value: line.section },
    { name: 'severity', value: line.advisory === undefined ? line.severity : 'minor' },
    { name: 'suite', value: `client ${card.clientId}` },
    ...(line.advisory === undefined ? [] : [{ name: 'kind', value: 'advisory' }]),
  ];
}

function evidenceAttachment(dir: string, line: CardLine): TestResult['attachments'] {
  if (line.evidence.length === 0) return [];
  const source = `${randomUUID()}-attachment.txt`;
  writeFileSync(join(dir, source), redactText(evidenceText(line)));
  return [{ name: 'evidence (journal records)', source, type: 'text/plain' }];
}

function resultOf(
  dir: string,
  line: CardLine,
  card: ReportCard,
  requireExercised: boolean,
  now: number,
): TestResult {
  const status = statusOf(line, requireExercised);
  const prefix =
    line.standing === 'advisory' ? 'ADVISORY: ' : line.standing === 'not exercised' ? 'not exercised: ' : '';
  return {
    uuid: randomUUID(),
    historyId: createHash('md5').update(`client-report ${card.clientId} ${line.id}`).digest('hex'),
    testCaseId: createHash('md5').update(`client-report ${line.id}`).digest('hex'),
    name: line.title,
    fullName: `client-report: ${line.title}`,
    status,
    statusDetails: { message: `${prefix}${line.message}`, trace: evidenceText(line) },
    stage: Stage.FINISHED,
    description: `${line.source}${line.advisory === undefined ? '' : `\n\nAdvisory: ${line.advisory}`}\n\nChaos: ${chaosText(card)}`,
    labels: labelsOf(line, card),
    links: [],
    parameters: [{ name: 'client', value: card.clientId }],
    steps: [],
    attachments: evidenceAttachment(dir, line),
    start: now,
    stop: now,
  };
}

export function writeAllureResults(
  dir: string,
  card: ReportCard,
  lines: readonly CardLine[],
  requireExercised: boolean,
): void {
  mkdirSync(dir, { recursive: true });
  const now = Date.now();
  for (const line of lines) {
    const result = resultOf(dir, line, card, requireExercised, now);
    writeFileSync(join(dir, `${result.uuid}-result.json`), redactText(JSON.stringify(result)));
  }
}
