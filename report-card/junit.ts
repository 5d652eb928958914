import { escapeMarkup } from '../helpers/report/escape-markup.js';
import { redactText } from '../helpers/report/redact.js';
import { chaosText, countsOf, evidenceText, type CardLine } from './card-lines.js';
import type { ReportCard } from './grade.js';

/**
 * A requirement's outcome as JUnit says it: a failure; an advisory warning a passed test carrying
 * its warning as a property (as the suite's advisory tests do: one count everywhere); a requirement
 * not exercised as skipped with its message (a failure when not-exercised requirements must fail).
 */
function outcomeElement(line: CardLine, requireExercised: boolean): string {
  const message = escapeMarkup(line.message);
  const body = escapeMarkup(evidenceText(line));
  if (line.standing === 'failed')
    return `<failure message="${message}" type="ClientRequirementFailed">${body}</failure>`;
  if (line.standing === 'advisory')
    return `<properties><property name="advisory-warning" value="ADVISORY: ${message}"/></properties>`;
  if (line.standing === 'not exercised')
    return requireExercised
      ? `<failure message="not exercised: ${message}" type="NotExercised"/>`
      : `<skipped message="not exercised: ${message}"/>`;
  return '';
}

export function junitCard(card: ReportCard, lines: readonly CardLine[], requireExercised: boolean): string {
  const counts = countsOf(lines);
  const failures = counts.failed + (requireExercised ? counts['not exercised'] : 0);
  const skipped = requireExercised ? 0 : counts['not exercised'];
  const name = escapeMarkup(`client-report ${card.clientId}`);
  const cases = lines.map(
    (line) =>
      `    <testcase classname="client.${escapeMarkup(line.area)}" name="${escapeMarkup(line.title)}" time="0">${outcomeElement(line, requireExercised)}</testcase>`,
  );
  return redactText(
    [
      '<?xml version="1.0" encoding="UTF-8"?>',
      `<testsuites name="${name}" tests="${lines.length}" failures="${failures}" skipped="${skipped}" errors="0">`,
      `  <testsuite name="${name}" tests="${lines.length}" failures="${failures}" skipped="${skipped}" errors="0">`,
      `    <properties><property name="chaos" value="${escapeMarkup(chaosText(card))}"/><property name="records" value="${card.records}"/></properties>`,
      ...cases,
      '  </testsuite>',
      '</testsuites>',
      '',
    ].join('\n'),
  );
}
