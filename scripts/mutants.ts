// npm run mutants [-- fault-name ...] [--jobs N] [--skip-clean]
// The kill matrix: the conformance suite against the sandbox once per fault of the catalogue, each
// run limited to the tests tagged with the fault's requirements. A fault is killed when one of those
// tests fails naming one of its requirements. Writes reports/mutants.json and reports/mutants.md;
// exits 1 when a fault survives or the clean sandbox fails.
import { mkdirSync, writeFileSync } from 'node:fs';
import { FAULTS, isFaultName, type FaultName } from '../sandbox/faults.js';
import { pool } from './pool.js';
import { runSuite, type TestVerdict } from '../embedded/run-suite.js';

interface FaultResult {
  fault: FaultName;
  requirements: readonly string[];
  description: string;
  status: 'killed' | 'survived';
  /** Tests that failed naming one of the fault's requirements. */
  killedBy: string[];
  /** Tests that failed for another reason, or nothing ran: shown so a survivor can be diagnosed. */
  otherFailures: string[];
  testsRun: number;
  seconds: number;
}

const args = process.argv.slice(2);
const jobsAt = args.indexOf('--jobs');
const jobs = jobsAt >= 0 ? Number(args[jobsAt + 1]) : 2;
const skipClean = args.includes('--skip-clean');
// Without --jobs, jobsAt is -1: its value's index must not be taken for 0, the first fault named.
const named = args.filter((arg, index) => !arg.startsWith('--') && (jobsAt < 0 || index !== jobsAt + 1));
for (const name of named) if (!isFaultName(name)) throw new Error(`Unknown fault ${name}`);
const selected = (named.length > 0 ? named : Object.keys(FAULTS)) as FaultName[];

function tagGrep(ids: readonly string[]): string {
  return ids.map((id) => `@${id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\d])`).join('|');
}

function judge(fault: FaultName, tests: readonly TestVerdict[], seconds: number): FaultResult {
  const { requirements, description } = FAULTS[fault];
  const failed = tests.filter((verdict) => verdict.status === 'failed');
  const names = (verdict: TestVerdict): boolean => requirements.some((id) => verdict.message.includes(id));
  const killedBy = failed.filter(names).map((verdict) => verdict.title);
  const otherFailures = failed.filter((verdict) => !names(verdict)).map((verdict) => verdict.title);
  return {
    fault,
    requirements,
    description,
    status: killedBy.length > 0 ? 'killed' : 'survived',
    killedBy,
    otherFailures: tests.length === 0 ? ['(no test ran)'] : otherFailures,
    testsRun: tests.length,
    seconds: Math.round(seconds),
  };
}

async function runFault(fault: FaultName): Promise<FaultResult> {
  const started = performance.now();
  const run = await runSuite({
    faults: [fault],
    grep: tagGrep(FAULTS[fault].requirements),
    timeoutMs: 600_000,
  });
  const result = judge(fault, run.tests, (performance.now() - started) / 1000);
  console.log(
    `${result.status === 'killed' ? 'killed  ' : 'SURVIVED'} ${fault} (${result.testsRun} tests, ${result.seconds} s)`,
  );
  return result;
}

function markdown(results: readonly FaultResult[], clean: string): string {
  const rows = results.map(
    (result) =>
      `| \`${result.fault}\` | ${result.requirements.join(', ')} | ${result.status} | ${
        result.killedBy.slice(0, 3).join('<br>') || result.otherFailures.slice(0, 3).join('<br>') || '-'
      } |`,
  );
  return [
    `# Kill matrix`,
    '',
    clean,
    '',
    '| fault | requirements | verdict | killed by (or other failures) |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}

let cleanLine = 'clean run skipped';
let cleanFailed = 0;
if (!skipClean) {
  const clean = await runSuite({ workers: 2, timeoutMs: 900_000 });
  const failedTitles = clean.tests
    .filter((verdict) => verdict.status === 'failed')
    .map((verdict) => verdict.title);
  cleanFailed = failedTitles.length + (clean.tests.length === 0 ? 1 : 0);
  cleanLine = `clean sandbox: ${clean.tests.length} tests, ${failedTitles.length} failed${failedTitles.length > 0 ? `: ${failedTitles.join('; ')}` : ''}`;
  console.log(cleanLine);
}

const results = await pool(selected, jobs, runFault);
const killed = results.filter((result) => result.status === 'killed').length;
mkdirSync('reports', { recursive: true });
writeFileSync(
  'reports/mutants.json',
  JSON.stringify({ date: new Date().toISOString(), clean: cleanLine, faults: results }, null, 2),
);
writeFileSync('reports/mutants.md', markdown(results, cleanLine));
for (const result of results.filter((one) => one.status === 'survived'))
  console.log(
    `survived: ${result.fault} (${result.requirements.join(', ')}): ${result.otherFailures.join('; ') || 'no test failed'}`,
  );
console.log(
  `\n${results.length} faults: ${killed} killed, ${results.length - killed} survived; ${cleanLine}`,
);
console.log('written reports/mutants.json and reports/mutants.md');
process.exit(killed === results.length && cleanFailed === 0 ? 0 : 1);
