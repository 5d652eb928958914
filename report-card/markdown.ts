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
import {
  markdownCell as cell,
  markdownCodeLines,
  markdownFence as fenceFor,
  markdownInline as inline,
} from '../spec/output-text.js';

function details(line: CardLine): string[] {
  const evidence = markdownCodeLines(
    line.evidence.flatMap((item) => [
      item.record,
      ...(item.reproduction === undefined ? [] : [`  reproduce: ${item.reproduction}`]),
    ]),
  );
  const fence = fenceFor(evidence);
  return [
    `### ${STANDING_WORD[line.standing]}: ${inline(line.title)}`,
    '',
    inline(line.message),
    '',
    `Source: ${inline(line.source)}${line.advisory === undefined ? '' : `. Advisory: ${inline(line.advisory)}.`}`,
    '',
    `${fence}text`,
    ...evidence,
    fence,
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
      `# Report card: client ${inline(card.clientId)}`,
      '',
      `Window: ${inline(windowText(card))}. Journal records: ${card.records}${missedText(card) === '' ? '' : ` (${missedText(card)})`}. Chaos: ${inline(chaosText(card))}.`,
      '',
      countsText(lines),
      '',
      ...claimsText(card).flatMap((text) => [inline(text.trim()), '']),
      '| grade | requirement | what the client must do | observed |',
      '| --- | --- | --- | --- |',
      ...table,
      '',
      ...(failures.length === 0 ? [] : ['## Evidence', '', ...failures]),
    ].join('\n'),
  );
}
