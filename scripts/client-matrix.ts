// npm run client-matrix [-- --runs N] [--profiles a,b] [--burners N] [--workers N]
// The correct concurrent clients' matrix: selftest/client-report-concurrent-clients.spec.ts (each
// test a client style) run --runs times under each chaos profile (CLIENT_MATRIX_PROFILE puts every
// test under it), with --burners CPU-bound processes beside it. A run is clean when the client's
// card has no failed and no advisory requirement. Writes reports/client-matrix.{json,md}; exits 1
// when a style is not clean in every run of a profile; a first failure's journal, when the test
// kept it, goes to reports/client-matrix/.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs, stripVTControlCharacters } from 'node:util';
import { childEnvironment } from '../config/environment.js';
import { PROFILE_NAMES } from '../sandbox/chaos/profiles.js';
import { PACKAGE_ROOT, playwrightTestArgs } from '../embedded/playwright-command.js';

const SPEC = 'selftest/client-report-concurrent-clients.spec.ts';
const MESSAGE_CHARS = 400;

interface MatrixOptions {
  runs: number;
  profiles: string[];
  burners: number;
  workers: number;
}

/** One client style under one profile: its clean runs of `runs`, and the first failure's message. */
export interface MatrixCell {
  style: string;
  profile: string;
  clean: number;
  runs: number;
  /** The profile's wall time (all its styles' runs) and the machine's one-minute load at its end. */
  seconds: number;
  load: number;
  firstFailure?: string;
  /** The journal of the first failure's sandbox, when the test kept it (reports/client-matrix/). */
  firstFailureJournal?: string;
}

const JOURNALS = 'reports/client-matrix';

/** The first failure's journal (the test attaches it, base64), written beside the report. */
function keptJournal(failure: ReportResult | undefined, profile: string, style: string): string | undefined {
  const body = failure?.attachments?.find((attachment) => attachment.name === 'journal.json')?.body;
  if (body === undefined) return undefined;
  const file = `${JOURNALS}/${profile}-${style.replace(/[^a-z0-9]+/gi, '-').slice(0, 60)}.json`;
  mkdirSync(join(PACKAGE_ROOT, JOURNALS), { recursive: true });
  writeFileSync(join(PACKAGE_ROOT, file), Buffer.from(body, 'base64'));
  return file;
}

function count(text: string, flag: string, least: number): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < least)
    throw new Error(`${flag} takes an integer of at least ${least}, not "${text}"`);
  return value;
}

function options(): MatrixOptions {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '10' },
      profiles: { type: 'string', default: PROFILE_NAMES.join(',') },
      burners: { type: 'string', default: '1' },
      workers: { type: 'string', default: '2' },
    },
  });
  const profiles = values.profiles.split(',').map((name) => name.trim());
  const unknown = profiles.filter((name) => !PROFILE_NAMES.includes(name));
  if (unknown.length > 0)
    throw new Error(`--profiles: no chaos profile ${unknown.join(', ')} (${PROFILE_NAMES.join(', ')})`);
  return {
    runs: count(values.runs, '--runs', 1),
    profiles,
    burners: count(values.burners, '--burners', 0),
    workers: count(values.workers, '--workers', 1),
  };
}

interface ReportResult {
  status: string;
  error?: { message?: string };
  attachments?: Array<{ name: string; body?: string }>;
}

/** Playwright's JSON report, as far as the matrix reads it. */
interface ReportSuite {
  suites?: ReportSuite[];
  specs?: Array<{
    title: string;
    tests: Array<{ status: string; results: ReportResult[] }>;
  }>;
}

function oneLine(message: string): string {
  const plain = stripVTControlCharacters(message).replace(/\s+/g, ' ').trim();
  return plain.length > MESSAGE_CHARS ? `${plain.slice(0, MESSAGE_CHARS)}…` : plain;
}

