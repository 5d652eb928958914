/**
 * `npm run mutants -- --mode account`: the kill matrix against a target without test helpers
 * (issue 15). For each fault a sandbox is started with it, its helpers make an account like a real
 * one (embedded/account.ts: clients, users, and a user owning 450 ads of mixed statuses), and the
 * listing suites run told only the TARGET_* variables. What they kill is what the invariants see
 * without knowing the seed.
 */
import { startAccount } from '../embedded/account.js';
import { runSuite } from '../embedded/run-suite.js';
import { mixedAds } from '../helpers/clients/mixed-ads.js';
import { FAULTS, type FaultName } from '../sandbox/faults.js';
import { runKill, type KillVerdict } from './kill-matrix.js';

/** Enough for pages of 200 to follow each other (the default page is full, the last one short). */
export const ACCOUNT_ADS = 450;
export const ACCOUNT_FILES = ['suites/listing'] as const;

/** The faults of the listing: account mode's default. */
export function listingFaults(): FaultName[] {
  return (Object.keys(FAULTS) as FaultName[]).filter((name) => name.startsWith('listing-'));
}

/** One fault in account mode; a survivor's line counts the tests that skipped for want of data. */
export async function runFaultInAccount(fault: FaultName): Promise<KillVerdict> {
  const account = await startAccount([fault], { ads: mixedAds(ACCOUNT_ADS) });
  try {
    const { verdict, run } = await runKill(fault, { target: account.env, files: ACCOUNT_FILES });
    const skipped = run.tests.filter((test) => test.status === 'skipped').length;
    console.log(
      `${verdict.status === 'killed' ? 'killed  ' : 'SURVIVED'} ${fault} (${verdict.testsRun} tests, ${skipped} skipped, ${verdict.seconds} s)`,
    );
    return verdict;
  } finally {
    await account.close();
  }
}

/** The listing suites against the clean sandbox in account mode: none may fail. */
export async function cleanAccountRun(): Promise<{ line: string; failed: number }> {
  const started = performance.now();
  const account = await startAccount([], { ads: mixedAds(ACCOUNT_ADS) });
  try {
    const clean = await runSuite({ env: account.env, files: ACCOUNT_FILES, timeoutMs: 600_000 });
    const count = (status: string): number => clean.tests.filter((test) => test.status === status).length;
    const failed = clean.tests.filter((test) => test.status === 'failed').map((test) => test.title);
    const seconds = Math.round((performance.now() - started) / 1000);
    const line = `clean sandbox, account mode (${ACCOUNT_ADS} ads): ${clean.tests.length} listing tests, ${count('passed')} passed, ${count('skipped')} skipped, ${failed.length} failed${failed.length > 0 ? `: ${failed.join('; ')}` : ''} (${seconds} s)`;
    console.log(line);
    return { line, failed: failed.length + (clean.tests.length === 0 ? 1 : 0) };
  } finally {
    await account.close();
  }
}
