import { redactText } from '../helpers/report/redact.js';
import { chaosText, countsText, missedText, STANDING_WORD, windowText, type CardLine } from './card-lines.js';
import type { ReportCard } from './grade.js';

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

function details(line: CardLine): string[] {
  return [
    `### ${STANDING_WORD[line.standing]}: ${line.title}`,
    '',
    line.message,
    '',
    `Source: ${line.source}${line.advisory === undefined ? '' : `. Advisory: ${line.advisory}.`}`,
    '',
    '```text',
    ...line.evidence.flatMap((item) => [
      item.record,
      ...(item.reproduction === undefined ? [] : [`  reproduce: ${item.reproduction}`]),
    ]),
    '```',
    '',
  ];
}

/** The report card in Markdown: the table of requirements, then each failure with its evidence. */
export function markdownCard(card: ReportCard, lines: readonly CardLine[]): string {
  const table = lines.map(
    (line) =>
      `| ${STANDING_WORD[line.standing]} | ${line.id} | ${cell(line.title.slice(line.id.length + 1))} | ${cell(line.message)} |`,
  );
  const failures = lines.filter((line) => line.evidence.length > 0).flatMap(details);
  return redactText(
    [
      `# Report card: client ${card.clientId}`,
      '',
      `Window: ${windowText(card)}. Journal records: ${card.records}${missedText(card) === '' ? '' : ` (${missedText(card)})`}. Chaos: ${chaosText(card)}.`,
      '',
      countsText(lines),
      '',
      '| grade | requirement | what the client must do | observed |',
      '| --- | --- | --- | --- |',
      ...table,
      '',
      ...(failures.length === 0 ? [] : ['## Evidence', '', ...failures]),
    ].join('\n'),
  );
}
