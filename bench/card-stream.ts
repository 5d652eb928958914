// What the report card costs on a journal of any size (docs/client-report.md): a JSONL journal of
// many clients' records is written once, then read in two child processes, each its own peak RSS:
//   reference  the same file read line by line with readline, every line discarded
//   card       the card's read (report-card/source.ts: every line parsed and checked, the graded
//              client's records of the window kept, at most 250,000) and its grading
// Figures: records a second and peak RSS of each, the card's beside the reference's.
//
//   npm run bench:card -- [records=10000000] [one in N records the graded client's=100]
import { spawnSync } from 'node:child_process';
import {
  createReadStream,
  createWriteStream,
  mkdirSync,
  mkdtempSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { once } from 'node:events';
import { exitCodeOf, gradeClient } from '../report-card/grade.js';
import { readJournalFile } from '../report-card/source.js';
import type { RequestRecord } from '../spec/journal.js';

const MB = 1024 * 1024;
const GRADED = 'client-graded';
const START = Date.parse('2026-11-20T00:00:00.000Z');

interface PhaseResult {
  phase: string;
  lines: number;
  kept: number;
  seconds: number;
  maxRssMb: number;
  exitCode?: number;
}

/** The n-th record: a listing page of a crawl, a client of 50 (every `share`-th the graded one). */
function recordOf(n: number, share: number): RequestRecord {
  const client = n % share === 0 ? GRADED : `client-${n % 50}`;
  const crawlPage = Math.floor(n / share) % 5;
  const page = (k: number) =>
    `fp:${((k * 2654435761) >>> 0).toString(16).padStart(8, '0')}${client.length.toString(16).padStart(8, '0')}`;
  return {
    kind: 'request',
    seq: n + 1,
    at: new Date(START + n * 7).toISOString(),
    client_id: client,
    login: `dealer-${n % 7}`,
    endpoint: 'listing',
    method: 'GET',
    path: '/autoupload/v1/published',
    scheme: 'http',
    query: {},
    credentials: { bearer: 'fp:0123456789abcdef' },
    params: { fetch_size: '100', ads_status: null, page_token: crawlPage === 0 ? null : page(n - share) },
    status: 200,
    answer: { items: 100, next_token: crawlPage === 4 ? null : page(n), statuses: 'published' },
    duration_ms: 3,
  };
}

/**
 * The n-th record's line: JSON.stringify of recordOf's shape, but made from a template of the
 * first (a tenth of the time, so ten million records are written in about a minute).
 */
function lineMaker(share: number): (n: number) => string {
  const sample = JSON.stringify({
    ...recordOf(1, share),
    seq: '@@seq@@',
    at: '@@at@@',
    client_id: '@@client@@',
    params: { fetch_size: '100', ads_status: null, page_token: '@@page@@' },
    answer: { items: 100, next_token: '@@next@@', statuses: 'published' },
  });
  const parts = sample.split(/"@@(?:seq|at|client|page|next)@@"/);
  if (parts.length !== 6) throw new Error(`the template has ${parts.length - 1} holes, not 5`);
  return (n) => {
    const record = recordOf(n, share);
    const holes = [
      String(record.seq),
      JSON.stringify(record.at),
      JSON.stringify(record.client_id),
      JSON.stringify(record.params?.page_token ?? null),
      JSON.stringify(record.answer?.next_token ?? null),
    ];
    return parts.map((part, index) => part + (holes[index] ?? '')).join('');
  };
}

async function writeJournal(file: string, records: number, share: number): Promise<void> {
  const out = createWriteStream(file);
  const lineOf = lineMaker(share);
  let batch: string[] = [];
  for (let n = 0; n < records; n += 1) {
    batch.push(lineOf(n));
    if (batch.length === 10_000) {
      if (!out.write(`${batch.join('\n')}\n`)) await once(out, 'drain');
      batch = [];
    }
  }
  out.end(batch.length === 0 ? '' : `${batch.join('\n')}\n`);
  await once(out, 'finish');
}

function maxRssMb(): number {
  return (process.resourceUsage().maxRSS * 1024) / MB;
}

/** In the child: one phase over the file, its figures as one JSON line. */
async function runPhase(phase: string, file: string): Promise<PhaseResult> {
  const startedAt = performance.now();
  if (phase === 'reference') {
    let lines = 0;
    const reader = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
    for await (const line of reader) if (line.length >= 0) lines += 1;
    return { phase, lines, kept: 0, seconds: (performance.now() - startedAt) / 1000, maxRssMb: maxRssMb() };
  }
  const read = await readJournalFile(file, GRADED, {});
  const card = gradeClient(GRADED, read.records, { leftOut: read.leftOut ?? 0 });
  const lines = Number(process.argv[5] ?? 0);
  return {
    phase,
    lines,
    kept: read.records.length,
    seconds: (performance.now() - startedAt) / 1000,
    maxRssMb: maxRssMb(),
    exitCode: exitCodeOf(card, false),
  };
}

function child(phase: string, file: string, records: number): PhaseResult {
  const run = spawnSync(
    process.execPath,
    [...process.execArgv, process.argv[1] ?? '', '--phase', phase, file, String(records)],
    {
      encoding: 'utf8',
      maxBuffer: 16 * MB,
    },
  );
  const last = run.stdout.trim().split('\n').at(-1) ?? '';
  if (run.status !== 0 || !last.startsWith('{')) throw new Error(`the ${phase} child failed: ${run.stderr}`);
  return JSON.parse(last) as PhaseResult;
}

async function main(): Promise<void> {
  if (process.argv[2] === '--phase') {
    console.log(JSON.stringify(await runPhase(process.argv[3] ?? '', process.argv[4] ?? '')));
    return;
  }
  const records = Number(process.argv[2] ?? 10_000_000);
  const share = Number(process.argv[3] ?? 100);
  const dir = mkdtempSync(join(tmpdir(), 'bench-card-'));
  const file = join(dir, 'journal.jsonl');
  try {
    const writtenAt = performance.now();
    await writeJournal(file, records, share);
    const sizeMb = statSync(file).size / MB;
    console.log(
      `journal: ${records.toLocaleString('en')} records, ${sizeMb.toFixed(0)} MB, written in ${((performance.now() - writtenAt) / 1000).toFixed(1)} s; one in ${share} the graded client's`,
    );
    const reference = child('reference', file, records);
    const card = child('card', file, records);
    const perSecond = (result: PhaseResult) => records / result.seconds;
    const rows = [reference, card].map((result) => ({
      ...result,
      recordsPerSecond: Math.round(perSecond(result)),
    }));
    for (const row of rows)
      console.log(
        `${row.phase.padEnd(10)} ${row.recordsPerSecond.toLocaleString('en').padStart(12)} records/s  peak RSS ${row.maxRssMb.toFixed(0).padStart(5)} MB  ${row.seconds.toFixed(1)} s${row.phase === 'card' ? `  (${row.kept.toLocaleString('en')} records graded, exit ${String(row.exitCode)})` : ''}`,
      );
    console.log(
      `card / reference: ${(perSecond(card) / perSecond(reference)).toFixed(2)} of the speed, ${(card.maxRssMb / reference.maxRssMb).toFixed(2)}x the peak RSS`,
    );
    mkdirSync('reports/bench', { recursive: true });
    writeFileSync(
      'reports/bench/card-stream.json',
      `${JSON.stringify({ records, share, journalMb: Math.round(sizeMb), rows }, null, 2)}\n`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
