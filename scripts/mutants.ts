// npm run mutants [-- fault-name ...] [--jobs N] [--skip-clean] [--mode sandbox|account]
// The kill matrix: the conformance suite against the sandbox once per fault of the catalogue, each
// run limited to the tests tagged with the fault's requirements (scripts/kill-matrix.ts). A fault is
// killed when one of those tests fails naming one of its requirements. Writes reports/mutants.json
// and reports/mutants.md; exits 1 when a fault survives or the clean sandbox fails.
// --mode account: the listing and delivery faults (by default) against a target without test helpers, the listing
// suites told only TARGET_* (scripts/mutants-account.ts); writes reports/mutants-account.{json,md}.
import { mkdirSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { FAULTS, isFaultName, type FaultName } from '../sandbox/faults.js';
import { runSuite } from '../embedded/run-suite.js';
import { runKill, type KillVerdict } from './kill-matrix.js';
import { pool } from './pool.js';
import { cleanAccountRun, listingFaults, runFaultInAccount } from './mutants-account.js';

type Mode = 'sandbox' | 'account';

interface MutantsOptions {
  faults: FaultName[];
  jobs: number;
  skipClean: boolean;
  mode: Mode;
}

function modeOf(text: string): Mode {
  if (text !== 'sandbox' && text !== 'account')
    throw new Error(`--mode takes sandbox or account, not "${text}"`);
  return text;
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
    options: {
      jobs: { type: 'string', default: '2' },
      'skip-clean': { type: 'boolean', default: false },
      mode: { type: 'string', default: 'sandbox' },
    },
  });
  const mode = modeOf(values.mode);
  for (const name of positionals) if (!isFaultName(name)) throw new Error(`Unknown fault ${name}`);
  const named = positionals.filter(isFaultName);
  return {
    faults:
      named.length > 0 ? named : mode === 'account' ? listingFaults() : (Object.keys(FAULTS) as FaultName[]),
    jobs: positiveInteger(values.jobs, '--jobs'),
    skipClean: values['skip-clean'],
    mode,
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

function markdown(results: readonly KillVerdict[], clean: string, mode: Mode): string {
  const rows = results.map(
    (result) =>
      `| \`${result.fault}\` | ${result.requirements.join(', ')} | ${result.status} | ${
        result.killedBy.slice(0, 3).join('<br>') || result.otherFailures.slice(0, 3).join('<br>') || '-'
      } |`,
  );
  return [
    mode === 'account' ? '# Kill matrix, account mode (no test helpers)' : `# Kill matrix`,
    '',
    clean,
    '',
    '| fault | requirements | verdict | killed by (or other failures) |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}

function writeReports(results: readonly KillVerdict[], cleanLine: string, mode: Mode): string {
  const name = mode === 'account' ? 'reports/mutants-account' : 'reports/mutants';
  mkdirSync('reports', { recursive: true });
  writeFileSync(
    `${name}.json`,
    JSON.stringify({ date: new Date().toISOString(), mode, clean: cleanLine, faults: results }, null, 2),
  );
  writeFileSync(`${name}.md`, markdown(results, cleanLine, mode));
  return name;
}

async function main(): Promise<number> {
  const { faults, jobs, skipClean, mode } = options();
  const account = mode === 'account';
  const clean = skipClean
    ? { line: 'clean run skipped', failed: 0 }
    : await (account ? cleanAccountRun() : cleanRun());
  const results = await pool(faults, jobs, account ? runFaultInAccount : runFault);
  const killed = results.filter((result) => result.status === 'killed').length;
  const written = writeReports(results, clean.line, mode);
  for (const result of results.filter((one) => one.status === 'survived'))
    console.log(
      `survived: ${result.fault} (${result.requirements.join(', ')}): ${result.otherFailures.join('; ') || 'no test failed'}`,
    );
  console.log(
    `\n${results.length} faults: ${killed} killed, ${results.length - killed} survived; ${clean.line}`,
  );
  console.log(`written ${written}.json and ${written}.md`);
  return killed === results.length && clean.failed === 0 ? 0 : 1;
}

void main().then((status) => process.exit(status));
