import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Stage, Status, type Label, type TestResult } from 'allure-js-commons';
import { UnsyncedWriter } from '../helpers/report/allure-reporter.js';
import { redactText } from '../helpers/report/redact.js';
import { chaosText, evidenceText, type CardLine } from './card-lines.js';
import type { ReportCard } from './grade.js';

/**
 * Allure results, one test a requirement with its id as the `requirement` label (as the suite's
 * tests carry theirs): an advisory requirement that does not hold is passed with its warning
 * ("ADVISORY: ...") and the label kind=advisory, as the suite's advisory tests are (one count
 * everywhere; the package's categories list it under advisory warnings); one not exercised is
 * skipped (failed with --require-exercised). The evidence is a text attachment. Files go through
 * the runner's own writer (each published whole), redacted as the suite's are.
 */

const CARD_EPIC = 'client report';

function statusOf(line: CardLine, requireExercised: boolean): Status {
  if (line.standing === 'passed' || line.standing === 'advisory') return Status.PASSED;
  if (line.standing === 'not exercised') return requireExercised ? Status.FAILED : Status.SKIPPED;
  return Status.FAILED;
}

function labelsOf(line: CardLine, card: ReportCard): Label[] {
  return [
    { name: 'requirement', value: line.id },
    { name: 'epic', value: CARD_EPIC },
    { name: 'feature', value: line.area },
    { name: 'section', value: line.section },
    { name: 'severity', value: line.advisory === undefined ? line.severity : 'minor' },
    { name: 'suite', value: `client ${card.clientId}` },
    ...(line.advisory === undefined ? [] : [{ name: 'kind', value: 'advisory' }]),
  ];
}

function evidenceAttachment(writer: UnsyncedWriter, line: CardLine): TestResult['attachments'] {
  if (line.evidence.length === 0) return [];
  const source = `${randomUUID()}-attachment.txt`;
  writer.writeAttachment(source, Buffer.from(redactText(evidenceText(line))));
  return [{ name: 'evidence (journal records)', source, type: 'text/plain' }];
}

function resultOf(
  writer: UnsyncedWriter,
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
    attachments: evidenceAttachment(writer, line),
    start: now,
    stop: now,
  };
}

/** A result file's fields, or none when it does not parse (another writer's, half written). */
function parsedResult(text: string): Partial<TestResult> {
  try {
    return JSON.parse(text) as Partial<TestResult>;
  } catch {
    return {};
  }
}

/**
 * A run's output is its own: the results an earlier card of the same client left in the folder go
 * (with their attachments); anything else there (a suite run's results) stays.
 */
function removeEarlierCard(dir: string, clientId: string): void {
  for (const name of readdirSync(dir).filter((file) => file.endsWith('-result.json'))) {
    const path = join(dir, name);
    const result = parsedResult(readFileSync(path, 'utf8'));
    const labels = result.labels ?? [];
    const ours =
      labels.some((label) => label.name === 'epic' && label.value === CARD_EPIC) &&
      labels.some((label) => label.name === 'suite' && label.value === `client ${clientId}`);
    if (!ours) continue;
    for (const attachment of result.attachments ?? []) rmSync(join(dir, attachment.source), { force: true });
    rmSync(path);
  }
}

export function writeAllureResults(
  dir: string,
  card: ReportCard,
  lines: readonly CardLine[],
  requireExercised: boolean,
): void {
  mkdirSync(dir, { recursive: true });
  removeEarlierCard(dir, card.clientId);
  const writer = new UnsyncedWriter(dir);
  const now = Date.now();
  for (const line of lines) {
    const result = resultOf(writer, line, card, requireExercised, now);
    // Redacted whole, as the text a server or a client sent may sit in any field.
    writer.writeResult(JSON.parse(redactText(JSON.stringify(result))) as TestResult);
  }
}
