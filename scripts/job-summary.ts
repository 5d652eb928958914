// A Markdown failure summary of one or several Playwright JSON results (the shards of one run), for
// $GITHUB_STEP_SUMMARY. Exit status 1 when there is a conformance failure or a broken environment
// (no results, a missing shard, an error outside the tests); advisory warnings never fail it.
//
//   npx tsx scripts/job-summary.ts [--title TEXT] [--triage triage.md] [--drift drift.md] results.json [more-results.json ...]
//
// Tonight's triage (triage.md, by default beside the first results file: scripts/triage/) comes
// first; the drift from CONFORMANCE_BASELINE (drift.md, likewise) follows the summary. A failure
// whose requirements are all accepted known deviations (CONFORMANCE_KNOWN) is listed apart and
// does not fail the summary.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { advisoryWarningOf } from '../helpers/report/advisory-warning.js';
import { redactText } from '../helpers/report/redact.js';
import { acceptedOn, readKnown } from './triage/known.js';
import { triageSettings } from './triage/settings.js';
import {
  lastMessage,
  preflightCauseOf,
  readJsonReport,
  specsOf,
  type JsonReport,
  type JsonSpec,
  type JsonTest,
} from './lib.js';

const MAX_ROWS = 50;
// The messages the suite gives when the target or its test helpers cannot be used (see allurerc.mjs).
const ENVIRONMENT_MESSAGE =
  /^((\w+: )?(Could not reach|Test helper|The target configuration)|Broken environment: |Set-up could not proceed: )/;
