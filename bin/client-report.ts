// `classifieds-conformance client-report --client-id ID [...]`: grades an integrator's client from
// the sandbox's journal against the client requirements (spec/requirements/client.ts) and writes
// the report card: the console summary, and Markdown, JUnit and Allure results when asked.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { redactText, registerSecret } from '../helpers/report/redact.js';
import { writeAllureResults } from '../report-card/allure.js';
import { cardLines } from '../report-card/card-lines.js';
import { consoleSummary } from '../report-card/console-summary.js';
import { exitCodeOf, gradeClient } from '../report-card/grade.js';
import { junitCard } from '../report-card/junit.js';
import { markdownCard } from '../report-card/markdown.js';
import type { Window } from '../report-card/source.js';
import { findJournal } from './card-journal.js';
import { CONTROL_HELP, CONTROL_OPTIONS } from './control.js';

const HELP = `Usage: classifieds-conformance client-report --client-id ID [options]

Grades one integrator's client from the sandbox's journal against the client requirements: each
passed, failed with the journal records that show it (redacted, with a reproduction), or not
exercised (never counted as passed); with the chaos profile and seed that were on.

Where the journal is read (one of):
  --journal FILE            the sandbox's journal.jsonl (in its data folder)
${CONTROL_HELP}
  A sandbox found through its data folder is read with the folder's journal.jsonl: the records
  of its starts before the last one too.
Which records:
  --client-id ID            the client graded (required)
  --since TIME, --until TIME  an ISO 8601 window (default: all the journal holds)
  --sole-client             this sandbox served this client alone: the records that named it
                            without proof are graded as its own (else shown, not counted)
Outputs (the console summary always):
  --markdown FILE   --junit FILE   --allure DIR (one test a requirement, its id as a label)
Exit status: 1 when a requirement failed (an advisory one only warns); with --require-exercised,
also when one was not exercised; 2 on a wrong command line or an unreadable journal.`;

const OPTIONS = {
  'client-id': { type: 'string' },
  since: { type: 'string' },
  until: { type: 'string' },
  journal: { type: 'string' },
  ...CONTROL_OPTIONS,
  'require-exercised': { type: 'boolean', default: false },
  'sole-client': { type: 'boolean', default: false },
  markdown: { type: 'string' },
  junit: { type: 'string' },
  allure: { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS }>>['values'];

/** The window, or a message naming the option that is not a time. */
function windowOf(values: Values): Window | string {
  for (const name of ['since', 'until'] as const) {
    const value = values[name];
    if (value !== undefined && Number.isNaN(Date.parse(value)))
      return `--${name} ${value}: not an ISO 8601 time`;
  }
  return {
    ...(values.since === undefined ? {} : { since: values.since }),
    ...(values.until === undefined ? {} : { until: values.until }),
  };
}

function writeOutput(file: string, text: string): void {
  mkdirSync(dirname(resolve(file)), { recursive: true });
  writeFileSync(file, text);
  console.log(`written: ${file}`);
}

async function main(): Promise<number> {
  const { values } = parseArgs({ args: process.argv.slice(2), options: OPTIONS });
  registerSecret(values.key);
  const clientId = values['client-id'];
  if (values.help || clientId === undefined) {
    console.log(HELP);
    return values.help ? 0 : 2;
  }
  const window = windowOf(values);
  const found = typeof window === 'string' ? window : await findJournal(values, clientId, window);
  if (typeof found === 'string' || typeof window === 'string') {
    console.error(typeof window === 'string' ? window : found);
    return 2;
  }
  const { read } = found;
  console.log(`journal: ${read.records.length} records of client ${clientId} from ${found.where}`);
  if (read.unfinished !== undefined)
    console.log(`skipped: ${read.unfinished}, the journal's last line, unfinished (a write cut short)`);
  const card = gradeClient(clientId, read.records, {
    dropped: read.dropped,
    ...(read.claimed === undefined ? {} : { claimed: read.claimed }),
    leftOut: read.leftOut ?? 0,
    ...window,
    ...(read.claimedRecords === undefined ? {} : { claimedRecords: read.claimedRecords }),
    ...(read.answeredBefore === undefined ? {} : { answeredBefore: read.answeredBefore }),
    soleClient: values['sole-client'],
  });
  const lines = cardLines(card);
  const requireExercised = values['require-exercised'];
  console.log(consoleSummary(card, lines));
  if (values.markdown !== undefined) writeOutput(values.markdown, markdownCard(card, lines));
  if (values.junit !== undefined) writeOutput(values.junit, junitCard(card, lines, requireExercised));
  if (values.allure !== undefined) writeAllureResults(values.allure, card, lines, requireExercised);
  return exitCodeOf(card, requireExercised);
}

main().then(
  (status) => process.exit(status),
  (error: unknown) => {
    console.error(redactText(`client-report: ${error instanceof Error ? error.message : String(error)}`));
    process.exit(2);
  },
);
