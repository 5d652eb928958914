import { escapeMarkup } from '../../helpers/report/escape-markup.js';
import { unverifiedText, type FactVerdict } from './check.js';

/** One JUnit test a fact: broken a failure (what to do in its message), unverified skipped. */
function caseOf(verdict: FactVerdict): string {
  const name = escapeMarkup(verdict.line);
  const classname = escapeMarkup(`reliance.${verdict.fact.kind.replace(/ /g, '-')}`);
  const outcome =
    verdict.standing === 'broken'
      ? `<failure message="${escapeMarkup(`the marketplace ${verdict.now ?? ''} since ${(verdict.since ?? '').slice(0, 10)}: ${verdict.todo ?? ''}`)}" type="RelianceBroken"/>`
      : verdict.standing === 'unverified'
        ? `<skipped message="${escapeMarkup(`unverified tonight: ${unverifiedText(verdict)}`)}"/>`
        : '';
  return `    <testcase classname="${classname}" name="${name}" time="0">${outcome}</testcase>`;
}

export function relianceJunit(contractName: string, verdicts: readonly FactVerdict[]): string {
  const failures = verdicts.filter((verdict) => verdict.standing === 'broken').length;
  const skipped = verdicts.filter((verdict) => verdict.standing === 'unverified').length;
  const name = escapeMarkup(`reliance ${contractName}`);
  const counts = `tests="${verdicts.length}" failures="${failures}" skipped="${skipped}" errors="0"`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${name}" ${counts}>`,
    `  <testsuite name="${name}" ${counts}>`,
    ...verdicts.map(caseOf),
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
