/**
 * `npm run mutants -- --mode account`: the kill matrix against a target without test helpers.
 * For each fault a sandbox is started with it, its helpers make an account like a real
 * one (embedded/account.ts: clients, users, and a user owning 450 ads of mixed statuses), and the
 * listing and notification suites run told only the TARGET_* variables (and the status-change
 * command, whose own variables carry the helpers' key). What they kill is what the invariants see
 * without knowing the seed.
 */
import { HELPER_STATUS_CHANGE_COMMAND, secondUserAds, startAccount } from '../embedded/account.js';
import { runSuite } from '../embedded/run-suite.js';
import { mixedAds } from '../helpers/clients/mixed-ads.js';
import { FAULTS, type FaultName } from '../sandbox/faults.js';
import { runKill, type KillVerdict } from './kill-matrix.js';

/** Enough for pages of 200 to follow each other (the default page is full, the last one short). */
export const ACCOUNT_ADS = 450;
export const ACCOUNT_FILES = ['suites/listing', 'suites/notifications'] as const;
/**
 * The faults of the deliveries (section 6), seen in account mode through the status-change command:
 * the account's ads change by TARGET_STATUS_CHANGE_COMMAND, as on a marketplace.
 */
export const DELIVERY_FAULTS = [
  'notify-none',
  'notify-duplicate',
  'notify-no-token',
  'notify-old-status',
  'notify-old-url-after-update',
  'notify-after-delete',
  'notify-other-user',
  'notify-text-plain',
  'notify-unknown-status-dropped',
] as const satisfies readonly FaultName[];

/** How long a delivery is waited for: the sandbox delivers at once, a fault that drops one costs this. */
const DELIVERY_TIMEOUT_S = '15';

/** An account like a real one: its ads, a second user's, and the command that changes their statuses. */
function accountOf(faults: readonly FaultName[]): ReturnType<typeof startAccount> {
  return startAccount(faults, {
    ads: mixedAds(ACCOUNT_ADS),
    ads2: secondUserAds(40),
    statusChangeCommand: HELPER_STATUS_CHANGE_COMMAND,
    env: { TARGET_DELIVERY_TIMEOUT: DELIVERY_TIMEOUT_S },
  });
}

/** The faults of the listing and of the deliveries: account mode's default. */
export function listingFaults(): FaultName[] {
  return [
    ...(Object.keys(FAULTS) as FaultName[]).filter((name) => name.startsWith('listing-')),
    ...DELIVERY_FAULTS,
  ];
}

/** One fault in account mode; a survivor's line counts the tests that skipped for want of data. */
export async function runFaultInAccount(fault: FaultName): Promise<KillVerdict> {
  const account = await accountOf([fault]);
  try {
    // Each change is a process: a fault that drops deliveries costs TARGET_DELIVERY_TIMEOUT per wait.
    const { verdict, run } = await runKill(fault, {
      target: account.env,
      files: ACCOUNT_FILES,
      timeoutMs: 1_500_000,
    });
    const skipped = run.tests.filter((test) => test.status === 'skipped').length;
    console.log(
      `${verdict.status === 'killed' ? 'killed  ' : 'SURVIVED'} ${fault} (${verdict.testsRun} tests, ${skipped} skipped, ${verdict.seconds} s)`,
    );
    return verdict;
  } finally {
    await account.close();
  }
}

/** The listing and notification suites against the clean sandbox in account mode: none may fail. */
export async function cleanAccountRun(): Promise<{ line: string; failed: number }> {
  const started = performance.now();
  const account = await accountOf([]);
  try {
    const clean = await runSuite({ env: account.env, files: ACCOUNT_FILES, timeoutMs: 600_000 });
    const count = (status: string): number => clean.tests.filter((test) => test.status === status).length;
    const failed = clean.tests.filter((test) => test.status === 'failed').map((test) => test.title);
    const seconds = Math.round((performance.now() - started) / 1000);
    const line = `clean sandbox, account mode (${ACCOUNT_ADS} ads): ${clean.tests.length} listing and notification tests, ${count('passed')} passed, ${count('skipped')} skipped, ${failed.length} failed${failed.length > 0 ? `: ${failed.join('; ')}` : ''} (${seconds} s)`;
    console.log(line);
    return { line, failed: failed.length + (clean.tests.length === 0 ? 1 : 0) };
  } finally {
    await account.close();
  }
}
