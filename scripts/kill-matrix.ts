/**
 * The one fault-kill harness, used by `npm run mutants` (every fault of the catalogue) and by
 * selftest/fault-detection.spec.ts (a chosen few, in every `npm test`). A fault is started alone in
 * an embedded sandbox, the conformance tests tagged with its requirements run against it, and the
 * fault is killed when a failing test names one of those requirements: the checks fail, and fail for
 * the right reason. Keyed by requirement ids, never by test titles.
 */
import { FAULTS, type FaultName } from '../sandbox/faults.js';
import { runSuite, type SuiteRunResult, type TestVerdict } from '../embedded/run-suite.js';
import { idPattern, requirementGrep } from '../embedded/requirement-grep.js';

export interface KillVerdict {
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

export interface KillRunOptions {
  /**
   * A Playwright --grep of tags (embedded/requirement-grep.ts) instead of every test tagged with the
   * fault's requirements: a quick subset (the self-test's), judged by the same rule.
   */
  grep?: string;
  timeoutMs?: number;
  /**
   * A target that already has the fault (account mode, embedded/account.ts): the nested run is told
   * only these variables and starts no sandbox of its own.
   */
  target?: Readonly<Record<string, string>>;
  /** Test files or folders to run: all of suites/ when absent. */
  files?: readonly string[];
}

export interface KillRun {
  verdict: KillVerdict;
  /** Every test's verdict and the nested run's output, for the checks a caller adds. */
  run: SuiteRunResult;
}

/** Whether a test failed naming one of the ids in its message. */
export function failsNaming(verdict: TestVerdict, ids: readonly string[]): boolean {
  return verdict.status === 'failed' && ids.some((id) => new RegExp(idPattern(id)).test(verdict.message));
}

/** The verdict on one fault from the tests that ran against it. */
export function judgeKill(fault: FaultName, tests: readonly TestVerdict[], seconds: number): KillVerdict {
  const { requirements, description } = FAULTS[fault];
  const failed = tests.filter((verdict) => verdict.status === 'failed');
  const killers = failed.filter((verdict) => failsNaming(verdict, requirements));
  return {
    fault,
    requirements,
    description,
    status: killers.length > 0 ? 'killed' : 'survived',
    killedBy: killers.map((verdict) => verdict.title),
    otherFailures:
      tests.length === 0
        ? ['(no test ran)']
        : failed.filter((verdict) => !killers.includes(verdict)).map((verdict) => verdict.title),
    testsRun: tests.length,
    seconds: Math.round(seconds),
  };
}

/** Runs the tests of the fault's requirements (or the subset asked for) against the fault alone. */
export async function runKill(fault: FaultName, options: KillRunOptions = {}): Promise<KillRun> {
  const started = performance.now();
  const grep = options.grep ?? requirementGrep(FAULTS[fault].requirements);
  const run = await runSuite({
    faults: options.target === undefined ? [fault] : [],
    grep,
    timeoutMs: options.timeoutMs ?? 600_000,
    ...(options.target === undefined ? {} : { env: options.target }),
    ...(options.files === undefined ? {} : { files: options.files }),
  });
  return { verdict: judgeKill(fault, run.tests, (performance.now() - started) / 1000), run };
}
