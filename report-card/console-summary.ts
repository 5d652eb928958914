import { redactText } from '../helpers/report/redact.js';
import {
  chaosText,
  claimsText,
  countsText,
  missedText,
  STANDING_WORD,
  windowText,
  type CardLine,
} from './card-lines.js';
import type { ReportCard } from './grade.js';
import { escapeControls } from './sanitize.js';

/** The console summary: one line a requirement, the evidence under each failure, every text's controls escaped. */
export function consoleSummary(card: ReportCard, lines: readonly CardLine[]): string {
  const visible = escapeControls;
  const head = [
    `Report card of client ${visible(card.clientId)}, ${visible(windowText(card))}: ${card.records} journal record(s)${missedText(card) === '' ? '' : `, ${missedText(card)}`}`,
    `Chaos: ${visible(chaosText(card))}`,
    '',
  ];
  const body = lines.flatMap((line) => [
    `${STANDING_WORD[line.standing].padEnd(13)} ${visible(line.title)}`,
    `              ${visible(line.message)}`,
    ...line.evidence.flatMap((item) => [
      `              evidence: ${visible(item.record)}`,
      ...(item.reproduction === undefined ? [] : [`              reproduce: ${visible(item.reproduction)}`]),
    ]),
  ]);
  const claims = claimsText(card).map(visible);
  return redactText(
    [...head, ...body, '', ...(claims.length === 0 ? [] : [...claims, '']), countsText(lines)].join('\n'),
  );
}