/** Each spec's runs in the report: clean ones counted, the first failure's message kept. */
function cellsOf(
  report: ReportSuite,
  profile: string,
  runs: number,
  measured: Pick<MatrixCell, 'seconds' | 'load'>,
): MatrixCell[] {
  const cells = new Map<string, MatrixCell>();
  const visit = (suite: ReportSuite): void => {
    for (const spec of suite.specs ?? []) {
      const cell = cells.get(spec.title) ?? { style: spec.title, profile, clean: 0, runs, ...measured };
      cells.set(spec.title, cell);
      for (const run of spec.tests) {
        if (run.status === 'expected') cell.clean += 1;
        const failure = run.results.find((result) => result.status !== 'passed');
        if (run.status !== 'expected' && cell.firstFailure === undefined) {
          cell.firstFailure = oneLine(failure?.error?.message ?? `ended ${failure?.status ?? run.status}`);
          const journal = keptJournal(failure, profile, spec.title);
          if (journal !== undefined) cell.firstFailureJournal = journal;
        }
      }
    }
    for (const inner of suite.suites ?? []) visit(inner);
  };
  visit(report);
  return [...cells.values()];
}

function started(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: PACKAGE_ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('error', reject);
    child.on('close', (code) => {
      resolve(code ?? 1);
    });
  });
}

/** The self-test under one profile, `runs` times, burners beside it. */
async function runProfile(profile: string, opts: MatrixOptions): Promise<MatrixCell[]> {
  const folder = mkdtempSync(join(tmpdir(), 'client-matrix-'));
  const output = join(folder, 'report.json');
  const burners: ChildProcess[] = Array.from({ length: opts.burners }, () =>
    spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' }),
  );
  const began = performance.now();
  try {
    await started(
      process.execPath,
      [
        ...playwrightTestArgs(),
        SPEC,
        '--project=selftest',
        `--repeat-each=${opts.runs}`,
        '--retries=0',
        `--workers=${opts.workers}`,
        '--reporter=json',
      ],
      childEnvironment({ CLIENT_MATRIX_PROFILE: profile, PLAYWRIGHT_JSON_OUTPUT_NAME: output }),
    );
    const report = JSON.parse(readFileSync(output, 'utf8')) as ReportSuite;
    const measured = {
      seconds: Math.round((performance.now() - began) / 1000),
      load: Math.round((loadavg()[0] ?? 0) * 10) / 10,
    };
    return cellsOf(report, profile, opts.runs, measured);
  } finally {
    for (const burner of burners) burner.kill();
    rmSync(folder, { recursive: true, force: true });
  }
}

function markdown(cells: readonly MatrixCell[], opts: MatrixOptions): string {
  const rows = cells.map(
    (cell) =>
      `| ${cell.style} | ${cell.profile} | ${cell.clean}/${cell.runs} | ${cell.seconds} s, load ${cell.load} | ${(cell.firstFailure ?? '').replace(/\|/g, '\\|')} |`,
  );
  return [
    '# Correct concurrent clients under chaos',
    '',
    `${opts.runs} run(s) of each client style under each profile, ${opts.burners} CPU-bound process(es) beside, ${opts.workers} worker(s) (\`npm run client-matrix\`).`,
    '',
    '| client style | profile | clean runs | profile took | first failure |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  const opts = options();
  const cells: MatrixCell[] = [];
  for (const profile of opts.profiles) {
    const found = await runProfile(profile, opts);
    for (const cell of found)
      console.log(
        `${cell.clean === cell.runs ? 'clean   ' : 'NOT CLEAN'} ${cell.profile}: ${cell.style}: ${cell.clean}/${cell.runs} (${cell.seconds} s, load ${cell.load})${cell.firstFailure === undefined ? '' : ` (${cell.firstFailure})`}`,
      );
    cells.push(...found);
  }
  mkdirSync(join(PACKAGE_ROOT, 'reports'), { recursive: true });
  writeFileSync(
    join(PACKAGE_ROOT, 'reports/client-matrix.json'),
    `${JSON.stringify({ ...opts, cells }, null, 2)}\n`,
  );
  writeFileSync(join(PACKAGE_ROOT, 'reports/client-matrix.md'), markdown(cells, opts));
  console.log('reports/client-matrix.json, reports/client-matrix.md');
  process.exitCode = cells.length > 0 && cells.every((cell) => cell.clean === cell.runs) ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 2;
});