const REQUIREMENT_IN_MESSAGE = /\[(R[\d.]+-\d+) §/g;
/**
 * A credential after "Bearer" in free text (Playwright's own message quoting a header value): the
 * project's redaction hides it on a header line, not inside a sentence.
 */
const BEARER = /\b(Bearer)\s+[\w.~+/-]+=*/gi;

interface Entry {
  where: string;
  title: string;
  requirements: string[];
  line: string;
  observed: string;
  skipReason: string;
}
type Kind = 'passed' | 'failure' | 'known' | 'warning' | 'skipped' | 'broken';
type Tally = Record<Kind, Entry[]> & { problems: string[] };

/**
 * Every secret the run was given (the environment's client secret, password, control key, URL
 * userinfo) and every value under a secret name, hidden by the suite's own redaction.
 */
function redact(text: string): string {
  return redactText(text).replace(BEARER, '$1 [REDACTED]');
}

function stripAnsi(text: string): string {
  // eslint-disable-next-line no-control-regex -- the escape character starts every ANSI colour code
  return text.replace(/\u001b\[[0-9;]*m/g, '');
}

function firstLine(message: string | undefined): string {
  const line = stripAnsi(message ?? '')
    .split('\n')
    .map((text) => text.trim())
    .find((text) => text !== '');
  return (line ?? '(no message)').replace(/^ConformanceFailure: /, '');
}

/** The "Observed: ..." line of a ConformanceFailure (helpers/assert/verify.ts), what the target did instead. */
function observedLine(message: string): string {
  const line = message.split('\n').find((text) => text.startsWith('Observed: '));
  return line === undefined ? '' : line.slice('Observed: '.length);
}

function skipReasonOf(test: JsonTest): string {
  const annotations = [...(test.annotations ?? []), ...(test.results.at(-1)?.annotations ?? [])];
  return annotations.find((annotation) => annotation.type === 'skip')?.description ?? '(no reason given)';
}

/** The ids the failure names, else those the test covers (its @R... tags). */
function requirementsOf(spec: JsonSpec, message: string): string[] {
  const named = [...message.matchAll(REQUIREMENT_IN_MESSAGE)].map((match) => match[1] ?? '');
  const covered = (spec.tags ?? []).map((tag) => tag.replace(/^@/, '')).filter((tag) => /^R\d/.test(tag));
  return [...new Set(named.length > 0 ? named : covered)];
}

/** The ids the team accepts tonight (scripts/triage/known.ts); a refused file is a problem. */
function acceptedIds(problems: string[]): ReadonlySet<string> {
  const known = readKnown(triageSettings().knownFile);
  if ('problem' in known) problems.push(known.problem);
  return 'problem' in known ? new Set() : acceptedOn(known.known, new Date());
}

/** The verdict of one test, from its last attempt; a failure of accepted deviations only is known. */
function classify(
  spec: JsonSpec,
  test: JsonTest,
  accepted: ReadonlySet<string>,
): { kind: Kind; entry: Entry } {
  const found = classifyTest(spec, test);
  const isKnown =
    found.kind === 'failure' &&
    found.entry.requirements.length > 0 &&
    found.entry.requirements.every((id) => accepted.has(id));
  return isKnown ? { ...found, kind: 'known' } : found;
}

function classifyTest(spec: JsonSpec, test: JsonTest): { kind: Kind; entry: Entry } {
  const message = stripAnsi(lastMessage(test));
  const entry: Entry = {
    where: `${spec.file ?? ''}:${spec.line ?? 0}`,
    title: spec.title,
    requirements: requirementsOf(spec, message),
    line: firstLine(message || test.results.at(-1)?.status),
    observed: observedLine(message),
    skipReason: skipReasonOf(test),
  };
  // Stopped by global setup's preflight (the target was down): broken, never skipped.
  const preflightCause = preflightCauseOf(test);
  if (preflightCause !== undefined)
    return { kind: 'broken', entry: { ...entry, line: `Broken environment: ${preflightCause}` } };
  if (test.status === 'skipped') return { kind: 'skipped', entry };
  // A passed test with an advisory warning (helpers/assert/advise.ts): counted among the passed too.
  if (advisoryWarningOf(test) !== undefined) return { kind: 'warning', entry };
  if (test.status === 'expected' || test.status === 'flaky') return { kind: 'passed', entry };
  if (ENVIRONMENT_MESSAGE.test(message)) return { kind: 'broken', entry };
  return { kind: 'failure', entry };
}

/** Reads every results file into one tally; a missing or unreadable file is a broken environment. */
function tally(files: readonly string[]): Tally {
  const result: Tally = {
    passed: [],
    failure: [],
    known: [],
    warning: [],
    skipped: [],
    broken: [],
    problems: [],
  };
  const accepted = acceptedIds(result.problems);
  const shards = { total: 0, seen: new Set<number>() };
  if (files.length === 0) result.problems.push('no results file was given: the run produced nothing');
  for (const file of files) {
    const report = readReport(file, result.problems);
    if (report === undefined) continue;
    const shard = report.config?.shard;
    if (shard) {
      shards.total = Math.max(shards.total, shard.total);
      shards.seen.add(shard.current);
    }
    for (const error of report.errors ?? []) result.problems.push(`${file}: ${firstLine(error.message)}`);
    for (const spec of (report.suites ?? []).flatMap(specsOf)) {
      for (const test of spec.tests) {
        const { kind, entry } = classify(spec, test, accepted);
        result[kind].push(entry);
      }
    }
  }
  for (let current = 1; current <= shards.total; current += 1) {
    if (!shards.seen.has(current))
      result.problems.push(`shard ${current}/${shards.total}: no results (the run stopped before reporting)`);
  }
  return result;
}

function readReport(file: string, problems: string[]): JsonReport | undefined {
  if (!existsSync(file)) {
    problems.push(`${file}: missing (the run stopped before reporting; see its log)`);
    return undefined;
  }
  try {
    return readJsonReport(file);
  } catch (error) {
    problems.push(`${file}: not Playwright JSON (${error instanceof Error ? error.message : String(error)})`);
    return undefined;
  }
}

function cell(text: string): string {
  return redact(text).replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();
}

function table(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const lines = [`| ${header.join(' | ')} |`, `| ${header.map(() => '---').join(' | ')} |`];
  for (const row of rows.slice(0, MAX_ROWS)) lines.push(`| ${row.map(cell).join(' | ')} |`);
  if (rows.length > MAX_ROWS) lines.push('', `... and ${rows.length - MAX_ROWS} more (see the report).`);
  return lines.join('\n');
}

function section<T>(
  title: string,
  entries: readonly T[],
  toRow: (entry: T) => string[],
  header: readonly string[],
): string[] {
  if (entries.length === 0) return [];
  return [`### ${title}`, '', table(header, entries.map(toRow)), ''];
}

function countByReason(entries: readonly Entry[]): Array<{ reason: string; count: number }> {
  const counts = new Map<string, number>();
  for (const { skipReason } of entries) counts.set(skipReason, (counts.get(skipReason) ?? 0) + 1);
  return [...counts].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count);
}

function countsTable(result: Tally, brokenCount: number): string {
  // One count everywhere: the passed include those with an advisory warning, as Playwright's.
  const passed = result.passed.length + result.warning.length;
  const counts = [passed, ...[result.failure, result.warning, result.skipped].map((list) => list.length)];
  return table(
    [
      'passed',
      'conformance failures',
      'advisory warnings (among the passed)',
      'skipped',
      'broken environment',
    ],
    [[...counts, brokenCount].map(String)],
  );
}

function detailSections(result: Tally): string[] {
  return [
    ...section(
      'Conformance failures',
      result.failure,
      (entry) => [
        entry.requirements.join(' '),
        `${entry.title} (${entry.where})`,
        entry.line,
        entry.observed,
      ],
      ['requirements', 'test', 'first line', 'observed'],
    ),
    ...section(
      'Known deviations (accepted in the known deviations file: not a failure of the gate)',
      result.known,
      (entry) => [entry.requirements.join(' '), `${entry.title} (${entry.where})`, entry.line],
      ['requirements', 'test', 'first line'],
    ),
    ...section(
      'Advisory warnings (not a failure of the gate)',
      result.warning,
      (entry) => [`${entry.title} (${entry.where})`, entry.line],
      ['test', 'first line'],
    ),
    ...section(
      'Skipped, by reason',
      countByReason(result.skipped),
      ({ reason, count }) => [reason, String(count)],
      ['reason', 'tests'],
    ),
    ...section(
      'Broken environment (target or test helpers unusable, or a set-up step that could not proceed)',
      [
        ...result.problems.map((problem) => ({ what: 'run', line: problem })),
        ...result.broken.map((entry) => ({ what: `${entry.title} (${entry.where})`, line: entry.line })),
      ],
      (entry) => [entry.what, entry.line],
      ['where', 'first line'],
    ),
  ];
}

function render(title: string, result: Tally): { markdown: string; failed: boolean } {
  const brokenCount = result.broken.length + result.problems.length;
  const failed = result.failure.length > 0 || brokenCount > 0;
  const verdict = failed ? 'FAILED' : result.warning.length > 0 ? 'passed with warnings' : 'passed';
  const lines = [
    `## ${title}: ${verdict}`,
    '',
    countsTable(result, brokenCount),
    '',
    ...detailSections(result),
  ];
  return { markdown: lines.join('\n'), failed };
}

/** drift.md under the summary, its headings one level down; nothing when the run compared nothing. */
function driftSection(file: string): string {
  if (!existsSync(file)) return '';
  return `\n${redact(readFileSync(file, 'utf8')).replace(/^#/gm, '###')}`;
}

function main(): void {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      title: { type: 'string', default: 'Classifieds API conformance' },
      // The drift from CONFORMANCE_BASELINE (helpers/profile/): by default drift.md beside the first results.
      drift: { type: 'string' },
      // Tonight's triage (scripts/triage/): by default triage.md beside the first results.
      triage: { type: 'string' },
    },
  });
  const beside = (name: string) => join(dirname(positionals[0] ?? '.'), name);
  const { markdown, failed } = render(values.title, tally(positionals));
  const triage = values.triage ?? beside('triage.md');
  const triageText = existsSync(triage) ? `${redact(readFileSync(triage, 'utf8'))}\n` : '';
  process.stdout.write(`${triageText}${markdown}\n${driftSection(values.drift ?? beside('drift.md'))}`);
  process.exitCode = failed ? 1 : 0;
}

main();
