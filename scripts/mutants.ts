// npm run mutants [-- fault-name ...] [--jobs N] [--skip-clean]
// The kill matrix: the conformance suite against the sandbox once per fault of the catalogue, each
// run limited to the tests tagged with the fault's requirements (scripts/kill-matrix.ts). A fault is
// killed when one of those tests fails naming one of its requirements. Writes reports/mutants.json
// and reports/mutants.md; exits 1 when a fault survives or the clean sandbox fails.
import { mkdirSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { FAULTS, isFaultName, type FaultName } from '../sandbox/faults.js';
import { runSuite } from '../embedded/run-suite.js';
import { runKill, type KillVerdict } from './kill-matrix.js';
import { pool } from './pool.js';

interface MutantsOptions {
  faults: FaultName[];
  jobs: number;
  skipClean: boolean;
}

function positiveInteger(text: string, flag: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`${flag} takes a positive integer, not "${text}"`);
  return value;
}

function options(): MutantsOptions {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { jobs: { type: 'string', default: '2' }, 'skip-clean': { type: 'boolean', default: false } },
  });
  for (const name of positionals) if (!isFaultName(name)) throw new Error(`Unknown fault ${name}`);
  const named = positionals.filter(isFaultName);
  return {
    faults: named.length > 0 ? named : (Object.keys(FAULTS) as FaultName[]),
    jobs: positiveInteger(values.jobs, '--jobs'),
    skipClean: values['skip-clean'],
  };
}

async function runFault(fault: FaultName): Promise<KillVerdict> {
  const { verdict } = await runKill(fault);
  console.log(
    `${verdict.status === 'killed' ? 'killed  ' : 'SURVIVED'} ${fault} (${verdict.testsRun} tests, ${verdict.seconds} s)`,
  );
  return verdict;
}

/** The whole suite against the clean sandbox: every test passes, or the matrix means nothing. */
async function cleanRun(): Promise<{ line: string; failed: number }> {
  const clean = await runSuite({ workers: 2, timeoutMs: 900_000 });
  const failedTitles = clean.tests
    .filter((verdict) => verdict.status === 'failed')
    .map((verdict) => verdict.title);
  const line = `clean sandbox: ${clean.tests.length} tests, ${failedTitles.length} failed${failedTitles.length > 0 ? `: ${failedTitles.join('; ')}` : ''}`;
  console.log(line);
  return { line, failed: failedTitles.length + (clean.tests.length === 0 ? 1 : 0) };
}

function markdown(results: readonly KillVerdict[], clean: string): string {
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

function writeReports(results: readonly KillVerdict[], cleanLine: string): void {
  mkdirSync('reports', { recursive: true });
  writeFileSync(
    'reports/mutants.json',
    JSON.stringify({ date: new Date().toISOString(), clean: cleanLine, faults: results }, null, 2),
  );
  writeFileSync('reports/mutants.md', markdown(results, cleanLine));
}

async function main(): Promise<number> {
  const { faults, jobs, skipClean } = options();
  const clean = skipClean ? { line: 'clean run skipped', failed: 0 } : await cleanRun();
  const results = await pool(faults, jobs, runFault);
  const killed = results.filter((result) => result.status === 'killed').length;
  writeReports(results, clean.line);
  for (const result of results.filter((one) => one.status === 'survived'))
    console.log(
      `survived: ${result.fault} (${result.requirements.join(', ')}): ${result.otherFailures.join('; ') || 'no test failed'}`,
    );
  console.log(
    `\n${results.length} faults: ${killed} killed, ${results.length - killed} survived; ${clean.line}`,
  );
  console.log('written reports/mutants.json and reports/mutants.md');
  return killed === results.length && clean.failed === 0 ? 0 : 1;
}

process.exit(await main());
