import { mkdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FullResult, Reporter } from '@playwright/test/reporter';
import { attachToAllure } from './allure-drift.js';
import {
  compareWithBaseline,
  nothingObservedLine,
  profileFiles,
  profileSummary,
  writeProfile,
} from './collect.js';
import { observationsDir } from './observe.js';
import { environment, settings } from '../../config/environment.js';

/**
 * The run's observed profile: clears the workers' observation files before the tests, and at the
 * end, when the run observed something, writes reports/observed.json, compares it with
 * CONFORMANCE_BASELINE (drift.json, drift.md, an Allure entry) and prints the drift line. With
 * CONFORMANCE_DRIFT_FAILS=1 a change fails the run. Listed after the Allure reporters: its entry is
 * written once theirs are.
 */
export default class ProfileReporter implements Reporter {
  private readonly reportsDir: string;
  private readonly resultsDir: string;

  constructor(options: { reportsDir?: string; resultsDir?: string } = {}) {
    this.reportsDir = options.reportsDir ?? 'reports';
    this.resultsDir = options.resultsDir ?? `${this.reportsDir}/allure-results`;
  }

  onBegin(): void {
    rmSync(observationsDir({ REPORTS_DIR: this.reportsDir }), { recursive: true, force: true });
  }

  onEnd(): Promise<{ status?: FullResult['status'] } | undefined> {
    mkdirSync(this.reportsDir, { recursive: true });
    const profile = writeProfile(
      observationsDir({ REPORTS_DIR: this.reportsDir }),
      this.reportsDir,
      new Date().toISOString(),
    );
    const files = profileFiles(this.reportsDir);
    if (profile === null) {
      console.log(nothingObservedLine(resolve(files.observed)));
      return Promise.resolve(undefined);
    }
    console.log(profileSummary(profile, resolve(files.observed)));
    const comparison = compareWithBaseline(profile, this.reportsDir, environment());
    const fails = settings().CONFORMANCE_DRIFT_FAILS && (comparison?.changes?.length ?? 0) > 0;
    attachToAllure(this.resultsDir, files, comparison, fails);
    if (comparison !== null) console.log(comparison.line);
    return Promise.resolve(fails ? { status: 'failed' } : undefined);
  }

  printsToStdio(): boolean {
    return true;
  }
}
