// The JUnit file with the triage's verdicts: a test failing on an accepted deviation is written as
// <skipped> whose message names the deviation, its reason and expiry (with a `known-deviation`
// property), never as a <failure>; a flaky test gets a `flaky` property. The counts follow.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { escapeMarkup } from '../../helpers/report/escape-markup.js';
import type { TestOutcome } from './night.js';
import type { Triage } from './triage.js';

function matches(testcase: string, outcome: TestOutcome): boolean {
  const name = /<testcase\b[^>]*\bname="([^"]*)"/.exec(testcase)?.[1] ?? '';
  const classname = /<testcase\b[^>]*\bclassname="([^"]*)"/.exec(testcase)?.[1] ?? '';
  const file = outcome.where.replace(/:\d+$/, '');
  const title = escapeMarkup(outcome.title);
  return (name === title || name.endsWith(` › ${title}`)) && file.endsWith(classname);
}

function withProperty(testcase: string, name: string, value: string): string {
  const property = `<property name="${name}" value="${escapeMarkup(value)}"></property>`;
  if (/<properties>/.test(testcase)) return testcase.replace(/<properties>/, `<properties>\n${property}`);
  return testcase.replace(/(<testcase\b[^>]*>)/, `$1\n<properties>\n${property}\n</properties>`);
}

function knownMessage(result: Triage, outcome: TestOutcome): string {
  return result.known
    .filter((entry) => outcome.failedIds.includes(entry.deviation.requirement))
    .map(
      ({ deviation, days }) =>
        `known deviation ${deviation.requirement}: ${deviation.reason} (${deviation.link}; expires ${deviation.expires}, ${days} days left)`,
    )
    .join('; ');
}

function rewrite(testcase: string, result: Triage): string {
  // Rewritten by an earlier triage of the same file already.
  if (/<property name="(known-deviation|flaky)"/.test(testcase)) return testcase;
  let written = testcase;
  const known = result.excused.find((outcome) => matches(testcase, outcome));
  if (known !== undefined) {
    const message = knownMessage(result, known);
    // Playwright writes a failure <failure>, or <error> when the error has a type of its own
    // (ConformanceFailure): either, self-closed or with its content.
    written = withProperty(written, 'known-deviation', message).replace(
      /<(failure|error)\b[^>]*?\/>|<(failure|error)\b[^>]*>[\s\S]*?<\/\2>/,
      `<skipped message="${escapeMarkup(message)}"/>`,
    );
  }
  const flaky = result.outcomes.find((outcome) => outcome.flaky && matches(testcase, outcome));
  if (flaky !== undefined)
    written = withProperty(written, 'flaky', 'failed, then passed on its immediate retry');
  return written;
}

/** Each <testsuite>'s and the <testsuites>' failures, errors and skipped, counted again from the testcases. */
function recount(xmlText: string): string {
  const kinds = ['failures', 'errors', 'skipped'] as const;
  const elements = { failures: /<failure\b/g, errors: /<error\b/g, skipped: /<skipped\b/g };
  const total = { failures: 0, errors: 0, skipped: 0 };
  const set = (attributes: string, counts: Record<(typeof kinds)[number], number>) =>
    kinds.reduce(
      (text, kind) => text.replace(new RegExp(`\\s${kind}="\\d+"`), ` ${kind}="${counts[kind]}"`),
      attributes,
    );
  const suites = xmlText.replace(
    /<testsuite\b([^>]*)>([\s\S]*?)<\/testsuite>/g,
    (_, attributes: string, body: string) => {
      const counts = { failures: 0, errors: 0, skipped: 0 };
      for (const kind of kinds) {
        counts[kind] = (body.match(elements[kind]) ?? []).length;
        total[kind] += counts[kind];
      }
      return `<testsuite${set(attributes, counts)}>${body}</testsuite>`;
    },
  );
  return suites.replace(
    /<testsuites\b([^>]*)>/,
    (_, attributes: string) => `<testsuites${set(attributes, total)}>`,
  );
}

/** Rewrites the JUnit file in place when the triage changes a verdict in it; returns whether it did. */
export function rewriteJunit(file: string, result: Triage): boolean {
  if (!existsSync(file) || (result.excused.length === 0 && !result.outcomes.some((outcome) => outcome.flaky)))
    return false;
  const before = readFileSync(file, 'utf8');
  const after = recount(
    before.replace(/<testcase\b[\s\S]*?<\/testcase>/g, (testcase) => rewrite(testcase, result)),
  );
  if (after !== before) writeFileSync(file, after);
  return after !== before;
}
