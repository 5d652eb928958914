import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FullResult, Reporter } from '@playwright/test/reporter';
import {
  BROKEN_ENVIRONMENT_PATTERN,
  PREFLIGHT_CAUSE_VARIABLE,
  SET_UP_FAILED_PATTERN,
} from '../target/broken-environment.js';
import { junitSkipsAsBroken } from './junit-broken.js';
import { environment } from '../../config/environment.js';

interface AllureResult {
  status?: string;
  statusDetails?: { message?: string; trace?: string };
}

/**
 * allure-playwright marks every failed test "failed" and uses the stack as its trace. A test that
 * ended on a broken environment, or on a set-up step that could not proceed, is rewritten
 * "broken", with the one-line cause as its message and the details (never a stack) as its trace,
 * so that Allure counts it apart from conformance failures and files it under "Broken
 * environment". Listed after allure-playwright: Playwright ends reporters in order, so the
 * results are all written by then.
 */
export default class BrokenEnvironmentReporter implements Reporter {
  private readonly resultsDir: string;
  private readonly junitFile: string | undefined;

  constructor(options: { resultsDir?: string; junitFile?: string } = {}) {
    this.resultsDir = options.resultsDir ?? 'reports/allure-results';
    this.junitFile = options.junitFile;
  }

  /**
   * When global setup found no usable target, every test was skipped at once with the cause
   * (fixtures/worker.ts): the run then fails, and the JUnit file shows each test as an error, so
   * that no dashboard reads a dead target as a run with nothing wrong.
   */
  onEnd(): Promise<{ status?: FullResult['status'] } | undefined> {
    if (existsSync(this.resultsDir)) {
      for (const name of readdirSync(this.resultsDir)) {
        if (name.endsWith('-result.json')) markBroken(join(this.resultsDir, name));
      }
    }
    const cause = environment()[PREFLIGHT_CAUSE_VARIABLE] ?? '';
    if (cause === '') return Promise.resolve(undefined);
    if (this.junitFile !== undefined && existsSync(this.junitFile))
      writeFileSync(this.junitFile, junitSkipsAsBroken(readFileSync(this.junitFile, 'utf8')));
    return Promise.resolve({ status: 'failed' });
  }

  printsToStdio(): boolean {
    return false;
  }
}

export function markBroken(file: string): void {
  const result = JSON.parse(readFileSync(file, 'utf8')) as AllureResult;
  const message = result.statusDetails?.message ?? '';
  const setUp = SET_UP_FAILED_PATTERN.test(message);
  // A skip with the broken headline is a test stopped by global setup's preflight (fixtures/worker.ts).
  const stoppedByPreflight = result.status === 'skipped' && BROKEN_ENVIRONMENT_PATTERN.test(message);
  const failedBroken = result.status === 'failed' && (setUp || BROKEN_ENVIRONMENT_PATTERN.test(message));
  if (!stoppedByPreflight && !failedBroken) return;
  const [headline = message, ...details] = message.split('\n');
  result.status = 'broken';
  result.statusDetails = {
    message: headline,
    trace: [
      setUp
        ? "A set-up step could not proceed: the test's own requirement was not checked (the step's own tests report why)."
        : 'An environment problem, not a conformance failure.',
      ...details,
    ].join('\n'),
  };
  writeFileSync(file, JSON.stringify(result));
}
