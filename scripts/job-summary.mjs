// A Markdown failure summary of one or several Playwright JSON results (the shards of one run), for
// $GITHUB_STEP_SUMMARY. Exit status 1 when there is a conformance failure or a broken environment
// (no results, a missing shard, an error outside the tests); advisory warnings never fail it.
//
//   node scripts/job-summary.mjs [--title TEXT] results.json [more-results.json ...]
import { existsSync, readFileSync } from 'node:fs';
import { preflightCauseOf } from './lib.mjs';

const MAX_ROWS = 50;
const REDACTED = '[REDACTED]';
// The suite redacts what it writes; this second net covers what Playwright itself puts in a message.
const SECRET_VARIABLES = ['TARGET_CLIENT_SECRET', 'TARGET_USER_PASSWORD', 'SANDBOX_CONTROL_KEY'];
const SENSITIVE_PARAMETER =
  /\b(client_secret|password|access_token|refresh_token|code|token|id_token)=([^&\s"'<>]+)/gi;
const BEARER = /\b(Bearer)\s+[\w.~+/-]+=*/gi;
// The messages the suite gives when the target or its test helpers cannot be used (see allurerc.mjs).
const ENVIRONMENT_MESSAGE =
  /^((\w+: )?(Could not reach|Test helper|The target configuration)|Broken environment: |Set-up could not proceed: )/;
const REQUIREMENT_IN_MESSAGE = /\[(R[\d.]+-\d+) §/g;

function parseArguments(argv) {
  const files = [];
  let title = 'Classifieds API conformance';
  for (let index = 0; index < argv.length; index += 1) {
    if (argv[index] === '--title') title = argv[++index] ?? title;
    else files.push(argv[index]);
  }
  return { title, files };
}

function redact(text, env = process.env) {
  let result = text.replace(SENSITIVE_PARAMETER, `$1=${REDACTED}`).replace(BEARER, `$1 ${REDACTED}`);
  for (const name of SECRET_VARIABLES) {
    const value = env[name]?.trim() ?? '';
    if (value.length >= 6) result = result.split(value).join(REDACTED);
  }
  return result;
}

function firstLine(message) {
  const line = stripAnsi(message ?? '')
    .split('\n')
    .map((text) => text.trim())
    .find((text) => text !== '');
  return (line ?? '(no message)').replace(/^ConformanceFailure: /, '');
}

/** The "Observed: ..." line of a ConformanceFailure (helpers/verify.ts), what the target did instead. */
function observedLine(message) {
  const line = message.split('\n').find((text) => text.startsWith('Observed: '));
  return line === undefined ? '' : line.slice('Observed: '.length);
}

function stripAnsi(text) {
  return text.replace(/\u001b\[[0-9;]*m/g, '');
}

function specsOf(suite) {
  return [...(suite.specs ?? []), ...(suite.suites ?? []).flatMap(specsOf)];
}

/** The verdict of one test, from its last attempt. */
function classify(spec, test) {
  const last = test.results.at(-1);
  const message = stripAnsi(last?.error?.message ?? last?.errors?.[0]?.message ?? '');
  const entry = {
    where: `${spec.file}:${spec.line}`,
    title: spec.title,
    project: test.projectName,
    requirements: requirementsOf(spec, message),
    line: firstLine(message || last?.status),
    observed: observedLine(message),
    skipReason: skipReasonOf(test),
  };
  // Stopped by global setup's preflight (the target was down): broken, never skipped.
  const preflightCause = preflightCauseOf(test);
  if (preflightCause !== undefined)
    return { kind: 'broken', entry: { ...entry, line: `Broken environment: ${preflightCause}` } };
  if (test.status === 'skipped') return { kind: 'skipped', entry };
  if (test.status === 'expected' || test.status === 'flaky') return { kind: 'passed', entry };
  if (test.projectName === 'advisory') return { kind: 'warning', entry };
  if (ENVIRONMENT_MESSAGE.test(message)) return { kind: 'broken', entry };
  return { kind: 'failure', entry };
}

function skipReasonOf(test) {
  const annotations = [...(test.annotations ?? []), ...(test.results.at(-1)?.annotations ?? [])];
  return annotations.find((annotation) => annotation.type === 'skip')?.description ?? '(no reason given)';
}

/** The ids the failure names, else those the test covers (its @R... tags). */
function requirementsOf(spec, message) {
  const named = [...message.matchAll(REQUIREMENT_IN_MESSAGE)].map((match) => match[1]);
  const covered = (spec.tags ?? []).map((tag) => tag.replace(/^@/, '')).filter((tag) => /^R\d/.test(tag));
  return [...new Set(named.length > 0 ? named : covered)];
}

/** Reads every results file into one tally; a missing or unreadable file is a broken environment. */
function tally(files) {
  const result = { passed: [], failure: [], warning: [], skipped: [], broken: [], problems: [] };
  const shards = { total: 0, seen: new Set() };
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
        const { kind, entry } = classify(spec, test);
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

function readReport(file, problems) {
  if (!existsSync(file)) {
    problems.push(`${file}: missing (the run stopped before reporting; see its log)`);
    return undefined;
  }
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    problems.push(`${file}: not Playwright JSON (${error instanceof Error ? error.message : String(error)})`);
    return undefined;
  }
}

function cell(text) {
  return redact(text).replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();
}

function table(header, rows) {
  const lines = [`| ${header.join(' | ')} |`, `| ${header.map(() => '---').join(' | ')} |`];
  for (const row of rows.slice(0, MAX_ROWS)) lines.push(`| ${row.map(cell).join(' | ')} |`);
  if (rows.length > MAX_ROWS) lines.push('', `... and ${rows.length - MAX_ROWS} more (see the report).`);
  return lines.join('\n');
}

function section(title, entries, toRow, header) {
  if (entries.length === 0) return [];
  return [`### ${title}`, '', table(header, entries.map(toRow)), ''];
}

function countByReason(entries) {
  const counts = new Map();
  for (const { skipReason } of entries) counts.set(skipReason, (counts.get(skipReason) ?? 0) + 1);
  return [...counts].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count);
}

function render(title, result) {
  const brokenCount = result.broken.length + result.problems.length;
  const failed = result.failure.length > 0 || brokenCount > 0;
  const verdict = failed ? 'FAILED' : result.warning.length > 0 ? 'passed with warnings' : 'passed';
  const lines = [
    `## ${title}: ${verdict}`,
    '',
    table(
      ['passed', 'conformance failures', 'advisory warnings', 'skipped', 'broken environment'],
      [
        [result.passed, result.failure, result.warning, result.skipped, { length: brokenCount }].map((list) =>
          String(list.length),
        ),
      ],
    ),
    '',
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
  return { markdown: lines.join('\n'), failed };
}

function main() {
  const { title, files } = parseArguments(process.argv.slice(2));
  const { markdown, failed } = render(title, tally(files));
  process.stdout.write(`${markdown}\n`);
  process.exitCode = failed ? 1 : 0;
}

main();
