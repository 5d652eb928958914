import { redactText } from '../helpers/report/redact.js';
import { chaosText, countsText, missedText, STANDING_WORD, windowText, type CardLine } from './card-lines.js';
import type { ReportCard } from './grade.js';

/** The console summary: one line a requirement, the evidence under each failure. */
export function consoleSummary(card: ReportCard, lines: readonly CardLine[]): string {
  const head = [
    `Report card of client ${card.clientId}, ${windowText(card)}: ${card.records} journal record(s)${missedText(card) === '' ? '' : `, ${missedText(card)}`}`,
    `Chaos: ${chaosText(card)}`,
    '',
  ];
  const body = lines.flatMap((line) => [
    `${STANDING_WORD[line.standing].padEnd(13)} ${line.title}`,
    `              ${line.message}`,
    ...line.evidence.flatMap((item) => [
      `              evidence: ${item.record}`,
      ...(item.reproduction === undefined ? [] : [`              reproduce: ${item.reproduction}`]),
    ]),
  ]);
  return redactText([...head, ...body, '', countsText(lines)].join('\n'));
}
